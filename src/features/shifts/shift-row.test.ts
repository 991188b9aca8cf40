import { describe, expect, it } from 'vitest';
import { applyShiftChange, mergeSnapshot, reconcileRows, toShiftRow, type ShiftRow } from './shift-row.ts';

function shift(id: string, createdAt: string, overrides: Partial<ShiftRow> = {}): ShiftRow {
  return toShiftRow({
    id,
    company_id: 'c',
    created_at: createdAt,
    staff_type: 'PSW',
    skill: 'Personal care',
    street_number: '1',
    street_name: 'King St',
    city: 'Toronto',
    province: 'ON',
    country: 'Canada',
    postal_code: 'M5H 1A1',
    starts_at: '2026-11-22T09:00:00Z',
    ends_at: '2026-11-22T17:00:00Z',
    accepted_by: null,
    accepted_at: null,
    clocked_in_at: null,
    clocked_out_at: null,
    time_done: null,
    time_done_minutes: null,
    unfilled_at: null,
    ...overrides,
  });
}

const a = shift('a', '2026-11-21T10:00:00Z');
const b = shift('b', '2026-11-21T11:00:00Z');
const c = shift('c', '2026-11-21T12:00:00Z');

describe('toShiftRow', () => {
  it("takes the view's status and derives it for table rows", () => {
    expect(toShiftRow({ ...a, status: 'Completed' }).status).toBe('Completed');
    expect(toShiftRow({ ...a, status: 'Bogus' }).status).toBe('Unknown');
    const { status: _status, ...tableRow } = a;
    expect(toShiftRow({ ...tableRow, accepted_by: 's', accepted_at: '2026-11-21T12:00:00Z' }).status).toBe('Assigned');
  });
});

describe('applyShiftChange', () => {
  it('inserts newest first', () => {
    expect(applyShiftChange([c, a], { type: 'upsert', row: b }).map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(applyShiftChange([b, a], { type: 'upsert', row: c }).map((r) => r.id)).toEqual(['c', 'b', 'a']);
    expect(applyShiftChange([c, b], { type: 'upsert', row: a }).map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });

  it('updates in place and keeps the other rows as they were', () => {
    const rows = [c, b, a];
    const updated = { ...b, status: 'Assigned' as const };
    const next = applyShiftChange(rows, { type: 'upsert', row: updated });
    expect(next).toEqual([c, updated, a]);
    expect(next[0]).toBe(c);
    expect(rows[1]).toBe(b);
  });

  it('deletes by id and ignores unknown ids', () => {
    const rows = [c, b, a];
    expect(applyShiftChange(rows, { type: 'delete', id: 'b' }).map((r) => r.id)).toEqual(['c', 'a']);
    expect(applyShiftChange(rows, { type: 'delete', id: 'zzz' })).toBe(rows);
  });

  it('replays changes that arrived during a fetch on top of the snapshot', () => {
    const d = shift('d', '2026-11-21T13:00:00Z');
    expect(
      mergeSnapshot(
        [b, a],
        [
          { type: 'upsert', row: d },
          { type: 'delete', id: 'a' },
        ],
      ).map((r) => r.id),
    ).toEqual(['d', 'b']);
  });
});

describe('reconcileRows', () => {
  it('keeps unchanged row objects and the array itself when nothing changed', () => {
    const rows = [c, b, a];
    expect(
      reconcileRows(
        rows,
        rows.map((r) => ({ ...r })),
      ),
    ).toBe(rows);
    const changed = { ...b, time_done: '8 hours' };
    const next = reconcileRows(rows, [{ ...c }, changed, { ...a }]);
    expect(next[0]).toBe(c);
    expect(next[1]).toBe(changed);
    expect(next[2]).toBe(a);
  });
});
