import fc from 'fast-check';
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

const SEED = Number(process.env['FUZZ_SEED'] ?? 1_515);
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 300);

describe('one reader (property)', () => {
  it('whatever is typed, the prompt locks exactly what the lock form would send, or refuses what the form refuses', async () => {
    const text = fc.oneof(
      fc.stringMatching(/^[0-9]{1,6}([.,][0-9]{0,8})?$/),
      fc.stringMatching(/^[0-9 ,._-]{1,10}$/),
      fc.constantFrom('1,5', '1,000', '0', '0.0000001', '-2', '1e3', '10000', '10000.000001'),
    );
    await fc.assert(
      fc.asyncProperty(text, async (typed) => {
        fc.pre(typed.trim() !== '');
        // A prompt's answer is a line: the blanks around it are not part of it.
        const form = evaluateForm(FORMS.lockCollateral, { deployer: '1', coin: 'USDC', amount: typed.trim() }, ctx());
        // The amount field's own reading (the balance checks of the form are not the question here).
        const field = form.fields.find((f) => f.key === 'amount')!;
        const formAmount = field.error === undefined ? (form.values?.['amount'] as bigint | undefined) : undefined;
        // Once what was typed, then a yes; a refusal leads to a second (valid) answer, 1.
        const p = prompter([typed, 'y', '1', 'y']);
        const locked = await askLockAmount(p.ask, p.log, chain, half, USDC, 1);
        if (formAmount !== undefined && formAmount <= chain) expect(locked).toBe(formAmount);
        else expect(locked).toBe(1_000_000n);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
