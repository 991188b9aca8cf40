/**
 * supabase/schema/current.sql is the one readable place for today's schema (issue 27): it must be
 * what the migrations add up to, so a migration that changes the schema without the snapshot
 * being regenerated (`npm run schema:snapshot`) fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSnapshot, normalizeDump, snapshotPath } from '../../scripts/schema-snapshot.ts';

describe('the schema snapshot', () => {
  it('is what the migrations add up to today', async () => {
    const fresh = await buildSnapshot();
    expect(fresh).toContain('CREATE FUNCTION public.shift_timeline(p_shift_id uuid)');
    const committed = readFileSync(snapshotPath, 'utf8');
    // Compared as text, so a stale snapshot fails with the lines that differ.
    expect(committed, 'supabase/schema/current.sql is stale: run npm run schema:snapshot').toBe(fresh);
  }, 120_000);

  it('keeps nothing that varies between machines', () => {
    const dump =
      '-- Dumped from database version 15.18\n-- Dumped by pg_dump version 15.18\n\\restrict abc\nCREATE TABLE public.x ();\n\\unrestrict abc\n';
    expect(normalizeDump(dump)).not.toMatch(/Dumped|restrict/);
    expect(normalizeDump(dump)).toContain('CREATE TABLE public.x ();');
  });
});
