import { describe, expect, it } from 'vitest';
import {
  compareLedger,
  owedTo,
  stepOf,
  type ReceivedEvent,
  type ShiftRowLike,
  type Subscriber,
} from './realtime-ledger.ts';

const T = '2026-01-01T10:00:00Z';
const company: Subscriber = { label: 'company 0', kind: 'company', userId: 'c0', companyId: 'c0' };
const winner: Subscriber = { label: 'worker 0.0', kind: 'worker', userId: 'w0', companyId: 'c0' };
const loser: Subscriber = { label: 'worker 0.1', kind: 'worker', userId: 'w1', companyId: 'c0' };

const completed: ShiftRowLike = {
  id: 's1',
  company_id: 'c0',
  accepted_by: 'w0',
  accepted_at: T,
  clocked_in_at: T,
  clocked_out_at: T,
};
const pending: ShiftRowLike = {
  id: 's2',
  company_id: 'c0',
  accepted_by: null,
  accepted_at: null,
  clocked_in_at: null,
  clocked_out_at: null,
};
const otherCompany: ShiftRowLike = { ...pending, id: 's3', company_id: 'c1' };

const event = (shiftId: string, step: ReceivedEvent['step'], eventType = 'UPDATE'): ReceivedEvent => ({
  shiftId,
  companyId: 'c0',
  step,
  eventType,
  latencyMs: 1,
});

describe('stepOf', () => {
  it('reads the step from the event type and the row it carries', () => {
    expect(stepOf('INSERT', pending)).toBe('posted');
    expect(stepOf('UPDATE', { ...completed, clocked_in_at: null, clocked_out_at: null })).toBe('accepted');
    expect(stepOf('UPDATE', { ...completed, clocked_out_at: null })).toBe('clocked_in');
    expect(stepOf('UPDATE', completed)).toBe('clocked_out');
    expect(stepOf('UPDATE', pending)).toBeNull();
    expect(stepOf('DELETE', undefined)).toBeNull();
  });
});

describe('owedTo', () => {
  const shifts = [completed, pending, otherCompany];
  it('owes the company every step of its own shifts only', () => {
    expect([...owedTo(company, shifts)].sort()).toEqual([
      's1:accepted',
      's1:clocked_in',
      's1:clocked_out',
      's1:posted',
      's2:posted',
    ]);
  });
  it('owes a worker the postings of its employer and the steps of the shifts it accepted, not the others', () => {
    expect(owedTo(winner, shifts).size).toBe(5);
    expect([...owedTo(loser, shifts)].sort()).toEqual(['s1:posted', 's2:posted']);
  });
});

describe('compareLedger', () => {
  it('reports lost, duplicated and not-owed events per subscriber', () => {
    const received = new Map<string, ReceivedEvent[]>([
      ['company 0', [event('s1', 'posted', 'INSERT'), event('s1', 'accepted'), event('s1', 'accepted')]],
      ['worker 0.1', [event('s1', 'posted', 'INSERT'), event('s2', 'posted', 'INSERT'), event('s1', 'accepted')]],
    ]);
    const report = compareLedger([company, loser], received, [completed, pending]);
    expect(report.expected).toBe(7);
    expect(report.received).toBe(6);
    expect(report.duplicated).toEqual(['company 0: s1:accepted ×2']);
    expect(report.lost.sort()).toEqual([
      'company 0: s1:clocked_in',
      'company 0: s1:clocked_out',
      'company 0: s2:posted',
    ]);
    expect(report.unexpected).toEqual(['worker 0.1: s1:accepted']);
  });

  it('is clean when each owed event arrived once', () => {
    const received = new Map([['worker 0.1', [event('s1', 'posted', 'INSERT'), event('s2', 'posted', 'INSERT')]]]);
    const report = compareLedger([loser], received, [completed, pending]);
    expect(report).toMatchObject({ expected: 2, received: 2, lost: [], duplicated: [], unexpected: [] });
  });

  it('counts a delete as not owed', () => {
    const received = new Map([['worker 0.1', [event('s1', 'posted', 'INSERT'), event('s2', null, 'DELETE')]]]);
    expect(compareLedger([loser], received, [completed]).unexpected).toEqual(['worker 0.1: s2:DELETE']);
  });
});
