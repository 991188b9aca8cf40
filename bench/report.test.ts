import { describe, expect, it } from 'vitest';
import { BenchReport, type Machine } from './report.ts';

const machine: Machine = {
  cpu: 'Test CPU',
  cores: 2,
  memoryGiB: 24,
  os: 'Linux',
  node: 'v20',
  postgres: 'PostgreSQL 15',
  chromium: 'Chromium 1',
  commit: 'abc1234',
  loadAverageAtStart: [1, 2, 3],
};

describe('BenchReport', () => {
  it('prints every figure with its target and verdict, and counts the missed targets', () => {
    const report = new BenchReport(machine);
    report.add('REST', 'overhead', '+0.1 ms', { text: 'median < 2 ms', pass: true });
    report.add('REST', 'direct', '1.0 ms');
    report.add('Table', 'worst frame', '80 ms', { text: 'none > 50 ms', pass: false });
    const table = report.toTable();
    expect(table).toContain('Test CPU, 2 cores, 24 GiB');
    expect(table).toMatch(/REST\s+overhead\s+\+0\.1 ms\s+median < 2 ms\s+pass/);
    expect(table).toMatch(/\n\s+direct\s+1\.0 ms\s+—/);
    expect(table).toMatch(/Table\s+worst frame\s+80 ms\s+none > 50 ms\s+FAIL/);
    expect(table).toContain('1 of 2 targets met; missed: Table: worst frame');
    expect(report.missed).toHaveLength(1);
  });

  it('keeps the other figures when a benchmark throws, and fails the run', () => {
    const report = new BenchReport(machine);
    report.add('REST', 'overhead', '+0.1 ms', { text: 'median < 2 ms', pass: true });
    report.failed('Realtime', new Error('socket closed\nstack'));
    const json = JSON.parse(report.toJson()) as { figures: { pass?: boolean }[]; errors: { message: string }[] };
    expect(json.figures).toHaveLength(2);
    expect(json.errors[0]?.message).toBe('socket closed\nstack');
    expect(report.toTable()).toMatch(/Realtime\s+did not complete\s+socket closed\s+—\s+FAIL/);
  });
});
