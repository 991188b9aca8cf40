/**
 * In-memory sliding-window counters for GoTrue's per-IP limits and for failed password sign-ins
 * per email. One process serves the whole local stack, so memory is the right store.
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    /** Above this many keys, expired ones are swept so memory stays bounded. */
    private readonly sweepAbove = 10_000,
  ) {}

  /** Counts a request; false when it goes over the limit (the request is then not counted). */
  take(key: string, now = Date.now()): boolean {
    const list = this.live(key, now);
    if (list.length >= this.limit) return false;
    list.push(now);
    this.store(key, list, now);
    return true;
  }

  /** Counts an event without checking the limit (e.g. a failed attempt). */
  record(key: string, now = Date.now()): void {
    const list = this.live(key, now);
    list.push(now);
    this.store(key, list, now);
  }

  count(key: string, now = Date.now()): number {
    return this.live(key, now).length;
  }

  /** Whether the key has used up its window. */
  isExhausted(key: string, now = Date.now()): boolean {
    return this.count(key, now) >= this.limit;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  get size(): number {
    return this.hits.size;
  }

  private live(key: string, now: number): number[] {
    const list = this.hits.get(key);
    if (!list) return [];
    const cutoff = now - this.windowMs;
    let first = 0;
    while (first < list.length && (list[first] ?? 0) <= cutoff) first += 1;
    return first === 0 ? list : list.slice(first);
  }

  private store(key: string, list: number[], now: number): void {
    this.hits.set(key, list);
    if (this.hits.size > this.sweepAbove) this.sweep(now);
  }

  private sweep(now: number): void {
    for (const key of [...this.hits.keys()]) {
      const list = this.live(key, now);
      if (list.length === 0) this.hits.delete(key);
      else this.hits.set(key, list);
    }
  }
}

const FIVE_MINUTES = 5 * 60 * 1000;
/** Failed password sign-ins allowed per email in five minutes; the next attempt gets 429. */
export const FAILED_SIGN_INS_PER_EMAIL = 10;

export interface AuthLimiters {
  /** Sign-ups and password sign-ins per IP (GoTrue's sign_in_sign_ups). */
  signInSignUps: SlidingWindowLimiter;
  /** Refresh-token grants per IP (GoTrue's token_refresh). */
  tokenRefresh: SlidingWindowLimiter;
  /** Failed password sign-ins per email, so guessing gets a clear 429 rather than endless 400s. */
  failedSignIns: SlidingWindowLimiter;
  /** Emails per hour for the whole project (GoTrue's email_sent, with a custom SMTP server). */
  emailsSent: SlidingWindowLimiter;
  /** Link and code verifications per IP (GoTrue's token_verifications). */
  tokenVerifications: SlidingWindowLimiter;
}

export function createLimiters(settings: {
  signInSignUpsPer5Min: number;
  tokenRefreshPer5Min: number;
  emailsPerHour: number;
  tokenVerificationsPer5Min: number;
}): AuthLimiters {
  return {
    signInSignUps: new SlidingWindowLimiter(settings.signInSignUpsPer5Min, FIVE_MINUTES),
    tokenRefresh: new SlidingWindowLimiter(settings.tokenRefreshPer5Min, FIVE_MINUTES),
    failedSignIns: new SlidingWindowLimiter(FAILED_SIGN_INS_PER_EMAIL, FIVE_MINUTES),
    emailsSent: new SlidingWindowLimiter(settings.emailsPerHour, 60 * 60 * 1000),
    tokenVerifications: new SlidingWindowLimiter(settings.tokenVerificationsPer5Min, FIVE_MINUTES),
  };
}
