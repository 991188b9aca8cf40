/**
 * Web Push end to end against the local stack: workers store subscriptions they got from the push
 * stand-in (as the staff app stores the browser's PushSubscription), a company posts a shift and
 * calls sendnotification the way the dashboard does, and the stand-in decrypts what each device
 * would receive. Employment is what counts: another company's worker and a removed worker get
 * nothing; a worker with new-shift pushes off neither; a subscription the push service dropped is
 * deleted.
 */
import { describe, expect, it } from 'vitest';
import { standinsUrl } from '../../stack/src/config.ts';
import { companyCode, postShift, signUpCompany, signUpWorker, type Account } from './helpers.ts';

interface Subscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

interface RecordedWebPush {
  endpoint: string;
  ttl: number;
  urgency: string;
  payload: unknown;
}

interface Answer {
  sent: number;
  failed: number;
  skipped: number;
  webPush?: {
    sent: number;
    failed: number;
    removed: number;
    results: { staffId: string; subscriptionId: string; status: string }[];
  };
}

/** What the browser's pushManager.subscribe() would give the staff app, from the stand-in. */
async function browserSubscription(): Promise<Subscription> {
  const res = await fetch(`${standinsUrl}/webpush/subscribe`, { method: 'POST' });
  expect(res.status).toBe(201);
  return (await res.json()) as Subscription;
}

/** The staff app saving its subscription under the worker's own session. */
async function subscribe(worker: Account): Promise<Subscription> {
  const sub = await browserSubscription();
  const { data, error } = await worker.client.rpc('save_web_push_subscription', {
    endpoint: sub.endpoint,
    p256dh: sub.keys.p256dh,
    auth: sub.keys.auth,
    user_agent: 'vitest',
  });
  expect(error).toBeNull();
  expect(data).toMatch(/^[0-9a-f-]{36}$/);
  return sub;
}

async function delivered(sub: Subscription): Promise<RecordedWebPush[]> {
  const res = await fetch(`${standinsUrl}/webpush/pushes?endpoint=${encodeURIComponent(sub.endpoint)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as RecordedWebPush[];
}

/** As src/features/shift-call/api/send-shift-notifications.ts does after posting a shift. */
async function notify(company: Account): Promise<Answer> {
  const { data, error } = await company.client.functions.invoke<Answer>('sendnotification', {
    body: { companyID: company.userId },
  });
  expect(error).toBeNull();
  return data!;
}

describe('web push through sendnotification', () => {
  it("reaches the company's workers' devices only, and stops when a worker is removed", async () => {
    const companyA = await signUpCompany('wp-agency-a');
    const companyB = await signUpCompany('wp-agency-b');
    const workerA = await signUpWorker('wp-worker-a', await companyCode(companyA));
    const workerB = await signUpWorker('wp-worker-b', await companyCode(companyB));
    const subA = await subscribe(workerA);
    const subB = await subscribe(workerB);

    // Companies never see subscriptions, not even their own staff's.
    const { data: visible } = await companyA.client.from('web_push_subscriptions').select('id');
    expect(visible).toEqual([]);

    await postShift(companyA);
    const answer = await notify(companyA);
    expect(answer.webPush).toMatchObject({ sent: 1, failed: 0, removed: 0 });
    expect(answer.webPush?.results.map((r) => r.staffId)).toEqual([workerA.userId]);

    const pushes = await delivered(subA);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({
      urgency: 'high',
      ttl: 86400,
      payload: {
        title: 'New shift available',
        body: 'Your employer just posted a new shift. View in home page',
        url: '/',
        companyId: companyA.userId,
      },
    });
    expect(await delivered(subB)).toEqual([]);

    // The worker sees when their device last took a push.
    const { data: own } = await workerA.client.from('web_push_subscriptions').select('endpoint, last_success_at');
    expect(own).toHaveLength(1);
    expect(own?.[0]?.last_success_at).not.toBeNull();

    // Removed: the next post pushes nothing to them, though their subscription still exists.
    const removed = await companyA.client.rpc('remove_staff', { staff_id: workerA.userId });
    expect(removed.error).toBeNull();
    await postShift(companyA);
    const after = await notify(companyA);
    // No subscription of the company's staff was addressed, so the answer has no webPush part.
    expect(after.webPush).toBeUndefined();
    expect(await delivered(subA)).toHaveLength(1);
    expect(await delivered(subB)).toEqual([]);
  });

  it('sends nothing to a worker with new-shift pushes off, and deletes a subscription the push service dropped', async () => {
    const company = await signUpCompany('wp-agency-c');
    const code = await companyCode(company);
    const quiet = await signUpWorker('wp-quiet', code);
    const moved = await signUpWorker('wp-moved', code);
    const quietSub = await subscribe(quiet);
    const goneSub = await subscribe(moved);
    const keptSub = await subscribe(moved);

    const off = await quiet.client.from('staff').update({ notify_new_shifts: false }).eq('id', quiet.userId);
    expect(off.error).toBeNull();
    // The browser dropped one of the moved worker's subscriptions: the push service answers 410.
    const dropped = await fetch(`${standinsUrl}/webpush/subscriptions/${goneSub.endpoint.split('/').pop()}`, {
      method: 'DELETE',
    });
    expect(dropped.status).toBe(200);

    await postShift(company);
    const answer = await notify(company);
    expect(answer.webPush).toMatchObject({ sent: 1, failed: 0, removed: 1 });
    expect(await delivered(quietSub)).toEqual([]);
    expect(await delivered(keptSub)).toHaveLength(1);

    const { data: left } = await moved.client.from('web_push_subscriptions').select('endpoint');
    expect(left).toEqual([{ endpoint: keptSub.endpoint }]);

    // The quiet worker still has the in-app notification.
    const { data: notes } = await quiet.client.from('notifications').select('id');
    expect(notes).toHaveLength(1);
  });

  it('refuses to hand one worker’s device to another', async () => {
    const company = await signUpCompany('wp-agency-d');
    const code = await companyCode(company);
    const owner = await signUpWorker('wp-owner', code);
    const intruder = await signUpWorker('wp-intruder', code);
    const sub = await subscribe(owner);
    const { error } = await intruder.client.rpc('save_web_push_subscription', {
      endpoint: sub.endpoint,
      p256dh: sub.keys.p256dh,
      auth: sub.keys.auth,
    });
    expect(error?.message).toBe(
      'This device is registered to another account. Sign out there, or turn notifications off and on again to get a new subscription',
    );
    await postShift(company);
    await notify(company);
    expect(await delivered(sub)).toHaveLength(1);
  });
});
