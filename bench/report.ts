/**
 * The one benchmark report: every figure with its target and verdict, printed as a table and saved
 * as JSON together with the machine it was measured on (figures from a 2-core machine shared with
 * other work read differently from a quiet 16-core one, so the report says which it was).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { chromiumPath } from '../tests/support/browser.ts';

export interface Figure {
  /** The benchmark it belongs to, e.g. 'Realtime'. */
  section: string;
  name: string;
  /** The measured value as printed, with its unit. */
  result: string;
  /** The target as printed; absent for figures reported for context only. */
  target?: string;
  /** Absent when there is no target; false when the benchmark failed to run. */
  pass?: boolean;
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  postgres: string;
  chromium: string;
  commit: string;
  loadAverageAtStart: number[];
  loadAverageAtEnd?: number[];
}

function commandLine(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

export function describeMachine(postgresVersion: string): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    postgres: postgresVersion,
    chromium: commandLine(chromiumPath(), ['--version']),
    commit: commandLine('git', ['rev-parse', '--short', 'HEAD']),
    loadAverageAtStart: os.loadavg().map((n) => Number(n.toFixed(2))),
  };
}

export class BenchReport {
  readonly figures: Figure[] = [];
  readonly errors: { section: string; message: string }[] = [];

  constructor(readonly machine: Machine) {}

  add(section: string, name: string, result: string, target?: { text: string; pass: boolean }): void {
    this.figures.push({ section, name, result, target: target?.text, pass: target?.pass });
  }

  /** A benchmark that threw: its row says so and the run fails, but the other figures are kept. */
  failed(section: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.errors.push({ section, message });
    this.figures.push({ section, name: 'did not complete', result: message.split('\n')[0] ?? '', pass: false });
  }

  get missed(): Figure[] {
    return this.figures.filter((f) => f.pass === false);
  }

  toTable(): string {
    const verdict = (f: Figure): string => (f.pass === undefined ? '' : f.pass ? 'pass' : 'FAIL');
    const header = { section: 'Benchmark', name: 'Figure', result: 'Result', target: 'Target', verdict: 'Verdict' };
    const rows = this.figures.map((f) => ({
      section: f.section,
      name: f.name,
      result: f.result,
      target: f.target ?? '—',
      verdict: verdict(f),
    }));
    const keys = ['section', 'name', 'result', 'target', 'verdict'] as const;
    const width = Object.fromEntries(
      keys.map((k) => [k, Math.max(header[k].length, ...rows.map((r) => r[k].length))]),
    ) as Record<(typeof keys)[number], number>;
    const line = (r: Record<(typeof keys)[number], string>): string =>
      keys
        .map((k) => r[k].padEnd(width[k]))
        .join('  ')
        .trimEnd();
    const rule = keys.map((k) => '-'.repeat(width[k])).join('  ');
    // The section is printed once, on the first row of its group.
    const body = rows.map((r, i) =>
      line({ ...r, section: i > 0 && rows[i - 1]?.section === r.section ? '' : r.section }),
    );
    const m = this.machine;
    const targets = this.figures.filter((f) => f.pass !== undefined);
    return [
      `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.os}; Node ${m.node}; ${m.postgres}; ${m.chromium}; commit ${m.commit}`,
      `Load average (1/5/15 min) at start ${m.loadAverageAtStart.join(' / ')}${m.loadAverageAtEnd ? `, at end ${m.loadAverageAtEnd.join(' / ')}` : ''}`,
      '',
      line(header),
      rule,
      ...body,
      rule,
      `${targets.length - this.missed.length} of ${targets.length} targets met${this.missed.length ? `; missed: ${this.missed.map((f) => `${f.section}: ${f.name}`).join('; ')}` : ''}`,
    ].join('\n');
  }

  toJson(): string {
    return `${JSON.stringify({ machine: this.machine, figures: this.figures, errors: this.errors }, null, 2)}\n`;
  }
}
