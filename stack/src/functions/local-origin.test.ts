/**
 * The functions' secrets name the default local ports; a stack on other ports maps them to its
 * own, so Stripe's success URL and the billing portal's return link reach the dashboard that is
 * actually running (STACK_APP_PORT), and production values are left alone.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function withPorts(app: string, standins: string) {
  vi.stubEnv('STACK_APP_PORT', app);
  vi.stubEnv('STACK_STANDINS_PORT', standins);
  vi.resetModules();
  return (await import('./deno.ts')).localOrigin;
}

describe('localOrigin', () => {
  it('maps SITE_URL and the stand-ins to the ports this stack runs on', async () => {
    const localOrigin = await withPorts('5199', '55990');
    expect(localOrigin('http://127.0.0.1:5173')).toBe('http://127.0.0.1:5199');
    expect(localOrigin('http://localhost:5173/dashboard')).toBe('http://127.0.0.1:5199/dashboard');
    expect(localOrigin('http://127.0.0.1:54390/--/api/v2/push/send')).toBe(
      'http://127.0.0.1:55990/--/api/v2/push/send',
    );
  });

  it('leaves other hosts, other ports and production URLs as they are', async () => {
    const localOrigin = await withPorts('5199', '55990');
    expect(localOrigin('https://app.carecover.example')).toBe('https://app.carecover.example');
    expect(localOrigin('http://127.0.0.1:51730')).toBe('http://127.0.0.1:51730');
    expect(localOrigin('sk_test_local_carecover')).toBe('sk_test_local_carecover');
  });
});
