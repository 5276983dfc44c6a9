import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configRules } from '../../src/alerts/alertSources.js';
import { deliverAlert, mutableSink, oscNotification, terminalSink } from '../../src/alerts/deliver.js';
import { createAlertMemory, evaluate, type Alert, type AlertMemory } from '../../src/alerts/evaluate.js';
import { parseRule, RuleError, type StoredRule } from '../../src/alerts/rules.js';
import { initialState } from '../../src/state/store.js';
import type { AppState } from '../../src/state/types.js';
import { REAL_CONFIGS } from '../support/realConfigs.js';

/**
 * The evaluator alone, on store states built by hand: the hysteresis (a property over
 * seeded random oscillations), once against every, the rule schema's errors, the OSC text.
 * The same rules against the real exchange are in alertsLive.test.ts.
 */
const base = initialState();

function withMark(mark: string, contractId = 1): AppState {
  return {
    ...base,
    market: {
      ...base.market,
      configs: REAL_CONFIGS,
      marketStates: { [contractId]: { contractId, markPx: mark, indexPx: mark, lastPx: mark, fundingRate: '0', fundingIndex: '0', time: 0 } },
    },
  };
}

const rule = (r: object, id = 'r1'): StoredRule => ({ ...parseRule(r), id });

/** Runs the evaluator over marks, one look each, and returns every alert. */
function run(rules: StoredRule[], marks: readonly string[], memory: AlertMemory = createAlertMemory(0)): Alert[] {
  const fired: Alert[] = [];
  let m = memory;
  marks.forEach((mark, i) => {
    const out = evaluate(rules, { app: withMark(mark) }, m, 1000 + i);
    m = out.memory;
    fired.push(...out.fired);
  });
  return fired;
}

describe('price rules: a crossing fires once, hysteresis stops a storm', () => {
  it('fires on the crossing, not at the first look when already beyond; says value and threshold as decimal strings', () => {
    const r = rule({ kind: 'price', contract: 'SOL1', direction: 'above', level: '155' });
    expect(run([r], ['160', '160', '161'])).toEqual([]);
    const fired = run([r], ['150', '154', '155', '156']);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ rule: 'r1', kind: 'price', contract: 'SOL1', value: '155', threshold: '155', time: 1002 });
    expect(fired[0]!.message).toBe('SOL1 mark 155 crossed above 155');
  });

  it('1,000 oscillations of one tick around the level fire once (default hysteresis: one tick on SOL1)', () => {
    const r = rule({ kind: 'price', contract: 'SOL1', direction: 'above', level: '151' });
    const marks = Array.from({ length: 2000 }, (_, i) => (i % 2 === 0 ? '150' : '151'));
    expect(run([r], marks)).toHaveLength(1);
    // Back past the hysteresis (149 < 151 - 1) re-arms: the next crossing fires again.
    expect(run([r], [...marks, '149', '151'])).toHaveLength(2);
  });

  it('property: over seeded random walks, alerts = full traversals from below level - h to the level (never more)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 1000, maxLength: 1000 }), fc.integer({ min: 0, max: 3 }), (steps, h) => {
        const r = rule({ kind: 'price', contract: 'SOL1', direction: 'above', level: '150', hysteresis: String(h) });
        let px = 150;
        const marks = steps.map((s) => String((px = Math.max(140, Math.min(160, px + s)))));
        // The reference: a plain loop over integers, armed only below the level at the first look.
        let armed: boolean | undefined;
        let expected = 0;
        for (const m of marks.map(Number)) {
          if (armed === undefined) armed = m < 150;
          else if (armed && m >= 150) {
            expected++;
            armed = false;
          } else if (!armed && m < 150 - h) armed = true;
        }
        const fired = run([r], marks);
        expect(fired).toHaveLength(expected);
        // Within the band nothing can fire twice: every two alerts have a mark under 150 - h between them.
        for (let i = 1; i < fired.length; i++) {
          const between = marks.slice(fired[i - 1]!.time - 1000, fired[i]!.time - 1000).map(Number);
          expect(Math.min(...between)).toBeLessThan(150 - h);
        }
      }),
      { seed: 37, numRuns: 60 },
    );
  });

  it('rearm once: one alert for good, however often it crosses', () => {
    const r = rule({ kind: 'price', contract: 'SOL1', direction: 'below', level: '145', rearm: 'once' });
    expect(run([r], ['150', '144', '150', '144', '150', '140'])).toHaveLength(1);
  });

  it('a paused or done rule does not fire', () => {
    expect(run([rule({ kind: 'price', contract: 'SOL1', direction: 'above', level: '155', paused: true })], ['150', '160'])).toEqual([]);
    expect(run([rule({ kind: 'price', contract: 'SOL1', direction: 'above', level: '155', done: true })], ['150', '160'])).toEqual([]);
  });

  it('move: 2% within the window fires once; a swing back and forth inside the window is the same move', () => {
    const r = rule({ kind: 'move', contract: 'SOL1', pct: '2', windowSec: 60 });
    // One look a millisecond apart: all inside the window.
    const fired = run([r], ['150', '151', '152', '153', '154', '155', '150', '156', '157']);
    expect(fired.map((a) => a.value)).toEqual(['2']);
    expect(fired[0]!.message).toBe('SOL1 mark moved 2% to 153 within 60s (from 150)');
    // 1,000 swings of one tick (0.67%) against a 0.5% rule: one alert.
    const swings = Array.from({ length: 2000 }, (_, i) => (i % 2 === 0 ? '150' : '149'));
    expect(run([rule({ kind: 'move', contract: 'SOL1', pct: '0.5', windowSec: 60 })], swings)).toHaveLength(1);
  });

  it('move: re-arms once the window holds less than half the move, then fires on the next', () => {
    const r = [rule({ kind: 'move', contract: 'SOL1', pct: '2', windowSec: 10, direction: 'down' })];
    let m = createAlertMemory(0);
    const fired: string[] = [];
    for (const [t, px] of [[0, '150'], [1000, '146'], [5000, '146'], [12000, '146'], [13000, '143'], [14000, '140']] as const) {
      const out = evaluate(r, { app: withMark(px) }, m, t);
      m = out.memory;
      fired.push(...out.fired.map((a) => `${t}:${a.value}`));
    }
    // 150 -> 146 (-2.67%); after the window only 146 is in it: armed; 146 -> 143 is -2.05%.
    expect(fired).toEqual(['1000:-2.666666', '13000:-2.054794']);
  });
});

