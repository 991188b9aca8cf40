import type { AllMessages } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import type { Translate } from '@shared/i18n/use-t.ts';
import type { DashboardKey } from '../../i18n/catalogues.ts';
import english from '../../i18n/en.json';
import french from '../../i18n/fr-CA.json';
import {
  countActiveInvites,
  formatSent,
  isExpired,
  outcomeFor,
  outcomeTone,
  placesLeft,
  planLimitText,
  summarizeResults,
  type InviteStatus,
} from './staff-invite.ts';

// The unit project compiles catalogues as the app's build does.
i18n.load({ en: english, 'fr-CA': french } as unknown as AllMessages);
i18n.activate('en');
const t = ((key, values) => i18n._(key, values)) as Translate<DashboardKey>;

const NOW = Date.parse('2026-11-27T12:00:00Z');
const invite = (expiresAt: string) => ({
  id: expiresAt,
  email: 'a@example.com',
  name: null,
  sent_at: '2026-11-20T12:00:00Z',
  expires_at: expiresAt,
});
const STATUSES: InviteStatus[] = [
  'invited',
  'resent',
  'already_staff',
  'existing_account',
  'not_a_worker',
  'invalid',
  'over_limit',
  'failed',
];
const results = (...statuses: InviteStatus[]) => statuses.map((status, i) => ({ email: `${i}@example.com`, status }));

afterEach(() => {
  i18n.activate('en');
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
    expect(planLimitText(30, t)).toBe(
      'The free plan includes onboarding of up to 30 frontline staff, pending invitations included.',
    );
    expect(outcomeFor('over_limit', 30, t).detail).toBe(`Not invited. ${planLimitText(30, t)}`);
  });
});

describe('the answer of a sending', () => {
  it('counts an existing account as invited (it waits for them in the app) and refusals as not invited', () => {
    expect(summarizeResults(results('invited', 'resent'), t)).toEqual({
      message: '2 workers invited',
      isSuccess: true,
    });
    expect(summarizeResults(results('existing_account', 'over_limit', 'invalid', 'already_staff'), t)).toEqual({
      message: '1 worker invited, 2 not invited',
      isSuccess: true,
    });
    expect(summarizeResults(results('already_staff', 'failed'), t)).toEqual({
      message: 'No one was invited. See the result for each address.',
      isSuccess: false,
    });
  });

  it('has words and a tone for every status the function answers', () => {
    for (const status of STATUSES) {
      const outcome = outcomeFor(status, 30, t);
      expect(outcome.label.length).toBeGreaterThan(0);
      expect(outcome.detail.length).toBeGreaterThan(0);
      expect(outcome.tone).toBe(outcomeTone(status));
    }
    expect(outcomeFor('existing_account', 30, t).detail).toContain('no email was sent');
    expect(outcomeFor('invited', 30, t)).toEqual({ label: 'Invited', detail: 'Invitation email sent.', tone: 'ok' });
  });

  it('writes when an invitation was sent, in the company’s zone', () => {
    expect(formatSent('2026-11-21T14:05:00Z', 'America/Toronto', 'en')).toBe('Nov 21, 2026, 9:05 AM');
    expect(formatSent('2026-11-21T14:05:00Z', 'America/Toronto', 'fr-CA')).toBe('21 nov. 2026, 9 h 05');
  });

  it('says all of it in French', () => {
    i18n.activate('fr-CA');
    expect(planLimitText(30, t)).toBe(
      'Le forfait gratuit comprend l’intégration d’au plus 30 membres du personnel de première ligne, invitations en attente comprises.',
    );
    expect(summarizeResults(results('invited'), t).message).toBe('1 personne invitée');
    expect(summarizeResults(results('invited', 'resent', 'invalid'), t).message).toBe(
      '2 personnes invitées, 1 non invitée',
    );
    expect(summarizeResults(results('failed'), t).message).toBe(
      'Personne n’a été invité. Consultez le résultat de chaque adresse.',
    );
    expect(outcomeFor('invalid', 30, t)).toEqual({
      label: 'Non valide',
      detail: 'Cette adresse courriel n’est pas valide.',
      tone: 'error',
    });
    expect(outcomeFor('over_limit', 30, t).detail).toBe(`Aucune invitation envoyée. ${planLimitText(30, t)}`);
    const english = new Set(STATUSES.map((status) => (i18n.activate('en'), outcomeFor(status, 30, t).detail)));
    i18n.activate('fr-CA');
    for (const status of STATUSES) expect(english.has(outcomeFor(status, 30, t).detail), status).toBe(false);
  });
});
