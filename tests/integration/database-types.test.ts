/** shared/types/database.types.ts must be what the real CLI generates from the migrated database today. */
import { describe, expect, it } from 'vitest';
import { committedTypes, generateTypes } from '../../scripts/gen-types.ts';

describe('generated database types', () => {
  it('match a fresh `supabase gen types typescript` (run `npm run gen:types` when this fails)', async () => {
    const fresh = await generateTypes();
    expect(fresh).toContain('export type Database');
    expect(committedTypes(), 'shared/types/database.types.ts is stale: run `npm run gen:types`').toBe(fresh);
  });
});
