import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMIT_FACTOR, type AttemptLimiter } from '../auth/attempt-limiter.js';

const MAX = 3;
/** Fresh names per test, so that tests sharing one Redis never count each other's attempts. */
const fresh = () => {
  const id = randomUUID().slice(0, 8);
  let next = 0;
  return { account: `victim-${id}@example.com`, ip: () => `${id}:${(next += 1)}` };
};
const allowed = async (limiter: AttemptLimiter, ip: string, account?: string) =>
  (await limiter.attempt(ip, account)) !== undefined;

/** What every attempt limiter must do, in memory or in Redis; `make` builds one with `max: 3`. */
export function attemptLimiterCases(make: (options: { max: number; windowMs?: number }) => AttemptLimiter) {
  describe('attempt limits', () => {
    it('when one IP passes the limit, then it is refused while another IP is not', async () => {
      const limiter = make({ max: MAX });
      const { ip } = fresh();
      const busy = ip();
      const answers = [];
      for (let i = 0; i < MAX + 2; i += 1) answers.push(await allowed(limiter, busy));
      expect(answers).toEqual([true, true, true, false, false]);
      expect(await allowed(limiter, ip())).toBe(true);
    });

    it('when a caller is already refused for its IP, then what it sends charges nothing to the account it names', async () => {
      const limiter = make({ max: MAX });
      const { account, ip } = fresh();
      const attacker = ip();
      for (let i = 0; i < MAX; i += 1) await limiter.attempt(attacker);
      for (let i = 0; i < 50; i += 1) expect(await allowed(limiter, attacker, account)).toBe(false);
      // The account's own counters are untouched: its owner gets every attempt of a fresh IP.
      const owner = ip();
      for (let i = 0; i < MAX; i += 1) expect(await allowed(limiter, owner, account)).toBe(true);
    });

    it('when one IP guesses at one account, then that IP is refused, even with the right password, and the owner elsewhere is not', async () => {
      const limiter = make({ max: MAX });
      const { account, ip } = fresh();
      const attacker = ip();
      for (let i = 0; i < MAX; i += 1) expect(await allowed(limiter, attacker, account)).toBe(true);
      expect(await allowed(limiter, attacker, account)).toBe(false);
      expect(await allowed(limiter, ip(), account)).toBe(true);
    });

    it('when a password was right, then its attempt is given back: only wrong guesses add up', async () => {
      const limiter = make({ max: MAX });
      const { account, ip } = fresh();
      const owner = ip();
      await limiter.attempt(owner, account); // two typos
      await limiter.attempt(owner, account);
      for (let signIn = 0; signIn < 10; signIn += 1) {
        const right = await limiter.attempt(owner, account);
        expect(right, `sign-in ${signIn}`).toBeDefined();
        await right?.succeeded();
      }
    });

    it('when many IPs together pass the account limit, then new places are refused but a place that signed in before is not', async () => {
      const limiter = make({ max: MAX });
      const { account, ip } = fresh();
      const home = ip();
      await (await limiter.attempt(home, account))?.succeeded();
      const botnet = Array.from({ length: ACCOUNT_LIMIT_FACTOR + 1 }, ip);
      for (const bot of botnet) for (let i = 0; i < MAX; i += 1) await limiter.attempt(bot, account);
      expect(await allowed(limiter, ip(), account)).toBe(false);
      expect(await allowed(limiter, home, account)).toBe(true);
    });

    it('when the window ends, then the IP may try again', async () => {
      const limiter = make({ max: 1, windowMs: 200 });
      const busy = fresh().ip();
      expect(await allowed(limiter, busy)).toBe(true);
      expect(await allowed(limiter, busy)).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await allowed(limiter, busy)).toBe(true);
    });
  });
}
