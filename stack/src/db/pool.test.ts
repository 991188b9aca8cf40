/** Which failures the gateway answers with a 503 "database unavailable" rather than as the request's fault. */
import { describe, expect, it } from 'vitest';
import { config } from '../config.ts';
import {
  asDatabaseUnavailable,
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  retryWhileDatabaseUnavailable,
} from './pool.ts';

function withFields(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), fields);
}

describe('isDatabaseUnavailable', () => {
  it('recognises a refused or timed-out connection to Postgres', () => {
    const refused = withFields(`connect ECONNREFUSED 127.0.0.1:${config.dbPort}`, {
      code: 'ECONNREFUSED',
      syscall: 'connect',
      port: config.dbPort,
    });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it.each(['57P01', '57P02', '57P03', '08006', '08001', '53300'])('recognises SQLSTATE %s', (code) => {
    expect(isDatabaseUnavailable(withFields('server says no', { code, severity: 'FATAL' }))).toBe(true);
  });

  it('leaves the request’s own errors and other sockets alone', () => {
    expect(isDatabaseUnavailable(withFields('duplicate key', { code: '23505', severity: 'ERROR' }))).toBe(false);
    expect(isDatabaseUnavailable(withFields('canceling statement', { code: '57014', severity: 'ERROR' }))).toBe(false);
    expect(isDatabaseUnavailable(withFields('aborted', { code: 'ECONNRESET', syscall: 'read' }))).toBe(false);
    expect(isDatabaseUnavailable(withFields('refused', { code: 'ECONNREFUSED', port: 1 }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });

  it('wraps what it recognises once, and returns anything else unchanged', () => {
    const lost = new Error('Connection terminated unexpectedly');
    const wrapped = asDatabaseUnavailable(lost);
    expect(wrapped).toBeInstanceOf(DatabaseUnavailableError);
    expect((wrapped as Error).cause).toBe(lost);
    expect(asDatabaseUnavailable(wrapped)).toBe(wrapped);
    const other = new Error('boom');
    expect(asDatabaseUnavailable(other)).toBe(other);
  });
});

describe('retryWhileDatabaseUnavailable', () => {
  it('tries again while the database cannot be reached, then answers what the attempt answers', async () => {
    let tries = 0;
    const answer = await retryWhileDatabaseUnavailable(async () => {
      tries += 1;
      if (tries < 3) throw new Error('Connection terminated due to connection timeout');
      return 'schema loaded';
    });
    expect(answer).toBe('schema loaded');
    expect(tries).toBe(3);
  });

  it('passes any other failure on at once', async () => {
    let tries = 0;
    const wrong = withFields('syntax error', { code: '42601', severity: 'ERROR' });
    await expect(
      retryWhileDatabaseUnavailable(async () => {
        tries += 1;
        throw wrong;
      }),
    ).rejects.toBe(wrong);
    expect(tries).toBe(1);
  });

  it('gives up once its time is spent, with the last failure', async () => {
    let tries = 0;
    const started = Date.now();
    await expect(
      retryWhileDatabaseUnavailable(async () => {
        tries += 1;
        throw new Error(`Connection terminated unexpectedly (${tries})`);
      }, 500),
    ).rejects.toThrow(/^Connection terminated unexpectedly \(\d\)$/);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(tries).toBeGreaterThan(1);
  });
});
