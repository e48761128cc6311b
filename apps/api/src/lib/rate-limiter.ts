import { AppError } from './app-error';

/**
 * A fixed-window counter per key (an IP address, an e-mail address…), in memory. Enough for one
 * instance; with several instances each keeps its own counts, which only makes a limit per
 * instance (documented in docs/operations.md).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for `key`; throws 429 with Retry-After when the limit is passed. */
  hit(key: string): void {
    const now = this.now();
    if (this.windows.size > 10_000) this.prune(now);
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return;
    }
    window.count += 1;
    if (window.count > this.limit) {
      const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
      throw new AppError(429, 'rate_limited', 'errors.rate_limited', {
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
