/**
 * What CareCover Staff's My credentials screen may read (issue 28): through supabase-js as each
 * account, a worker of two agencies reads the credentials both recorded for them and nothing about
 * a colleague who works for the same two agencies; each agency reads only its own records; and a
 * worker who leaves an agency still reads what it recorded, without the agency's name. The policy
 * rows one by one are in pgTAP (supabase/tests/database/25-staff-qualifications.test.sql).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { companyCode, signUpCompany, signUpWorker, type Account } from './helpers.ts';

async function record(agency: Account, staffId: string, credentialType: string, expiresOn: string): Promise<string> {
  const { data, error } = await agency.client
    .from('staff_credentials')
    .insert({ staff_id: staffId, credential_type: credentialType, expires_on: expiresOn })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

/** Every credential row the account can read, with no filter: what RLS lets through. */
async function readable(account: Account) {
  const { data, error } = await account.client
    .from('staff_credentials')
    .select('id, company_id, staff_id, credential_type')
    .order('credential_type');
  if (error) throw error;
  return data;
}

describe('reading credentials as a worker of two agencies', () => {
  let north: Account;
  let south: Account;
  let ana: Account;
  let ben: Account;
  const ids = { anaNorth: '', anaSouth: '', benNorth: '', benSouth: '' };

  beforeAll(async () => {
    [north, south] = await Promise.all([signUpCompany('cred-north'), signUpCompany('cred-south')]);
    const [northCode, southCode] = await Promise.all([companyCode(north), companyCode(south)]);
    [ana, ben] = await Promise.all([signUpWorker('cred-ana', northCode), signUpWorker('cred-ben', northCode)]);
    for (const worker of [ana, ben]) {
      const { error } = await worker.client.rpc('join_company', { code: southCode });
      if (error) throw error;
    }
    ids.anaNorth = await record(north, ana.userId, 'CPR/First aid', '2030-01-31');
    ids.anaSouth = await record(south, ana.userId, 'TB test', '2020-06-30');
    ids.benNorth = await record(north, ben.userId, 'Nursing licence', '2031-05-01');
    ids.benSouth = await record(south, ben.userId, 'Police vulnerable-sector check', '2029-02-01');
  });

  it('a worker reads what both agencies recorded for them, and nothing recorded for a colleague', async () => {
    expect(await readable(ana)).toEqual([
      { id: ids.anaNorth, company_id: north.userId, staff_id: ana.userId, credential_type: 'CPR/First aid' },
      { id: ids.anaSouth, company_id: south.userId, staff_id: ana.userId, credential_type: 'TB test' },
    ]);
    expect((await readable(ben)).map((row) => row.id).sort()).toEqual([ids.benNorth, ids.benSouth].sort());
    // Asking for the colleague's rows by name finds nothing either.
    const { data, error } = await ana.client.from('staff_credentials').select('id').eq('staff_id', ben.userId);
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('each agency reads only what it recorded, not what the other agency recorded about the same workers', async () => {
    expect((await readable(north)).map((row) => row.id).sort()).toEqual([ids.anaNorth, ids.benNorth].sort());
    expect((await readable(south)).map((row) => row.id).sort()).toEqual([ids.anaSouth, ids.benSouth].sort());
  });

  it('a worker cannot change or delete what an agency recorded', async () => {
    const updated = await ana.client
      .from('staff_credentials')
      .update({ expires_on: '2099-01-01' })
      .eq('id', ids.anaSouth)
      .select('id');
    expect(updated.data ?? []).toEqual([]);
    const deleted = await ana.client.from('staff_credentials').delete().eq('id', ids.anaNorth).select('id');
    expect(deleted.data ?? []).toEqual([]);
    expect((await readable(ana)).map((row) => row.id).sort()).toEqual([ids.anaNorth, ids.anaSouth].sort());
  });

  it('after leaving an agency, the worker still reads its records of them, but no longer its name', async () => {
    const { error } = await ana.client.rpc('leave_company', { company_id: south.userId });
    expect(error).toBeNull();
    expect((await readable(ana)).map((row) => row.id).sort()).toEqual([ids.anaNorth, ids.anaSouth].sort());
    const employers = await ana.client.rpc('my_employers');
    expect(employers.error).toBeNull();
    expect((employers.data ?? []).map((row) => row.company_id)).toEqual([north.userId]);
  });
});
