/**
 * This device's Web Push subscription, through the service worker. The subscription is bound to
 * the project's VAPID public key, so only sendnotification (which holds the private half) can
 * push to it.
 */
export class PushUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushUnavailableError';
  }
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const bytes = atob(base64);
  const key = new Uint8Array(new ArrayBuffer(bytes.length));
  for (let i = 0; i < bytes.length; i += 1) key[i] = bytes.charCodeAt(i);
  return key;
}

export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** Whether this page has a service worker to receive pushes (production builds register one). */
export async function hasServiceWorker(): Promise<boolean> {
  if (!isPushSupported()) return false;
  return (await navigator.serviceWorker.getRegistration()) !== undefined;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function subscribeThisDevice(): Promise<PushSubscription> {
  const vapidKey = import.meta.env.VITE_VAPID_PUBLIC_KEY;
  if (!isPushSupported())
    throw new PushUnavailableError(
      'This browser cannot show notifications. Add CareCover Staff to your home screen, then try again.',
    );
  if (!vapidKey) throw new PushUnavailableError('Notifications are not set up for this CareCover installation.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new PushUnavailableError(
      'Notifications are blocked for CareCover Staff. Allow them in your browser settings, then try again.',
    );
  // Only the production build registers the service worker (not the dev server); waiting on
  // `ready` without one would never end.
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration)
    throw new PushUnavailableError(
      'Notifications work in the installed app. Open CareCover Staff from its usual address and try again.',
    );
  try {
    return await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(vapidKey),
    });
  } catch {
    throw new PushUnavailableError('This phone could not turn on notifications. Check your connection and try again.');
  }
}
