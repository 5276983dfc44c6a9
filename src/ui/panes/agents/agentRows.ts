import type { AgentRecord } from '../../../protocol/wire/index.js';
import { formatCountdown } from '../../format/time.js';
import { textWidth } from '../../format/width.js';
import { shortAddress } from '../lookups.js';
import { memoLast } from '../memo.js';

/** Spec 8: one anonymous and three named agents per master. */
export const ANONYMOUS_SLOTS = 1;
export const NAMED_SLOTS = 3;

export interface AgentRow {
  key: string;
  record: AgentRecord;
  slot: string;
  name: string;
  address: string;
  validUntil: number;
  /** What the exchange said at the last poll; the countdown may expire it sooner. */
  expired: boolean;
}

/** In the exchange's order (anonymous slot first, then named by approval). */
export const agentRows = memoLast((agents: readonly AgentRecord[]): readonly AgentRow[] =>
  agents.map((a) => ({
    key: a.address,
    record: a,
    slot: a.slot === 'anonymous' ? 'anon' : 'named',
    name: a.slot === 'anonymous' || a.name === '' ? '(anon)' : a.name,
    address: shortAddress(a.address),
    validUntil: a.validUntil,
    expired: a.expired,
  })),
);

/**
 * Slots in use. Expired records still hold their slot (spec 3.2: they stay listed, and
 * only revokeAgent frees a slot), so they count.
 */
export function slotUsage(agents: readonly AgentRecord[]): { anonymous: number; named: number } {
  let anonymous = 0;
  let named = 0;
  for (const a of agents) {
    if (a.slot === 'anonymous') anonymous++;
    else named++;
  }
  return { anonymous, named };
}

/** "slots: anon 1/1 · named 2/3", shortened to fit `width` (the counts always survive). */
export function slotSummary(agents: readonly AgentRecord[], width = Infinity): string {
  const u = slotUsage(agents);
  const a = `${u.anonymous}/${ANONYMOUS_SLOTS}`;
  const n = `${u.named}/${NAMED_SLOTS}`;
  const forms = [`slots: anon ${a} · named ${n}`, `anon ${a} · named ${n}`, `anon ${a} named ${n}`, `A ${a} N ${n}`];
  return forms.find((f) => textWidth(f) <= width) ?? forms[forms.length - 1]!;
}

/** Expired by the exchange's word or by the (server-time) clock, whichever comes first. */
export function isExpired(row: AgentRow, serverNow: number): boolean {
  return row.expired || (row.validUntil !== 0 && serverNow >= row.validUntil);
}

/** "3d04h", "no expiry", or "✗ expired": the glyph keeps expiry readable without colour. */
export function expiryText(row: AgentRow, serverNow: number): string {
  return isExpired(row, serverNow) ? '✗ expired' : formatCountdown(row.validUntil, serverNow);
}

/** Under an hour left: worth a warning colour. */
export const EXPIRY_WARNING_MS = 3_600_000;
