import { Suspense, useMemo, type ReactNode } from 'react';
import { ActionIcon, Alert, Box, Group, Indicator, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconBell,
  IconBuildingCommunity,
  IconCalendarCheck,
  IconHome,
  IconUserCircle,
  IconWifiOff,
} from '@tabler/icons-react';
import { NavLink as RouterLink, useLocation } from '@shared/lib/router.tsx';
import { Logo } from '@shared/components/Logo.tsx';
import { PanelErrorBoundary } from '@shared/components/PanelErrorBoundary.tsx';
import { formatInstant } from '@shared/i18n/format.ts';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import { useT } from '../i18n/use-t.ts';
import { useSignedInStaff } from '../features/account/hooks/staff-session.ts';
import { useAgencies } from '../features/agencies/hooks/use-agencies.ts';
import { useClaimInvitesOnOpen } from '../features/invites/hooks/use-claim-invites-on-open.ts';
import { useUnreadNotifications } from '../features/notifications/hooks/use-unread-notifications.ts';
import { useShiftBoard } from '../features/shifts/hooks/use-shift-board.ts';
import { staffPaths } from '../config/paths.ts';
import { useOnline } from '../lib/use-online.ts';
import { useStaffLocale } from '../features/account/hooks/use-staff-locale.ts';
import { StaffDataContext, type StaffData } from './staff-data.ts';
import classes from './StaffShell.module.css';

const TABS = [
  { to: staffPaths.home, label: 'staff.shell.tabHome', icon: IconHome },
  { to: staffPaths.myShifts, label: 'staff.shell.tabMyShifts', icon: IconCalendarCheck },
  { to: staffPaths.agencies, label: 'staff.shell.tabAgencies', icon: IconBuildingCommunity },
  { to: staffPaths.profile, label: 'staff.shell.tabProfile', icon: IconUserCircle },
] as const;

/**
 * The signed-in frame: a top bar with the notifications bell, the screen, and a bottom tab bar a
 * thumb reaches. It owns the app's live data (agencies, shifts, unread count), so moving between
 * tabs never reloads or resubscribes.
 */
export function StaffShell({ children }: { children: ReactNode }) {
  const t = useT();
  const { locale } = useLocale();
  const { userId } = useSignedInStaff();
  useStaffLocale(userId);
  const location = useLocation();
  const isOnline = useOnline();
  const agencies = useAgencies(userId);
  const agencyInfo = useMemo(
    () => new Map((agencies.agencies ?? []).map((a) => [a.companyId, { name: a.name, timeZone: a.timeZone }])),
    [agencies.agencies],
  );
  const board = useShiftBoard(userId, agencyInfo);
  const unread = useUnreadNotifications(userId);
  const { reload: reloadAgencies } = agencies;
  const { reload: reloadBoard } = board;
  useClaimInvitesOnOpen(userId, () => void reloadAgencies().then(reloadBoard));
  const data = useMemo<StaffData>(() => ({ userId, agencies, board, unread }), [userId, agencies, board, unread]);

  return (
    <StaffDataContext.Provider value={data}>
      <Box className={classes.frame}>
        <header className={classes.top}>
          <Group justify="space-between" wrap="nowrap" h="100%" px="md">
            <Group gap={6} wrap="nowrap">
              <Logo size={28} />
              <Text fw={700} c="teal.8" size="sm">
                {t('staff.brand')}
              </Text>
            </Group>
            {/* The count is part of the bell's name; read out beside it, it would be said twice. */}
            <Indicator
              label={<span aria-hidden="true">{unread.unread > 99 ? '99+' : unread.unread}</span>}
              size={18}
              color="red"
              disabled={unread.unread === 0}
              offset={4}
            >
              <ActionIcon
                component={RouterLink}
                to={staffPaths.notifications}
                variant="subtle"
                size="lg"
                aria-label={
                  unread.unread
                    ? t('staff.shell.notificationsUnread', { count: unread.unread })
                    : t('staff.shell.notifications')
                }
              >
                <IconBell size={22} aria-hidden="true" />
              </ActionIcon>
            </Indicator>
          </Group>
        </header>
        {!isOnline && (
          <Alert
            color="gray"
            icon={<IconWifiOff size={18} aria-hidden="true" />}
            radius={0}
            role="status"
            title={t('staff.shell.offlineTitle')}
          >
            {board.loadedAt
              ? t('staff.shell.offlineAsOf', {
                  time: formatInstant(board.loadedAt, { locale, style: 'dateTime' }),
                })
              : t('staff.shell.offlineEmpty')}
          </Alert>
        )}
        {isOnline && board.isReconnecting && (
          <Text size="xs" c="dimmed" ta="center" py={4} role="status">
            {t('staff.shell.reconnecting')}
          </Text>
        )}
        <Box component="main" className={classes.main}>
          {/* The shared boundary's sentence is still English (docs/i18n.md, Where it stands). */}
          {/* eslint-disable-next-line i18next/no-literal-string */}
          <PanelErrorBoundary label="this screen" resetKey={location.pathname}>
            <Suspense
              fallback={
                <Stack gap="sm" role="status" aria-busy="true" aria-label={t('staff.shell.loading')}>
                  <Skeleton height={28} width="50%" />
                  <Skeleton height={150} radius="md" />
                </Stack>
              }
            >
              {children}
            </Suspense>
          </PanelErrorBoundary>
        </Box>
        <nav className={classes.tabs} aria-label={t('staff.shell.mainNav')}>
          {TABS.map(({ to, label, icon: Icon }) => (
            <UnstyledButton
              key={to}
              component={RouterLink}
              to={to}
              end={to === staffPaths.home}
              className={classes.tab}
            >
              <Icon size={22} aria-hidden="true" />
              <span>{t(label)}</span>
            </UnstyledButton>
          ))}
        </nav>
      </Box>
    </StaffDataContext.Provider>
  );
}
