import { describe, expect, it } from 'vitest';
import { createLimiters, FAILED_SIGN_INS_PER_EMAIL, SlidingWindowLimiter } from './rate-limit.ts';

describe('SlidingWindowLimiter', () => {
  it('admits up to the limit within a window and refuses the next request', () => {
    const limiter = new SlidingWindowLimiter(3, 1000);
    expect([limiter.take('ip', 0), limiter.take('ip', 10), limiter.take('ip', 20)]).toEqual([true, true, true]);
    expect(limiter.take('ip', 30)).toBe(false);
    expect(limiter.count('ip', 30)).toBe(3);
  });

  it('frees a slot once the oldest hit leaves the window', () => {
    const limiter = new SlidingWindowLimiter(2, 1000);
    limiter.take('ip', 0);
    limiter.take('ip', 500);
    expect(limiter.take('ip', 999)).toBe(false);
    expect(limiter.take('ip', 1001)).toBe(true);
    expect(limiter.count('ip', 1001)).toBe(2);
  });

  it('keeps keys apart', () => {
    const limiter = new SlidingWindowLimiter(1, 1000);
    expect(limiter.take('a', 0)).toBe(true);
    expect(limiter.take('b', 0)).toBe(true);
    expect(limiter.take('a', 1)).toBe(false);
  });

  it('records events without a limit check and reports exhaustion', () => {
    const limiter = new SlidingWindowLimiter(2, 1000);
    limiter.record('mail', 0);
    expect(limiter.isExhausted('mail', 1)).toBe(false);
    limiter.record('mail', 2);
    expect(limiter.isExhausted('mail', 3)).toBe(true);
    expect(limiter.isExhausted('mail', 1001)).toBe(false);
    limiter.reset('mail');
    expect(limiter.count('mail', 3)).toBe(0);
  });

  it('sweeps expired keys when it grows past its bound', () => {
    const limiter = new SlidingWindowLimiter(5, 100, 3);
    for (const key of ['a', 'b', 'c']) limiter.take(key, 0);
    limiter.take('d', 1000);
    expect(limiter.size).toBe(1);
  });
});

describe('createLimiters', () => {
  it('sizes the windows from the settings and blocks an email after ten failures', () => {
    const limiters = createLimiters({
      signInSignUpsPer5Min: 2,
      tokenRefreshPer5Min: 1,
      emailsPerHour: 4,
      tokenVerificationsPer5Min: 30,
    });
    expect(limiters.signInSignUps.limit).toBe(2);
    expect(limiters.emailsSent.limit).toBe(4);
    expect(limiters.emailsSent.windowMs).toBe(3_600_000);
    expect(limiters.tokenRefresh.limit).toBe(1);
    expect(limiters.signInSignUps.windowMs).toBe(300_000);
    for (let i = 0; i < FAILED_SIGN_INS_PER_EMAIL; i += 1) {
      expect(limiters.failedSignIns.isExhausted('a@b.c', i)).toBe(false);
      limiters.failedSignIns.record('a@b.c', i);
    }
    expect(limiters.failedSignIns.isExhausted('a@b.c', 100)).toBe(true);
    expect(limiters.failedSignIns.isExhausted('a@b.c', 300_010)).toBe(false);
  });
});
