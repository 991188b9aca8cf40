import { describe, expect, it } from 'vitest';
import { unfilledAlertText } from './use-unfilled-alerts.ts';

describe('unfilled alert', () => {
  it('names the shift and when it started, in the agency’s zone', () => {
    expect(
      unfilledAlertText(
        {
          id: 's',
          starts_at: '2026-11-24T14:00:00Z',
          unfilled_at: '2026-11-24T14:00:00Z',
          accepted_at: null,
          street_number: '100',
          street_name: 'Queen Street West',
          city: 'Toronto',
        },
        'America/Toronto',
      ),
    ).toBe('The shift at 100 Queen Street West, Toronto started Tue, Nov 24, 9:00 AM and nobody has accepted it.');
  });
});
