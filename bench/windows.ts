import { buildDist } from './dashboard.js';

/** A bench of dashboards side by side, measured over windows after a warm-up, per activity. */
export interface WindowedOptions {
  skipBuild?: boolean;
  activities?: string[];
  warmupSeconds?: number;
  windowSeconds?: number;
  rounds?: number;
  log?: (line: string) => void;
}

/** The options with their defaults (10 s of warm-up, 3 windows of 20 s), dist/ built unless skipped. */
export function prepareWindows(o: WindowedOptions, activities: string[]): { log: (line: string) => void; activities: string[]; warmup: number; windowMs: number; rounds: number } {
  const log = o.log ?? ((l: string) => process.stderr.write(`${l}\n`));
  if (!o.skipBuild) buildDist(log);
  return { log, activities: o.activities ?? activities, warmup: (o.warmupSeconds ?? 10) * 1000, windowMs: (o.windowSeconds ?? 20) * 1000, rounds: o.rounds ?? 3 };
}
