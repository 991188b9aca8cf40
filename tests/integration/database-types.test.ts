/**
 * shared/types/database.types.ts must be what the real CLI generates from the migrations today: read
 * from a scratch database that got only them, as the schema snapshot is, since other files create
 * and drop tables in the stack's own database while this one runs.
 */
import { describe, expect, it } from 'vitest';
import { committedTypes, generateTypes } from '../../scripts/gen-types.ts';
import { withMigratedScratch } from '../../scripts/schema-snapshot.ts';

describe('generated database types', () => {
  it('match a fresh `supabase gen types typescript` (run `npm run gen:types` when this fails)', async () => {
    const fresh = await withMigratedScratch('carecover_types_check', generateTypes);
    expect(fresh).toContain('export type Database');
    expect(committedTypes(), 'shared/types/database.types.ts is stale: run `npm run gen:types`').toBe(fresh);
  }, 120_000);
});