describe('event rules', () => {
  it('algo: a change into the state fires, once per change; the first look is history', () => {
    const r = [rule({ kind: 'algo', event: 'failed' }, 'g1'), rule({ kind: 'algo', event: 'paused', algo: 'twap-2' }, 'g2')];
    const algos = (a: string, b: string) => [
      { plan: { id: 'twap-1', contract: 'SOL1' }, status: a, reason: 'stopped at its bound with 3 open' },
      { plan: { id: 'twap-2', contract: 'BTC1' }, status: b },
    ];
    let m = createAlertMemory(0);
    const look = (a: string, b: string) => {
      const out = evaluate(r, { app: withMark('150'), algos: algos(a, b) }, m, 5);
      m = out.memory;
      return out.fired.map((x) => [x.rule, x.contract, x.message]);
    };
    expect(look('failed', 'paused')).toEqual([]);
    expect(look('running', 'running')).toEqual([]);
    expect(look('failed', 'paused')).toEqual([
      ['g1', 'SOL1', 'algo twap-1 failed: stopped at its bound with 3 open'],
      ['g2', 'BTC1', 'algo twap-2 paused'],
    ]);
    expect(look('failed', 'paused')).toEqual([]);
  });

  it('stale: counts from the first stale look, fires once per stale spell', () => {
    const r = [rule({ kind: 'stale', stream: 'connection', seconds: 2 }, 't1')];
    const at = (connection: 'open' | 'reconnecting') => ({ app: { ...base, session: { ...base.session, connection } } });
    let m = createAlertMemory(0);
    const fired: string[] = [];
    for (const [t, c] of [[0, 'open'], [1000, 'reconnecting'], [2500, 'reconnecting'], [3000, 'reconnecting'], [9000, 'reconnecting'], [9500, 'open'], [10000, 'reconnecting'], [12000, 'reconnecting']] as const) {
      const out = evaluate(r, at(c), m, t);
      m = out.memory;
      fired.push(...out.fired.map((a) => `${t}:${a.value}`));
    }
    expect(fired).toEqual(['3000:2', '12000:2']);
  });
});

