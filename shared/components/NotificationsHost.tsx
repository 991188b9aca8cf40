import { Notifications } from '@mantine/notifications';

/** Distance between the tops of two stacked toasts (SPEC §9): 35 px of one-line toast plus 8 px. */
export const TOAST_STACK_OFFSET_PX = 43;
export const TOAST_LIFETIME_MS = 7000;

/**
 * Toasts stack from the top centre and stay 7 seconds (SPEC §4). Mantine appends new toasts below
 * older ones; the reversed column puts the newest on top.
 */
export function NotificationsHost() {
  return (
    <Notifications
      position="top-center"
      autoClose={TOAST_LIFETIME_MS}
      limit={5}
      styles={{
        root: { display: 'flex', flexDirection: 'column-reverse', gap: TOAST_STACK_OFFSET_PX - 35 },
        notification: { marginTop: 0, minHeight: 35 },
      }}
    />
  );
}
