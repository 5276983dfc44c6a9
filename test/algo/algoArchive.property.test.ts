import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { archivedWhy } from '../../src/algo/algoArchive.js';

/**
 * The one rule by which the runner, the Algos pane and `perpdesk algo` tell another
 * account's or venue's algo (archived: never run, resumed, paused or cancelled here) from
 * this session's: archived exactly when a field both the plan and the session know differs
 * (an address in any case is the same account); what either side cannot tell is not
 * compared. Seeded (FUZZ_SEED to explore, PERPDESK_FUZZ_RUNS for more runs).
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? 31);
const RUNS = Number(process.env['PERPDESK_FUZZ_RUNS'] ?? 2_000);

const ADDRESSES = ['0x' + 'ab'.repeat(20), '0x' + 'cd'.repeat(20), '0x' + '1f'.repeat(20)];
const VENUES = ['url:http://127.0.0.1:8080', 'url:https://x.example', 'embedded:1:2:3', 'embedded:1:2:4'];
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const anyCase = (s: string) => fc.array(fc.boolean(), { minLength: s.length, maxLength: s.length }).map((up) => [...s].map((ch, i) => (up[i] ? ch.toUpperCase() : ch)).join(''));

describe('archivedWhy', () => {
  it('archives exactly the algos whose recorded account or venue differs from a known one of the session', () => {
    fc.assert(
      fc.property(
        maybe(fc.constantFrom(...ADDRESSES)),
        maybe(fc.constantFrom(...VENUES)),
        maybe(fc.constantFrom(...ADDRESSES).chain(anyCase)),
        maybe(fc.constantFrom(...VENUES)),
        (planAccount, planVenue, homeAccount, homeVenue) => {
          const plan = { ...(planAccount !== undefined ? { account: planAccount } : {}), ...(planVenue !== undefined ? { venue: planVenue } : {}) };
          const why = archivedWhy(plan, { account: homeAccount, venue: homeVenue });
          const otherAccount = planAccount !== undefined && homeAccount !== undefined && planAccount !== homeAccount.toLowerCase();
          const otherVenue = planVenue !== undefined && homeVenue !== undefined && planVenue !== homeVenue;
          expect(why !== undefined).toBe(otherAccount || otherVenue);
          if (otherAccount) expect(why).toContain(`it belongs to account ${planAccount}`);
          else if (otherVenue) expect(why).toContain('another venue');
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
