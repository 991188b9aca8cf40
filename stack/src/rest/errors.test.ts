import { describe, expect, it } from 'vitest';
import { statusForSqlState } from './errors.ts';

describe('statusForSqlState', () => {
  it('answers a write on a view Postgres cannot update with 405, other 55000s stay 500', () => {
    for (const verb of ['insert into', 'update', 'delete from']) {
      expect(statusForSqlState('55000', `cannot ${verb} view "company_staff"`, 'authenticated')).toBe(405);
    }
    expect(statusForSqlState('55000', 'lock is not available', 'authenticated')).toBe(500);
  });
});