describe('rules as data: clear errors', () => {
  it('names the field and what is wrong', () => {
    const bad = (r: unknown) => {
      try {
        parseRule(r, 'rule');
      } catch (e) {
        expect(e).toBeInstanceOf(RuleError);
        return (e as Error).message;
      }
      throw new Error('accepted');
    };
    expect(bad({ kind: 'price', contract: 'SOL1', direction: 'above', level: '0' })).toBe('rule.level: must be above zero');
    expect(bad({ kind: 'price', contract: 'SOL1', direction: 'up', level: '150' })).toBe('rule.direction: expected "above" or "below"');
    expect(bad({ kind: 'price', contract: 'SOL1', direction: 'above', level: 150 })).toBe('rule.level: expected a decimal string such as "150.5"');
    expect(bad({ kind: 'nope' })).toMatch(/^rule.kind: expected "kind": one of price, move/);
    expect(bad({ kind: 'stale', stream: 'book', seconds: 1.5 })).toBe('rule.seconds: expected a whole number from 1 to 86400');
    expect(bad({ kind: 'spread', contract: 'SOL1', ticks: 2, colour: 'red' })).toBe('rule.colour: unknown field');
  });

  it('config rules get ids by position and errors name the config file', () => {
    expect(configRules([{ kind: 'margin', pct: '80' }], 'cfg.json')).toEqual([{ kind: 'margin', pct: '80', id: 'config-1' }]);
    expect(() => configRules([{ kind: 'margin', pct: '80' }, { kind: 'margin', pct: '-1' }], 'cfg.json')).toThrow('cfg.json: alerts.rules.1.pct: expected a non-negative decimal string such as "150.5"');
  });
});

describe('OSC notifications', () => {
  it('strips control characters so data cannot end the sequence or start another', () => {
    const evil = 'SOL1\u001b]52;c;aGk=\u0007 up\u009b2J;x';
    const nine = oscNotification(9, 'perpdesk', evil);
    expect(nine.startsWith('\u001b]9;')).toBe(true);
    expect(nine.endsWith('\u0007')).toBe(true);
    // One ESC (the introducer) and one BEL (the end): nothing from the text.
    expect(nine.split('\u001b').length - 1).toBe(1);
    expect(nine.split('\u0007').length - 1).toBe(1);
    expect(nine).not.toMatch(/[\u0080-\u009f]/);
    const seven = oscNotification(777, 'a;b', evil);
    expect(seven.startsWith('\u001b]777;notify;a b;')).toBe(true);
    expect(seven.split('\u001b').length - 1).toBe(1);
    // A text that reads like ConEmu's "9;4" progress subcommand is set apart.
    expect(oscNotification(9, '', '4;3')).toBe('\u001b]9; 4;3\u0007');
  });

  it("a viewer's terminal sink writes OSC 9 and 777 (and the bell) until it is muted", async () => {
    const written: string[] = [];
    const sink = mutableSink(terminalSink((t) => written.push(t), { osc: 'both', bell: true }));
    const alert: Alert = { id: 'p1-1-1', rule: 'p1', kind: 'price', contract: 'SOL1', value: '160', threshold: '155', time: 1, message: 'SOL1 mark 160 crossed above 155' };
    expect(await deliverAlert(alert, [sink])).toEqual([{ alert: 'p1-1-1', sink: 'terminal', ok: true, attempts: 1, ms: expect.any(Number) }]);
    expect(written).toEqual(['\u001b]9;perpdesk SOL1: price alert: SOL1 mark 160 crossed above 155\u0007\u001b]777;notify;perpdesk SOL1: price alert;SOL1 mark 160 crossed above 155\u0007\u0007']);
    sink.muted = true;
    await deliverAlert(alert, [sink]);
    expect(written).toHaveLength(1);
  });
});
