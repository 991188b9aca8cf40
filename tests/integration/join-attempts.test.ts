/**
 * The join limit through the API: each join_company call is its own request and transaction, so
 * these prove what the pgTAP file cannot, that wrong codes stay logged between requests (they are
 * answered with null, not an error that would roll the log back) and that the gateway hands the
 * caller's address to the database in x-forwarded-for, as hosted Supabase does.
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { serviceClient } from '../support/clients.ts';
import { companyCode, signUpCompany, signUpWorker, type Account } from './helpers.ts';

const TOO_MANY = 'Too many incorrect company codes. Try again in an hour.';

/** An address from a documentation range, different on every run (the log outlives the test). */
function testAddress(): string {
  return `2001:db8:${randomInt(0xffff).toString(16)}::${randomInt(1, 0xffff).toString(16)}`;
}

function join(worker: Account, code: string, forwardedFor?: string) {
  const call = worker.client.rpc('join_company', { code });
  return forwardedFor ? call.setHeader('X-Forwarded-For', forwardedFor) : call;
}

async function loggedAddresses(worker: Account): Promise<(string | null)[]> {
  const { data, error } = await serviceClient()
    .from('join_attempts')
    .select('client_ip')
    .eq('staff_id', worker.userId)
    .order('id');
  if (error) throw error;
  return (data as { client_ip: string | null }[]).map((row) => row.client_ip);
}

describe('join_company limit through the API', () => {
  it('answers ten wrong codes with null and refuses the eleventh request with HTTP 429', async () => {
    const company = await signUpCompany('limit-agency');
    const code = await companyCode(company);
    const worker = await signUpWorker('limit-worker');

    for (let i = 0; i < 10; i += 1) {
      const { data, error } = await join(worker, `W${i}~~`);
      expect(error).toBeNull();
      expect(data).toBeNull();
    }
    const refused = await join(worker, code);
    expect(refused.status).toBe(429);
    expect(refused.error).toMatchObject({ code: 'PT429', message: TOO_MANY });
    expect(refused.data).toBeNull();

    const { data: employers } = await worker.client.rpc('my_employers');
    expect(employers).toEqual([]);
    expect(await loggedAddresses(worker)).toHaveLength(10);
  });

  it('logs the first x-forwarded-for entry, or the socket address the gateway appends', async () => {
    const company = await signUpCompany('ip-agency');
    const code = await companyCode(company);
    const worker = await signUpWorker('ip-worker');
    const client = testAddress();

    expect((await join(worker, '~~~~')).data).toBeNull();
    expect((await join(worker, code, client)).data).toBe(company.userId);

    expect(await loggedAddresses(worker)).toEqual(['127.0.0.1', client]);
  });

  it('limits one address across workers', async () => {
    const company = await signUpCompany('shared-agency');
    const code = await companyCode(company);
    const address = testAddress();
    const first = await signUpWorker('shared-a');
    const second = await signUpWorker('shared-b');
    const third = await signUpWorker('shared-c');

    for (const worker of [first, second]) {
      for (let i = 0; i < 5; i += 1) expect((await join(worker, `S${i}~~`, address)).data).toBeNull();
    }
    const refused = await join(third, code, address);
    expect(refused.error).toMatchObject({ code: 'PT429', message: TOO_MANY });
    expect((await join(third, code, testAddress())).data).toBe(company.userId);
  });
});
