import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitSegments, type SegmentGroup } from '../../src/ui/app/fitSegments.js';
import { dayChange, headerSegments } from '../../src/ui/app/headerSegments.js';
import { statusSegments, type StatusModel } from '../../src/ui/app/statusSegments.js';
import { formatTimeTo } from '../../src/ui/format/time.js';
import { textWidth } from '../../src/ui/format/width.js';
import { CONFIGS, MARK } from './support/paneFixtures.js';

const widthOf = (segs: { text: string }[]) => segs.reduce((a, s) => a + textWidth(s.text), 0);
const text = (segs: { text: string }[]) => segs.map((s) => s.text).join('');

const STATUS: StatusModel = {
  connection: 'open',
  channels: { 'l2Book:1': 'live', 'bbo:1': 'live', 'trades:1': 'live', 'candle:1:1m': 'live', config: 'live', openOrders: 'subscribing', orderUpdates: 'live', userFills: 'down' },
  latencyMs: 12,
  clockOffsetMs: -40,
  clockWarning: null,
  dataAgeMs: 300,
  signer: 'agent',
  readOnly: false,
  inFlight: 0,
  progress: null,
  message: { text: 'order rejected: share margin group is FROZEN', tone: 'error' },
};

describe('fitSegments', () => {
  it('never returns more columns than it is given', () => {
    const seg = fc.record({ text: fc.string({ maxLength: 30 }) });
    const group = fc.record({
      segments: fc.array(seg, { maxLength: 4 }),
      priority: fc.integer({ min: 0, max: 6 }),
      fill: fc.boolean(),
      narrower: fc.array(fc.array(seg, { maxLength: 2 }), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(fc.array(group, { maxLength: 8 }), fc.integer({ min: 0, max: 200 }), (groups, width) => {
        expect(widthOf(fitSegments(groups as SegmentGroup[], width))).toBeLessThanOrEqual(width);
      }),
    );
  });

  it('gives up the least important first: narrower variants, then the group itself', () => {
    const groups: SegmentGroup[] = [
      { priority: 0, segments: [{ text: 'MODE' }] },
      { priority: 2, segments: [{ text: 'channels-long-list' }], narrower: [[{ text: '5/6' }]] },
      { priority: 1, segments: [{ text: 'clock' }] },
      { priority: 3, segments: [{ text: 'rtt' }] },
    ];
    expect(text(fitSegments(groups, 45))).toBe('MODE │ channels-long-list │ clock │ rtt');
    // rtt (least important) goes, then channels narrow; clock, more important, stays.
    expect(text(fitSegments(groups, 20))).toBe('MODE │ 5/6 │ clock');
    expect(text(fitSegments(groups, 12))).toBe('MODE │ clock');
  });
});

describe('status bar', () => {
  it('keeps mode, channels and the message at 80 columns and shows every channel at 200', () => {
    const narrow = text(statusSegments(STATUS, 80));
    expect(narrow).toContain('TRADING');
    expect(narrow).toMatch(/✕6\/8/);
    expect(narrow).toContain('✕ order rejected');
    const wide = text(statusSegments(STATUS, 200));
    expect(wide).toContain('book● bbo● trd● c1m● cfg● ord◐ upd● fill✕');
    expect(wide).toContain('order rejected: share margin group is FROZEN');
    expect(wide).toContain('clock −40ms');
  });

  it('fits any width from 40 to 240', () => {
    for (let w = 40; w <= 240; w++) {
      expect(widthOf(statusSegments({ ...STATUS, progress: 'enrolling in market deployer 1…', inFlight: 2 }, w))).toBeLessThanOrEqual(w);
    }
  });

  it('says read-only and no key in monitor mode', () => {
    const s = text(statusSegments({ ...STATUS, readOnly: true, signer: 'none', message: undefined }, 120));
    expect(s).toContain('READ-ONLY');
    expect(s).toContain('no key');
  });
});

describe('header', () => {
  const sol = CONFIGS.contracts[0]!;
  it('shows the 24h change with a symbol and a sign, not colour alone', () => {
    expect(text(dayChange({ ...MARK, dayOpenPx: '140', lastPx: '147' }, 0) ?? [])).toBe('24h ▲ +5.00%');
    expect(text(dayChange({ ...MARK, dayOpenPx: '160', lastPx: '152' }, 0) ?? [])).toBe('24h ▼ −5.00%');
    expect(dayChange({ ...MARK }, 0)).toBeUndefined();
  });

  it('is exactly the screen width, badges on the right, prices dropped by importance', () => {
    const m = { contract: sol, market: { ...MARK, dayOpenPx: '140' }, embedded: true, readOnly: false };
    for (const w of [80, 100, 120, 200]) expect(widthOf(headerSegments(m, w))).toBe(w);
    const wide = text(headerSegments(m, 200));
    expect(wide).toMatch(/SOL1 +mark 151 +last 151 +24h ▲ \+7\.86% +funding \+0\.0100% +index 151 +EMBEDDED EXCHANGE \(paper\)/);
    const narrow = text(headerSegments({ ...m, readOnly: true, embedded: false }, 80));
    expect(narrow).toContain('READ-ONLY');
    expect(narrow).toContain('mark 151');
  });

  it('says the time to the next funding beside the rate, and gives it up before the rate when narrow', () => {
    const m = { contract: sol, market: { ...MARK, dayOpenPx: '140' }, embedded: true, readOnly: false, fundingIn: '42m' };
    for (const w of [80, 100, 120, 200]) expect(widthOf(headerSegments(m, w))).toBe(w);
    expect(text(headerSegments(m, 200))).toMatch(/funding \+0\.0100% in 42m +index 151/);
    expect(text(headerSegments(m, 120))).toMatch(/fund(ing)? \+0\.0100% in 42m/);
    // At 80 columns the index goes first, then the countdown's long words.
    const at80 = text(headerSegments(m, 80));
    expect(at80).toContain('mark 151');
    expect(at80).toContain('fund +0.0100% in 42m');
    expect(at80).not.toContain('index');
    expect(text(headerSegments(m, 64))).toMatch(/mark 151/);
  });

  it('counts down to the funding coarsely: once a minute, seconds in the last one', () => {
    const at = 1_700_000_000_000;
    expect(formatTimeTo(at + 2 * 3_600_000 + 4 * 60_000 + 1, at)).toBe('2h04m');
    expect(formatTimeTo(at + 41 * 60_000 + 5_000, at)).toBe('41m');
    expect(formatTimeTo(at + 60_000, at)).toBe('1m');
    expect(formatTimeTo(at + 59_000, at)).toBe('59s');
    expect(formatTimeTo(at + 45_000, at)).toBe('45s');
    expect(formatTimeTo(at, at)).toBe('now');
  });
});
