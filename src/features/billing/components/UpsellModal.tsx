import { useEffect } from 'react';
import { Button, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconRocket } from '@tabler/icons-react';
import { currencyForCountry, formatPlanPrice, PREMIUM_MONTHLY_PRICE } from '@shared/lib/currency.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useT } from '../../../i18n/use-t.ts';
import type { BillingOverlayProps } from '../billing-company.ts';
import { useCheckout } from '../hooks/use-checkout.ts';

const PERKS = [
  'billing.feature.unlimitedShifts',
  'billing.feature.unlimitedStaff',
  'billing.feature.unlimitedQuestions',
] as const;

/**
 * The premium upsell popup (SPEC §2): headline 'Go unlimited', text 'Unlock Premium', button
 * 'Go Premium', which starts checkout. Shown where a free plan limit is hit (shifts, staff, AI);
 * other features open it through the shell's overlay registry as 'upsell'.
 */
export function UpsellModal({ company, onClose }: BillingOverlayProps) {
  const t = useT();
  const { locale } = useLocale();
  const { isStarting, startCheckout } = useCheckout();
  const price = formatPlanPrice(PREMIUM_MONTHLY_PRICE, currencyForCountry(company.country), locale);

  useEffect(() => {
    if (company.premium) onClose();
  }, [company.premium, onClose]);

  return (
    <Modal.Root opened onClose={onClose} centered size={420} radius="lg" padding="xl">
      <Modal.Overlay />
      <Modal.Content aria-describedby="upsell-text">
        <Modal.Body>
          <Stack gap="md" align="center" ta="center">
            <ThemeIcon size={56} radius="xl" color="teal.7" aria-hidden="true">
              <IconRocket size={30} />
            </ThemeIcon>
            <Modal.Title component="h2" fz={26} fw={750}>
              {t('billing.upsell.title')}
            </Modal.Title>
            <Stack gap={4} id="upsell-text">
              <Text fw={700} size="lg">
                {t('billing.upsell.unlock')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('billing.upsell.text', { price })}
              </Text>
            </Stack>
            <List spacing={6} size="sm" center ta="left">
              {PERKS.map((perk) => (
                <List.Item
                  key={perk}
                  icon={
                    <ThemeIcon size={20} radius="xl" color="teal.7" aria-hidden="true">
                      <IconCheck size={13} stroke={3} />
                    </ThemeIcon>
                  }
                >
                  {t(perk)}
                </List.Item>
              ))}
            </List>
            <Group grow w="100%" mt="xs" wrap="wrap-reverse">
              <Button variant="default" onClick={onClose} disabled={isStarting}>
                {t('billing.upsell.notNow')}
              </Button>
              <Button loading={isStarting} onClick={startCheckout} data-autofocus>
                {t('billing.upsell.goPremium')}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
