import { describe, expect, it } from 'vitest';
import { isLate, lateAlerts, lateNoticeTitle, repostWaitReason } from './no-show-alerts.ts';
import type { ShiftStatus } from './shift-status.ts';
import { inFrench, t } from '../../i18n/testing.ts';

const en = { t };

const NOW = Date.parse('2026-11-27T15:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const shift = (id: string, status: ShiftStatus, startIn: number, hours = 8, clockedIn: string | null = null) => ({
  id,
  status,
  starts_at: at(startIn),
  ends_at: at(startIn + hours * 60),
  clocked_in_at: clockedIn,
  accepted_by: status === 'Pending' ? null : 'w',
});

describe('late alerts', () => {
  it('late: held, not clocked in, from 10 minutes after the start until the end', () => {
    expect(isLate(shift('a', 'Assigned', -10), NOW)).toBe(true);
    expect(isLate(shift('a', 'Assigned', -9), NOW)).toBe(false);
    expect(isLate(shift('a', 'Assigned', -480, 8), NOW)).toBe(false);
    expect(isLate(shift('a', 'In-progress', -30, 8, at(-25)), NOW)).toBe(false);
    expect(isLate(shift('a', 'Pending', -30), NOW)).toBe(false);
  });

  it('lists the late shifts longest late first, with when Re-post opens', () => {
    const alerts = lateAlerts(
      [
        shift('soon', 'Assigned', 30),
        shift('b', 'Assigned', -12),
        shift('c', 'Assigned', -40),
        shift('d', 'Pending', -40),
      ],
      NOW,
      15,
    );
    expect(alerts.map((a) => [a.shift.id, a.minutesLate, a.canRepost])).toEqual([
      ['c', 40, true],
      ['b', 12, false],
    ]);
    expect(alerts[1]?.repostOpensAt).toBe(NOW + 3 * 60_000);
  });

  it('opens Re-post exactly at the agency threshold', () => {
    expect(lateAlerts([shift('a', 'Assigned', -15)], NOW, 15)[0]?.canRepost).toBe(true);
    expect(lateAlerts([shift('a', 'Assigned', -15)], NOW, 16)[0]?.canRepost).toBe(false);
  });

  it('says why Re-post is not offered yet, and nothing once it is', () => {
    expect(repostWaitReason({ canRepost: false }, 15, '10:15 AM', en)).toBe(
      'Re-post opens 15 mins after the start (at 10:15 AM)',
    );
    expect(repostWaitReason({ canRepost: true }, 15, '10:15 AM', en)).toBeNull();
  });

  it('titles the notice by how many', () => {
    expect(lateNoticeTitle(1, en)).toBe('1 staff member has not clocked in');
    expect(lateNoticeTitle(3, en)).toBe('3 staff members have not clocked in');
  });

  it('says both in French', () => {
    inFrench(() => {
      expect(repostWaitReason({ canRepost: false }, 15, '10 h 15', en)).toBe(
        'La republication est possible 15 min après le début (à 10 h 15)',
      );
      expect(lateNoticeTitle(1, en)).toBe('1 membre du personnel n’a pas pointé son arrivée');
      expect(lateNoticeTitle(3, en)).toBe('3 membres du personnel n’ont pas pointé leur arrivée');
    });
  });
});
