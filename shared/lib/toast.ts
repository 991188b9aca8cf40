import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n.ts';

/**
 * The close button of a toast needs a name of its own (Mantine's is an unlabelled icon), in the
 * language active when the toast is shown.
 */
const closeButtonProps = () => ({ 'aria-label': i18n._('toast.dismiss') });

/** Toast alerts (SPEC §3): a message that is either a success or an error, with an optional title. */
export function showSuccess(message: string, title?: string): void {
  notifications.show({ message, title, color: 'teal', withBorder: true, closeButtonProps: closeButtonProps() });
}

export function showError(message: string, title?: string): void {
  notifications.show({ message, title, color: 'red', withBorder: true, closeButtonProps: closeButtonProps() });
}

/** Takes every toast down: a new session starts without the last one's messages. */
export function clearToasts(): void {
  notifications.clean();
}
