/**
 * The functions' secrets name the default local ports; a stack on other ports maps them to its
 * own, so Stripe's success URL and the billing portal's return link reach the dashboard that is
 * actually running (STACK_APP_PORT), invitation links its staff app (STACK_STAFF_APP_PORT), and
 * production values are left alone.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function withPorts(app: string, standins: string, staffApp = '5198') {
  vi.stubEnv('STACK_APP_PORT', app);
  vi.stubEnv('STACK_STAFF_APP_PORT', staffApp);
  vi.stubEnv('STACK_STANDINS_PORT', standins);
  vi.resetModules();
  return (await import('./deno.ts')).localOrigin;
}

describe('localOrigin', () => {
  it('maps SITE_URL, STAFF_APP_URL and the stand-ins to the ports this stack runs on', async () => {
    const localOrigin = await withPorts('5199', '55990');
    expect(localOrigin('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5199');
    expect(localOrigin('http://localhost:5173/dashboard')).toBe('http://127.0.0.1:5199/dashboard');
    expect(localOrigin('http://127.0.0.1:5174')).toBe('http://127.0.0.1:5198');
    expect(localOrigin('http://localhost:5174/accept-invite')).toBe('http://127.0.0.1:5198/accept-invite');
    expect(localOrigin('http://127.0.0.1:54390/--/api/v2/push/send')).toBe(
      'http://127.0.0.1:55990/--/api/v2/push/send',
    );
  });

  it('leaves other hosts, other ports and production URLs as they are', async () => {
    const localOrigin = await withPorts('5199', '55990');
    expect(localOrigin('https://app.carecover.example')).toBe('https://app.carecover.example');
    expect(localOrigin('http://127.0.0.1:51730')).toBe('http://127.0.0.1:51730');
    expect(localOrigin('http://127.0.0.1:51740')).toBe('http://127.0.0.1:51740');
    expect(localOrigin('sk_test_local_carecover')).toBe('sk_test_local_carecover');
  });
});
