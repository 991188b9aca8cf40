import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveCompany, listShifts, type StaffSession } from './operations.ts';

const MAPLE = '11111111-1111-4111-8111-111111111111';
const PRAIRIE = '33333333-3333-4333-8333-333333333333';
const GONE = '44444444-4444-4444-8444-444444444444';
const WORKER = '55555555-5555-4555-8555-555555555555';

interface FakeDatabase {
  employers: { company_id: string; company_name: string; added_at: string }[];
  open: { id: string; company_id: string; starts_at: string; ends_at: string }[];
  mine: { id: string; company_id: string; accepted_by: string; status: string }[];
}

/** A worker's client answering the home list's reads from `db` (the board: open, then mine), counting each RPC. */
function fakeSession(db: FakeDatabase): { session: StaffSession; calls: string[] } {
  const calls: string[] = [];
  const rpc = (name: string) => {
    calls.push(name);
    if (name === 'my_employers') return Promise.resolve({ data: db.employers, error: null });
    if (name === 'my_shift_board') {
      const board = [...db.open.map((shift) => ({ ...shift, status: 'Pending' })), ...db.mine];
      return Promise.resolve({ data: board, error: null });
    }
    if (name === 'leave_company') return Promise.resolve({ data: null, error: null });
    throw new Error(`unexpected rpc ${name}`);
  };
  const client = { rpc } as unknown as StaffSession['client'];
  return { session: { client, userId: WORKER, email: 'sam@example.com' }, calls };
}

const open = (id: string, companyId: string) => ({
  id,
  company_id: companyId,
  starts_at: '2026-11-28T14:00:00Z',
  ends_at: '2026-11-28T22:00:00Z',
});

afterEach(() => {
  vi.useRealTimers();
});

describe('listShifts: employer names kept as the app keeps its agencies list', () => {
  it('reads the employers once, not on every home list', async () => {
    const db: FakeDatabase = {
      employers: [{ company_id: MAPLE, company_name: 'Maple Leaf Home Care', added_at: '2026-01-01' }],
      open: [open('a', MAPLE)],
      mine: [],
    };
    const { session, calls } = fakeSession(db);
    expect((await listShifts(session)).map((s) => s.companyName)).toEqual(['Maple Leaf Home Care']);
    expect((await listShifts(session)).map((s) => s.companyName)).toEqual(['Maple Leaf Home Care']);
    expect(calls.filter((c) => c === 'my_employers')).toHaveLength(1);
    expect(calls.filter((c) => c === 'my_shift_board')).toHaveLength(2);
  });

  it('reads them again for an agency it has not seen, and names a former employer once known', async () => {
    const db: FakeDatabase = {
      employers: [{ company_id: MAPLE, company_name: 'Maple Leaf Home Care', added_at: '2026-01-01' }],
      open: [open('a', MAPLE)],
      mine: [],
    };
    const { session, calls } = fakeSession(db);
    await listShifts(session);
    // Joined elsewhere (in the app, say) and a shift of theirs is listed.
    db.employers.push({ company_id: PRAIRIE, company_name: 'Prairie Support Services', added_at: '2026-02-01' });
    db.open.push(open('b', PRAIRIE));
    expect((await listShifts(session)).map((s) => s.companyName)).toEqual([
      'Maple Leaf Home Care',
      'Prairie Support Services',
    ]);
    // A shift the worker holds at an agency they no longer work for.
    db.mine.push({ id: 'c', company_id: GONE, accepted_by: WORKER, status: 'Assigned' });
    expect((await listShifts(session)).find((s) => s.id === 'c')?.companyName).toBe('Former employer');
    expect((await listShifts(session)).find((s) => s.id === 'c')?.companyName).toBe('Former employer');
    expect(calls.filter((c) => c === 'my_employers')).toHaveLength(3);
  });

  it('reads them again after leaving an agency and after the app’s two minutes', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z') });
    const db: FakeDatabase = {
      employers: [
        { company_id: MAPLE, company_name: 'Maple Leaf Home Care', added_at: '2026-01-01' },
        { company_id: PRAIRIE, company_name: 'Prairie Support Services', added_at: '2026-02-01' },
      ],
      open: [open('a', MAPLE)],
      mine: [{ id: 'c', company_id: PRAIRIE, accepted_by: WORKER, status: 'Assigned' }],
    };
    const { session, calls } = fakeSession(db);
    await listShifts(session);
    await leaveCompany(session, PRAIRIE);
    db.employers.pop();
    expect((await listShifts(session)).find((s) => s.id === 'c')?.companyName).toBe('Former employer');
    const afterLeaving = calls.filter((c) => c === 'my_employers').length;

    db.employers[0] = { company_id: MAPLE, company_name: 'Maple Leaf Care', added_at: '2026-01-01' };
    vi.setSystemTime(new Date('2026-11-27T12:01:59Z'));
    expect((await listShifts(session)).find((s) => s.id === 'a')?.companyName).toBe('Maple Leaf Home Care');
    vi.setSystemTime(new Date('2026-11-27T12:04:00Z'));
    expect((await listShifts(session)).find((s) => s.id === 'a')?.companyName).toBe('Maple Leaf Care');
    expect(calls.filter((c) => c === 'my_employers')).toHaveLength(afterLeaving + 1);
  });
});
