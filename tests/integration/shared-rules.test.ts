/**
 * Rules the browser, the edge functions and the database must agree on are written once (issue 27):
 * the dashboard imports the functions' dependency-free modules, and the database's own default
 * is checked against the same value here, so a change on one side alone fails.
 */
import { describe, expect, it } from 'vitest';
import * as sharedZone from '../../supabase/functions/_shared/time-zone.ts';
import { DEFAULT_TIME_ZONE } from '@shared/lib/time-zone.ts';
import { browserTimeZone } from '../../src/features/onboarding/time-zones.ts';
import { superuser } from '../support/clients.ts';

describe('the default time zone', () => {
  it('is one value for the dashboard, the assistant and the companies table', async () => {
    expect(DEFAULT_TIME_ZONE).toBe(sharedZone.DEFAULT_TIME_ZONE);
    const db = await superuser();
    try {
      const { rows } = await db.query<{ column_default: string }>(
        `select column_default from information_schema.columns
          where table_schema = 'public' and table_name = 'companies' and column_name = 'time_zone'`,
      );
      expect(rows[0]?.column_default).toBe(`'${DEFAULT_TIME_ZONE}'::text`);
    } finally {
      await db.end();
    }
  });

  it('is what onboarding falls back to when the browser names no zone', () => {
    const original = Intl.DateTimeFormat;
    // A browser whose Intl names no zone.
    Intl.DateTimeFormat = (() => ({
      resolvedOptions: () => ({ timeZone: '' }),
    })) as unknown as typeof Intl.DateTimeFormat;
    try {
      expect(browserTimeZone()).toBe(DEFAULT_TIME_ZONE);
    } finally {
      Intl.DateTimeFormat = original;
    }
  });
});
