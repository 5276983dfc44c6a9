import { describe, expect, it } from 'vitest';
import { FORMS, evaluateForm } from '../../src/forms/index.js';
import { askLockAmount } from '../../src/session/onboarding.js';
import { ctx } from './fixtures.js';

/**
 * One decimal reader for every prompt and form: what the lock form refuses, the first-run
 * prompt refuses with the same words, and an amount it takes is echoed and asked about once
 * more before anything is locked.
 */
function prompter(answers: string[]) {
  const asked: string[] = [];
  const said: string[] = [];
  const ask = async (q: string) => {
    asked.push(q);
    const a = answers.shift();
    if (a === undefined) throw new Error(`no answer left for: ${q}`);
    return a;
  };
  return { ask, log: (l: string) => void said.push(l), asked, said };
}

const USDC = 6;
const chain = 10_000n * 1_000_000n;
const half = chain / 2n;

describe('the first-run collateral prompt reads amounts as the forms do', () => {
  it('refuses "1,5" with the forms\' words (the lock form refuses it too), then takes 1.5 once confirmed', async () => {
    const form = evaluateForm(FORMS.lockCollateral, { deployer: '1', coin: 'USDC', amount: '1,5' }, ctx());
    expect(form.errors.join(' ')).toContain('"1,5" is not a decimal number');

    const p = prompter(['1,5', '1.5', 'y']);
    const amount = await askLockAmount(p.ask, p.log, chain, half, USDC, 1);
    expect(amount).toBe(1_500_000n);
    expect(p.said[0]).toContain('"1,5" is not a decimal number');
    expect(p.asked).toHaveLength(3);
    expect(p.asked[2]).toMatch(/Lock 1\.5 USDC as collateral in deployer 1\?/);
  });

  it('asks again when the echoed amount is not confirmed; Enter takes the default after its echo', async () => {
    const p = prompter(['2500', 'n', '', '']);
    const amount = await askLockAmount(p.ask, p.log, chain, half, USDC, 1);
    expect(amount).toBe(half);
    expect(p.asked.filter((q) => /^Lock /.test(q))).toEqual([expect.stringMatching(/^Lock 2,?500 USDC/), expect.stringMatching(/^Lock 5,?000 USDC/)]);
  });

  it('refuses more than is available', async () => {
    const p = prompter(['20000', '100', 'yes']);
    expect(await askLockAmount(p.ask, p.log, chain, half, USDC, 1)).toBe(100_000_000n);
    expect(p.said[0]).toMatch(/only 10000 USDC is available/);
  });
});
