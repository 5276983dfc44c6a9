/**
 * Throughput measurement shared by the benchmarks: run each candidate in rounds,
 * interleaved so that machine noise hits all of them alike, and keep the median.
 */
export interface Candidate {
  name: string;
  run: () => unknown;
}

export interface Throughput {
  name: string;
  opsPerSec: number;
  usPerOp: number;
}

/** Async candidates (viem's API returns promises) are awaited: that cost is part of using them. */
async function timeOnce(fn: () => unknown, minMs: number): Promise<number> {
  let ops = 0;
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(minMs) * 1_000_000n;
  let now = start;
  while (now < deadline) {
    for (let i = 0; i < 20; i++) {
      const r = fn();
      if (r instanceof Promise) await r;
    }
    ops += 20;
    now = process.hrtime.bigint();
  }
  return (ops * 1e9) / Number(now - start);
}

export async function measureThroughput(candidates: Candidate[], opts: { rounds?: number; msPerRound?: number } = {}): Promise<Throughput[]> {
  const rounds = opts.rounds ?? 5;
  const msPerRound = opts.msPerRound ?? 400;
  for (const c of candidates) await timeOnce(c.run, 100); // warm-up: JIT and caches
  const samples = candidates.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    for (const [i, c] of candidates.entries()) samples[i]!.push(await timeOnce(c.run, msPerRound));
  }
  return candidates.map((c, i) => {
    const sorted = samples[i]!.sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    return { name: c.name, opsPerSec: median, usPerOp: 1e6 / median };
  });
}

/** A number with `d` decimals, or n/a. */
export const fix = (x: number, d = 1): string => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');

export function percentile(sortedValues: number[], p: number): number {
  if (sortedValues.length === 0) return Number.NaN;
  const idx = Math.min(sortedValues.length - 1, Math.max(0, Math.ceil((p / 100) * sortedValues.length) - 1));
  return sortedValues[idx]!;
}

export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [line(cells[0]!), `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...cells.slice(1).map(line)].join('\n');
}
