import { describe, expect, it } from 'vitest';
import { memoryGoal, memoryGrowth, MEMORY_WARMUP_MIN, type MemoryRun, type RssSample } from '../../bench/dashboard/memory.js';

const MB = 1024 * 1024;
const WARMUP_MS = MEMORY_WARMUP_MIN * 60_000;

/** A sample every 10 s for `minutes`, RSS from `mbAt(minute)`. */
function samples(minutes: number, mbAt: (min: number) => number): RssSample[] {
  const out: RssSample[] = [];
  for (let t = 0; t <= minutes * 60_000; t += 10_000) out.push({ atMs: t, rss: mbAt(t / 60_000) * MB });
  return out;
}

function run(s: RssSample[]): MemoryRun {
  return { warmupMs: WARMUP_MS, drops: 3, samples: [s], panesLive: [true], errorShown: [true], exitCodes: [0], notes: [] };
}

describe('memoryGrowth', () => {
  it('measures the soak from the end of the warm-up, and the whole run beside it', () => {
    // 10 MB of heap sizing in the warm-up, then 0.1 MB a minute.
    const s = samples(35, (m) => (m < 5 ? 140 + 2 * m : 150 + 0.1 * (m - 5)));
    const g = memoryGrowth(s, WARMUP_MS);
    // Each end is the median of a minute: the span runs between the windows' centres.
    expect(g.soakMin).toBeCloseTo(29.5, 5);
    expect(g.warmedUp).toBeCloseTo(150, 1);
    expect(g.soakGrowth).toBeCloseTo(2.95, 1);
    expect(g.first).toBeCloseTo(141, 1);
    expect(g.wholeGrowth).toBeCloseTo(11.95, 1);
  });

  it('is not moved by one sample the collector happened to catch high or low', () => {
    const flat = samples(35, () => 150);
    const spiked = flat.map((x, i) => (i === flat.length - 1 ? { ...x, rss: 170 * MB } : i === 30 ? { ...x, rss: 130 * MB } : x));
    expect(memoryGrowth(spiked, WARMUP_MS).soakGrowth).toBe(0);
  });

  it('has no soak figure when the samples stop before the warm-up ends', () => {
    expect(memoryGrowth(samples(4, () => 150), WARMUP_MS).soakGrowth).toBeNaN();
  });
});

describe('memoryGoal', () => {
  it('judges 30 minutes after warm-up directly', () => {
    expect(memoryGoal(run(samples(35, (m) => 150 + 0.1 * m))).met).toBe(true);
    const leak = memoryGoal(run(samples(35, (m) => 150 + 0.5 * m)));
    expect(leak.met).toBe(false);
    expect(leak.measured).toMatch(/^14\.8 MB over 30 min after warm-up/);
  });

  it('forecasts 30 minutes from a 10-minute soak, and says so', () => {
    const g = memoryGoal(run(samples(15, (m) => 150 + 0.3 * m)));
    expect(g.measured).toContain('9.0 MB per 30 min at that rate (forecast');
    expect(g.met).toBe(false);
  });

  it('does not judge a soak shorter than 10 minutes', () => {
    expect(memoryGoal(run(samples(8, () => 150))).met).toBeUndefined();
  });
});
