import { describe, expect, it } from 'vitest';
import {
  attentionReason,
  isInView,
  isUnfilled,
  openingView,
  shiftViewFrom,
  viewCounts,
  viewShowing,
} from './shift-views.ts';
import type { ShiftStatus } from './shift-status.ts';

const NOW = Date.parse('2026-11-24T15:00:00Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const shift = (status: ShiftStatus, startIn: number, hours = 8, clockedIn: string | null = null) => ({
  status,
  starts_at: at(startIn),
  ends_at: at(startIn + hours * 60),
  clocked_in_at: clockedIn,
});

describe('shift views', () => {
  it('reads a view from the URL, and nothing from an unknown value', () => {
    expect(shiftViewFrom('all')).toBe('all');
    expect(shiftViewFrom('needs-action')).toBe('needs-action');
    expect(shiftViewFrom('late')).toBeNull();
    expect(shiftViewFrom(null)).toBeNull();
  });

  it('late: accepted, no clock-in 10 minutes after the start, until the shift ends', () => {
    expect(attentionReason(shift('Assigned', -11), NOW)).toBe('late');
    expect(attentionReason(shift('Assigned', -9), NOW)).toBeNull();
    expect(attentionReason(shift('In-progress', -60, 8, at(-55)), NOW)).toBeNull();
  });

  it('unfilled: nobody accepted it, it has started and not ended', () => {
    expect(attentionReason(shift('Pending', -1), NOW)).toBe('unfilled');
    expect(attentionReason(shift('Pending', 30), NOW)).toBeNull();
    expect(attentionReason(shift('Pending', -600, 8), NOW)).toBeNull();
  });

  it('no-show: accepted, never clocked in, and the shift is over, for a day', () => {
    expect(attentionReason(shift('Assigned', -600, 8), NOW)).toBe('no-show');
    expect(attentionReason(shift('Assigned', -480, 8), NOW)).toBe('no-show');
    expect(attentionReason(shift('Assigned', -24 * 60 - 480, 8), NOW)).toBe('no-show');
    expect(attentionReason(shift('Assigned', -24 * 60 - 481, 8), NOW)).toBeNull();
    expect(attentionReason(shift('Completed', -600, 8, at(-600)), NOW)).toBeNull();
  });

  it('waves exhausted: open, not started, from the moment the dispatch tick wrote', () => {
    const exhausted = (startIn: number, from: number | null, status: ShiftStatus = 'Pending') => ({
      ...shift(status, startIn),
      waves_exhausted_at: from === null ? null : at(from),
    });
    expect(attentionReason(exhausted(300, -1), NOW)).toBe('waves-exhausted');
    expect(attentionReason(exhausted(300, 0), NOW)).toBe('waves-exhausted');
    // Not yet: the moment is still ahead (less than 30 minutes since the last wave).
    expect(attentionReason(exhausted(300, 5), NOW)).toBeNull();
    // Waves still to send, or an everyone-mode shift: nothing written.
    expect(attentionReason(exhausted(300, null), NOW)).toBeNull();
    // Accepted: no longer open.
    expect(attentionReason(exhausted(300, -1, 'Assigned'), NOW)).toBeNull();
    // Started: it is Unfilled now, not waiting on waves.
    expect(attentionReason(exhausted(-1, -60), NOW)).toBe('unfilled');
    expect(isInView(exhausted(300, -1), 'needs-action', NOW)).toBe(true);
    expect(isInView(exhausted(300, 5), 'needs-action', NOW)).toBe(false);
    expect(viewCounts([exhausted(300, -1), shift('Pending', 300)], NOW)['needs-action']).toBe(1);
    expect(openingView(viewCounts([exhausted(300, -1)], NOW))).toBe('needs-action');
  });

  it('needs action gathers late, unfilled and no-show shifts', () => {
    expect(isInView(shift('Assigned', -11), 'needs-action', NOW)).toBe(true);
    expect(isInView(shift('Pending', -1), 'needs-action', NOW)).toBe(true);
    expect(isInView(shift('Assigned', -600, 8), 'needs-action', NOW)).toBe(true);
    expect(isInView(shift('Assigned', 60), 'needs-action', NOW)).toBe(false);
    expect(isInView(shift('In-progress', -60, 8, at(-60)), 'needs-action', NOW)).toBe(false);
  });

  it('upcoming: every shift not over yet, whatever its start', () => {
    expect(isInView(shift('Pending', 60), 'upcoming', NOW)).toBe(true);
    expect(isInView(shift('Pending', 3 * 24 * 60), 'upcoming', NOW)).toBe(true);
    expect(isInView(shift('Assigned', -30), 'upcoming', NOW)).toBe(true);
    expect(isInView(shift('In-progress', -60, 8, at(-60)), 'upcoming', NOW)).toBe(true);
    expect(isInView(shift('Pending', -600, 8), 'upcoming', NOW)).toBe(false);
    // Clocked out early: done, even though its scheduled end is ahead.
    expect(isInView(shift('Completed', -120, 8, at(-120)), 'upcoming', NOW)).toBe(false);
  });

  it('starting in 24 h: not started, within a day, not taken over yet', () => {
    expect(isInView(shift('Pending', 60), 'soon', NOW)).toBe(true);
    expect(isInView(shift('Assigned', 23 * 60), 'soon', NOW)).toBe(true);
    expect(isInView(shift('Pending', 25 * 60), 'soon', NOW)).toBe(false);
    expect(isInView(shift('Pending', -5), 'soon', NOW)).toBe(false);
  });

  it('open: nobody accepted it and it has not ended', () => {
    expect(isInView(shift('Pending', 3 * 24 * 60), 'open', NOW)).toBe(true);
    expect(isInView(shift('Pending', -600, 8), 'open', NOW)).toBe(false);
    expect(isInView(shift('Assigned', 60), 'open', NOW)).toBe(false);
  });

  it('unfilled: flagged by the database when it reached its start with nobody, while still nobody’s', () => {
    const flagged = { ...shift('Pending', -5), unfilled_at: at(-5) };
    expect(isInView(flagged, 'unfilled', NOW)).toBe(true);
    expect(isUnfilled(flagged)).toBe(true);
    // Not yet flagged (the schedule runs each minute), or taken after its start: not in the view.
    expect(isInView(shift('Pending', -1), 'unfilled', NOW)).toBe(false);
    expect(isInView({ ...shift('Assigned', -5), unfilled_at: at(-5) }, 'unfilled', NOW)).toBe(false);
    expect(viewCounts([flagged], NOW).unfilled).toBe(1);
  });

  it('counts each view and opens on what needs action, else the shifts to come, else all', () => {
    const shifts = [shift('Pending', 60), shift('Assigned', -20), shift('Completed', -600, 8, at(-600))];
    const counts = viewCounts(shifts, NOW);
    expect(counts).toEqual({
      'needs-action': 1,
      upcoming: 2,
      open: 1,
      unfilled: 0,
      soon: 1,
      'in-progress': 0,
      completed: 1,
      all: 3,
    });
    expect(openingView(counts)).toBe('needs-action');
    // Two posts, one tomorrow and one next week: both, not just the one within 24 h.
    const posts = viewCounts([shift('Pending', 20 * 60), shift('Pending', 7 * 24 * 60)], NOW);
    expect(openingView(posts)).toBe('upcoming');
    expect(posts.upcoming).toBe(2);
    expect(openingView(viewCounts([shift('Completed', -600, 8, at(-600))], NOW))).toBe('all');
    expect(openingView(viewCounts([], NOW))).toBe('all');
  });

  it('shows a new shift in the current view when it can, else in the shifts to come, else all', () => {
    const post = shift('Pending', 3 * 24 * 60);
    expect(viewShowing(post, 'open', NOW)).toBe('open');
    expect(viewShowing(post, 'needs-action', NOW)).toBe('upcoming');
    expect(viewShowing(post, 'soon', NOW)).toBe('upcoming');
    expect(viewShowing(shift('Completed', -600, 8, at(-600)), 'upcoming', NOW)).toBe('all');
  });
});
