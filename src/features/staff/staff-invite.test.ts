import { describe, expect, it } from 'vitest';
import {
  countActiveInvites,
  isExpired,
  outcomeFor,
  placesLeft,
  planLimitText,
  summarizeResults,
  type InviteStatus,
} from './staff-invite.ts';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const invite = (expiresAt: string) => ({
  id: expiresAt,
  email: 'a@example.com',
  name: null,
  sent_at: '2026-11-20T12:00:00Z',
  expires_at: expiresAt,
});

describe('places of the plan', () => {
  it('count unexpired invitations only, as the database does', () => {
    const invites = [invite('2026-11-27T12:00:01Z'), invite('2026-11-27T12:00:00Z'), invite('2026-11-01T00:00:00Z')];
    expect(invites.map((i) => isExpired(i, NOW))).toEqual([false, true, true]);
    expect(countActiveInvites(invites, NOW)).toBe(1);
  });

  it('leave what staff and invitations have not taken, never below zero', () => {
    expect(placesLeft(30, 27, 2)).toBe(1);
    expect(placesLeft(30, 29, 3)).toBe(0);
  });

  it('are worded with SPEC’s free plan feature', () => {
    expect(planLimitText(30)).toBe(
      'The free plan includes onboarding of up to 30 frontline staff, pending invitations included.',
    );
    expect(outcomeFor('over_limit', 30).detail).toBe(`Not invited. ${planLimitText(30)}`);
  });
});

describe('the answer of a sending', () => {
  const results = (...statuses: InviteStatus[]) => statuses.map((status, i) => ({ email: `${i}@example.com`, status }));

  it('counts an existing account as invited (it waits for them in the app) and refusals as not invited', () => {
    expect(summarizeResults(results('invited', 'resent'))).toEqual({ message: '2 workers invited', isSuccess: true });
    expect(summarizeResults(results('existing_account', 'over_limit', 'invalid', 'already_staff'))).toEqual({
      message: '1 worker invited, 2 not invited',
      isSuccess: true,
    });
    expect(summarizeResults(results('already_staff', 'failed'))).toEqual({
      message: 'No one was invited. See the result for each address.',
      isSuccess: false,
    });
  });

  it('has words and a tone for every status the function answers', () => {
    const statuses: InviteStatus[] = [
      'invited',
      'resent',
      'already_staff',
      'existing_account',
      'not_a_worker',
      'invalid',
      'over_limit',
      'failed',
    ];
    for (const status of statuses) {
      const outcome = outcomeFor(status, 30);
      expect(outcome.label.length).toBeGreaterThan(0);
      expect(outcome.detail.length).toBeGreaterThan(0);
    }
    expect(outcomeFor('existing_account', 30).detail).toContain('no email was sent');
  });
});
