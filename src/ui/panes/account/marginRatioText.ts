import { ceilDiv } from '../../../protocol/risk/index.js';
import { marginRatioBps, type PoolRisk } from '../../../state/accountSummary.js';
import { MISSING } from '../../../format/index.js';
import { formatPercent } from '../../format/percent.js';

/** Ratios from here up read as a warning; from DANGER_BPS up as danger (100% liquidates a deployer pool). */
const WARN_BPS = 5_000n;
const DANGER_BPS = 8_000n;

export interface MarginRatioText {
  /** "12.5%", rounded up to a tenth of a percent (a ratio never reads lower than it is); MISSING when unknown. */
  text: string;
  level: 'calm' | 'warn' | 'danger' | 'unknown';
}

/** A pool's margin ratio (state/accountSummary.ts) as the account strip and the account pane show it. */
export function marginRatioText(pool: PoolRisk): MarginRatioText {
  const bps = marginRatioBps(pool);
  if (bps === undefined) return { text: MISSING, level: 'unknown' };
  const text = formatPercent(ceilDiv(bps, 10n), 1000n, { decimals: 1 });
  return { text, level: bps >= DANGER_BPS ? 'danger' : bps >= WARN_BPS ? 'warn' : 'calm' };
}
