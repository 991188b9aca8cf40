import { Notifications } from '@mantine/notifications';

/** Toasts stack from the top centre and stay 7 seconds (SPEC §4). */
export function NotificationsHost() {
  return <Notifications position="top-center" autoClose={7000} limit={5} />;
}
