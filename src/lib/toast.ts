import { notifications } from '@mantine/notifications';

/** Toast alerts (SPEC §3): a message that is either a success or an error. */
export function showSuccess(message: string): void {
  notifications.show({ message, color: 'teal', withBorder: true });
}

export function showError(message: string): void {
  notifications.show({ message, color: 'red', withBorder: true });
}
