/// <reference lib="dom" />
/**
 * New-shift pushes on a worker's phone, from the staff app's Profile to a delivered, decrypted push:
 * Turn on here saves this device's subscription, the agency's post reaches it through
 * sendnotification, the setting survives a reload, and Turn off here deletes it so the next post
 * reaches nothing.
 *
 * Headless Chromium's own push service (FCM) is out of reach here, so the page's PushManager hands
 * out a subscription of the local push stand-in instead (what FCM would hand out: an endpoint and
 * the device's P-256 and auth keys). Everything after that is real: the app's code, the RPCs and
 * RLS, sendnotification's VAPID-signed aes128gcm push, and the stand-in decrypting it with the
 * device's private key.
 */

import { describe, expect, it } from 'vitest';
import { standinsUrl } from '../../stack/src/config.ts';
import { anonClient, superuser, TEST_PASSWORD } from '../support/clients.ts';
import { createCompany, postShiftAs, type TestCompany } from './dashboard-fixtures.ts';
import { signUpWorker, staffAppSuite } from './staff-fixtures.ts';
import { expectAlert, MOBILE, seriousViolations } from './helpers.ts';

interface Subscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

const suite = staffAppSuite();
const { companies, workers } = suite;

/** Posts a shift and notifies as Shift Call does (insert, then sendnotification). */
async function post(company: TestCompany): Promise<void> {
  await postShiftAs(company, { skill: 'Palliative care' }, { startsInMs: 3 * 3_600_000 });
  const client = anonClient();
  await client.auth.setSession(company.session as { access_token: string; refresh_token: string });
  const sent = await client.functions.invoke('sendnotification', { body: { companyID: company.id } });
  if (sent.error) throw sent.error;
}

async function delivered(sub: Subscription): Promise<{ payload: { body?: string } }[]> {
  const res = await fetch(`${standinsUrl}/webpush/pushes?endpoint=${encodeURIComponent(sub.endpoint)}`);
  return (await res.json()) as { payload: { body?: string } }[];
}

describe('CareCover Staff: push on this phone', () => {
  it('turns on, receives a post, survives a reload, and turns off', async () => {
    const company = await createCompany('staff-push', { premium: true, timeZone: 'America/Toronto' });
    companies.push(company);
    const noor = await signUpWorker('Noor', company);
    workers.push(noor);
    const { email } = noor;
    const sub = (await (await fetch(`${standinsUrl}/webpush/subscribe`, { method: 'POST' })).json()) as Subscription;

    const context = await suite.browser.newContext({ viewport: MOBILE, permissions: ['notifications'] });
    await context.addInitScript((given: Subscription) => {
      // Kept in localStorage, as the suite.browser keeps a real subscription across reloads.
      const make = (): PushSubscription =>
        ({
          endpoint: given.endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: null },
          getKey: () => null,
          toJSON: () => given,
          unsubscribe: async () => {
            localStorage.removeItem('test-push-subscription');
            return true;
          },
        }) as unknown as PushSubscription;
      PushManager.prototype.subscribe = async () => {
        localStorage.setItem('test-push-subscription', '1');
        return make();
      };
      PushManager.prototype.getSubscription = async () =>
        localStorage.getItem('test-push-subscription') ? make() : null;
    }, sub);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${suite.staffApp.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.locator('input[type=password]').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Open shifts' }).waitFor();
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByText('This phone does not get alerts yet.').waitFor();
    await page.getByRole('button', { name: 'Turn on here' }).click();
    await expectAlert(page, 'Notifications on');
    await page.getByText('This phone gets alerts.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await post(company);
    await expect.poll(async () => (await delivered(sub)).length).toBe(1);
    expect((await delivered(sub))[0]?.payload.body).toBe('Your employer just posted a new shift. View in home page');

    // A reload finds the same subscription: still on.
    await page.reload();
    await page.getByText('This phone gets alerts.').waitFor();

    await page.getByRole('button', { name: 'Turn off here' }).click();
    await page.getByText('This phone does not get alerts yet.').waitFor();
    const db = await superuser();
    try {
      const { rows } = await db.query('select 1 from public.web_push_subscriptions where endpoint = $1', [
        sub.endpoint,
      ]);
      expect(rows).toEqual([]);
    } finally {
      await db.end();
    }
    await post(company);
    // The second post's in-app notification arrives; no second push does.
    const own = anonClient();
    expect((await own.auth.signInWithPassword({ email, password: TEST_PASSWORD })).error).toBeNull();
    await expect.poll(async () => (await own.from('notifications').select('id')).data?.length ?? 0).toBe(2);
    expect(await delivered(sub)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
