import { useState } from 'react';
import { Box, Menu, UnstyledButton } from '@mantine/core';
import {
  IconBook,
  IconBuildingCommunity,
  IconCreditCard,
  IconLifebuoy,
  IconLogout,
  IconMessageCircle,
  IconSettings,
  IconShieldLock,
  IconUser,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { useNavigate } from '@shared/lib/router.tsx';
import { ConfirmDialog } from '@shared/components/ConfirmDialog.tsx';
import { paths, SUPPORT_EMAIL } from '@shared/config/paths.ts';
import { signOut } from '../../../features/auth/api/sign-out.ts';
import { showError, showSuccess } from '@shared/lib/toast.ts';
import type { DashboardKey } from '../../../i18n/catalogues.ts';
import { useT } from '../../../i18n/use-t.ts';
import type { OverlayName } from './overlay-names.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { LOCALE_NAMES, type Locale } from '@shared/i18n/locale.ts';

/** SPEC §9: the redirect to /login waits this long so the success toast is seen. */
export const LOGOUT_REDIRECT_MS = 500;

const OVERLAY_ITEMS: { name: OverlayName; label: DashboardKey; icon: Icon }[] = [
  { name: 'billing-portal', label: 'profileMenu.billing', icon: IconCreditCard },
  { name: 'account', label: 'profileMenu.account', icon: IconSettings },
  { name: 'agency-settings', label: 'profileMenu.agency', icon: IconBuildingCommunity },
  { name: 'tutorial', label: 'profileMenu.tutorial', icon: IconBook },
  { name: 'feedback', label: 'profileMenu.feedback', icon: IconMessageCircle },
];

interface ProfileMenuProps {
  companyName: string | null | undefined;
  onOpenOverlay: (name: OverlayName) => void;
  isRegistered: (name: OverlayName) => boolean;
  /** Switches the person's language now and stores it (companies.locale). */
  onChangeLocale: (next: Locale) => void;
}

/** The top-right menu of SPEC §2; items whose overlay is not built yet are not shown. */
export function ProfileMenu({ companyName, onOpenOverlay, isRegistered, onChangeLocale }: ProfileMenuProps) {
  const { locale } = useLocale();
  const t = useT();
  const otherLocale: Locale = locale === 'en' ? 'fr-CA' : 'en';
  const navigate = useNavigate();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const name = companyName?.trim() || t('account.defaultName');

  const logOut = async () => {
    setIsLoggingOut(true);
    try {
      await signOut();
      setIsConfirming(false);
      showSuccess(t('profileMenu.loggedOut'));
      setTimeout(() => navigate(paths.login, { replace: true }), LOGOUT_REDIRECT_MS);
    } catch {
      showError(t('profileMenu.logOutFailed'));
      setIsLoggingOut(false);
      setIsConfirming(false);
    }
  };

  return (
    <>
      <Menu position="bottom-end" width={220} shadow="md" radius="md">
        <Menu.Target>
          <UnstyledButton aria-label={t('profileMenu.label')} style={{ borderRadius: '50%' }}>
            <Box
              component="span"
              w={38}
              h={38}
              bg="teal.8"
              c="white"
              style={{ display: 'grid', placeItems: 'center', borderRadius: '50%' }}
            >
              <IconUser size={20} aria-hidden="true" />
            </Box>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{name}</Menu.Label>
          {OVERLAY_ITEMS.filter((item) => isRegistered(item.name)).map((item) => (
            <Menu.Item
              key={item.name}
              leftSection={<item.icon size={16} aria-hidden="true" />}
              onClick={() => onOpenOverlay(item.name)}
            >
              {t(item.label)}
            </Menu.Item>
          ))}
          <Menu.Item
            component="a"
            href={`mailto:${SUPPORT_EMAIL}`}
            leftSection={<IconLifebuoy size={16} aria-hidden="true" />}
          >
            {t('profileMenu.support')}
          </Menu.Item>
          {/* After SPEC's items, so their order stays SPEC's. The other language is named in
              itself (and marked so a screen reader says it right). */}
          <Menu.Item
            lang={otherLocale}
            leftSection={<IconWorld size={16} aria-hidden="true" />}
            onClick={() => onChangeLocale(otherLocale)}
          >
            {LOCALE_NAMES[otherLocale]}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            component="a"
            href={paths.privacy}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconShieldLock size={16} aria-hidden="true" />}
          >
            {t('profileMenu.policies')}
          </Menu.Item>
          <Menu.Item
            color="red.9"
            leftSection={<IconLogout size={16} aria-hidden="true" />}
            onClick={() => setIsConfirming(true)}
          >
            {t('profileMenu.logOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        isOpen={isConfirming}
        isSubmitting={isLoggingOut}
        message={t('profileMenu.logOutMessage')}
        confirmLabel={t('profileMenu.logOut')}
        confirmColor="red.8"
        onConfirm={() => void logOut()}
        onCancel={() => setIsConfirming(false)}
      />
    </>
  );
}
