// @vitest-environment happy-dom
/** Why an invitation failed, in the agency's language: the function's refusals carry the database's codes. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@shared/i18n/i18n.ts';
import { LocaleProvider } from '@shared/i18n/LocaleProvider.tsx';
import type { Locale } from '@shared/i18n/locale.ts';
import { InviteRefusedError, inviteMessages } from '../api/invite-workers.ts';
import { useInviteErrorText } from './invite-error-text.ts';
import '../../../i18n/testing.ts';

function Said({ failure }: { failure: unknown }) {
  return <output aria-label="said">{useInviteErrorText()(failure)}</output>;
}

function said(locale: Locale, failure: unknown): string | null {
  i18n.activate(locale);
  render(
    <LocaleProvider>
      <Said failure={failure} />
    </LocaleProvider>,
  );
  const text = screen.getByRole('status', { name: 'said' }).textContent;
  cleanup();
  return text;
}

describe('useInviteErrorText', () => {
  afterEach(() => i18n.activate('en'));

  it("says a refusal with the database's code in the agency's language, with its values", () => {
    const tooMany = new InviteRefusedError(
      'Invite at most 50 addresses at a time.',
      'invite_batch_too_big',
      '{"limit":50}',
    );
    expect(said('en', tooMany)).toBe('Invite at most 50 addresses at a time');
    const french = said('fr-CA', tooMany);
    expect(french).toContain('50');
    expect(french).not.toContain('Invite at most');
    const notAnAgency = new InviteRefusedError('Only agency accounts can invite workers.', 'company_only_invite');
    expect(said('fr-CA', notAnAgency)).not.toBe('Only agency accounts can invite workers.');
  });

  it("says its own failures from the catalogue, and keeps a malformed request's sentence", () => {
    expect(said('fr-CA', new Error(inviteMessages.failed))).not.toBe(inviteMessages.failed);
    expect(said('fr-CA', new Error(inviteMessages.notLoggedIn))).not.toBe(inviteMessages.notLoggedIn);
    const malformed = new InviteRefusedError('invitees[0].email must be a string.');
    expect(said('fr-CA', malformed)).toBe('invitees[0].email must be a string.');
  });
});
