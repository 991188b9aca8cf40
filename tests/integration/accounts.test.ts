/** Sign-up through supabase-js creates the right profile row, and log-in can tell workers apart. */
import { describe, expect, it } from 'vitest';
import { companyCode, signUpCompany, signUpWorker, typedAnonClient } from './helpers.ts';

const CODE_ALPHABET = /^[A-Za-z0-9!@#$&*()_+\-<>?]{4}$/;

describe('accounts', () => {
  it('a company sign-up creates its companies row with a 4-character code only its owner can read', async () => {
    const company = await signUpCompany('agency');
    const other = await signUpCompany('other-agency');

    const { data, error } = await company.client.from('companies').select('*').eq('id', company.userId).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: company.userId,
      email: company.email,
      premium: false,
      feedback_given: false,
      free_shifts_used: 0,
    });
    expect(data?.company_code).toMatch(CODE_ALPHABET);

    // Another company, a worker employed by this company, and anon see nothing of it.
    const worker = await signUpWorker('employee', await companyCode(company));
    for (const client of [other.client, worker.client, typedAnonClient()]) {
      const seen = await client.from('companies').select('id, company_code').eq('id', company.userId);
      expect(seen.data ?? []).toEqual([]);
    }
    const own = await other.client.from('companies').select('id');
    expect(own.data).toEqual([{ id: other.userId }]);
  });

  it('rpc("account_type") tells a worker account apart from a company account', async () => {
    const company = await signUpCompany('typed-agency');
    const worker = await signUpWorker('typed-worker');

    expect((await company.client.rpc('account_type')).data).toBe('company');
    expect((await worker.client.rpc('account_type')).data).toBe('staff');

    const { data: profile } = await worker.client.from('staff').select('first_name, last_name, phone').single();
    expect(profile).toEqual({ first_name: 'Test', last_name: 'typed-worker', phone: '4165550100' });
    expect((await worker.client.from('companies').select('id')).data).toEqual([]);
  });

  it('a worker signing up with a company code is employed by that company', async () => {
    const company = await signUpCompany('hiring-agency');
    const worker = await signUpWorker('new-hire', await companyCode(company));

    const { data } = await company.client.from('company_staff').select('id, email, added_at');
    expect(data).toEqual([{ id: worker.userId, email: worker.email, added_at: expect.any(String) }]);
  });
});
