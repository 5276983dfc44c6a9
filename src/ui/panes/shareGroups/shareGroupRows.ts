import type { Configs, ShareGroupDef, UserAccount } from '../../../protocol/wire/index.js';
import { formatMoney, MISSING } from '../../../format/index.js';
import { textWidth, truncate } from '../../format/width.js';
import { coinOf, contractName } from '../lookups.js';
import { memoLast } from '../memo.js';

/**
 * Portfolio share groups: every group the exchange defines (shareGroupState) joined with
 * the account's pool in it (userAccount), one row per group and coin. A group counts as
 * FROZEN when either source says so: the stricter reading is the safe one to show.
 */
export interface ShareGroupRow {
  key: string;
  groupId: number;
  members: string;
  coin: string;
  balance: string;
  equity: string;
  frozen: boolean;
}

export const FROZEN_EXPLANATION = 'only reduce-only orders are accepted while FROZEN';

export const shareGroupRows = memoLast(
  (defs: readonly ShareGroupDef[], pools: UserAccount['shareGroups'], configs: Configs | null): readonly ShareGroupRow[] => {
    const ids = new Set<number>([...defs.map((d) => d.groupId), ...pools.map((p) => p.groupId)]);
    const rows: ShareGroupRow[] = [];
    for (const groupId of [...ids].sort((a, b) => a - b)) {
      const def = defs.find((d) => d.groupId === groupId);
      const members = def ? def.members.map((m) => contractName(configs, m)).join(', ') : MISSING;
      const mine = pools.filter((p) => p.groupId === groupId);
      const defFrozen = def?.frozen ?? false;
      if (mine.length === 0) {
        const coin = def ? coinOf(configs, def.settlementCoinId).name : MISSING;
        rows.push({ key: `${groupId}`, groupId, members, coin, balance: MISSING, equity: MISSING, frozen: defFrozen });
        continue;
      }
      for (const p of mine) {
        const coin = coinOf(configs, p.coinId);
        rows.push({
          key: `${groupId}:${p.coinId}`,
          groupId,
          members,
          coin: coin.name,
          balance: formatMoney(p.balance, coin),
          equity: formatMoney(p.equity, coin),
          frozen: defFrozen || p.frozen,
        });
      }
    }
    return rows;
  },
);

/** Ids of frozen groups, for the banner. */
export function frozenGroups(rows: readonly ShareGroupRow[]): number[] {
  return [...new Set(rows.filter((r) => r.frozen).map((r) => r.groupId))];
}

/**
 * The FROZEN banner as at most `maxLines` lines of at most `width` columns. The
 * explanation is the part that must survive, so a narrow pane wraps it rather than
 * cutting it, and drops the group numbers before anything else.
 */
export function frozenBanner(groups: readonly number[], width: number, maxLines = 1): string[] {
  if (groups.length === 0 || width <= 0 || maxLines <= 0) return [];
  const which = groups.length === 1 ? `group ${groups[0]} FROZEN` : `groups ${groups.join(', ')} FROZEN`;
  for (const text of [`⚠ ${which}: ${FROZEN_EXPLANATION}`, `⚠ FROZEN: ${FROZEN_EXPLANATION}`]) {
    const lines = wrapWords(text, width);
    if (lines.length <= maxLines) return lines;
  }
  const lines = wrapWords(`⚠ FROZEN: ${FROZEN_EXPLANATION}`, width).slice(0, maxLines);
  lines[lines.length - 1] = truncate(lines[lines.length - 1]!, width);
  return lines;
}

/** Greedy word wrap by terminal columns; a word longer than the width is cut. */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (textWidth(next) <= width) line = next;
    else {
      if (line) lines.push(line);
      line = textWidth(word) <= width ? word : truncate(word, width);
    }
  }
  if (line) lines.push(line);
  return lines;
}
