import type { Configs, Fill, Position } from '../protocol/wire/index.js';
import { collateralCoin, contractById, type FormSettings } from './context.js';
import { formatMoney, formatPrice, formatSize } from '../format/index.js';
import { distancePct, formatPct, PCT_SCALE, truncDecimal } from './numbers.js';

/**
 * Alert events from consecutive store states: each new fill, and each position whose mark
 * comes within the configured distance of its liquidation price. Edge-triggered: a position
 * alerts once when it crosses under the threshold and re-arms only after going back over.
 */
export const DEFAULT_LIQUIDATION_DISTANCE_PCT = '5';

export interface AlertSnapshot {
  configs: Configs | null;
  fills: readonly Fill[];
  positions: readonly Position[];
  /** Human mark per contract id. */
  marks: Readonly<Record<number, string | null | undefined>>;
}

export interface AlertState {
  /** Fills older than this (exchange ms) are history, not news: a snapshot replays them. */
  since: number;
  /** Per position key: false once alerted, until the distance is back over the threshold. */
  armed: Readonly<Record<string, boolean>>;
}

export interface AlertEvent {
  kind: 'fill' | 'liquidation';
  key: string;
  text: string;
}

export interface AlertOutput {
  events: AlertEvent[];
  /** Ring the terminal bell (config alerts.bell, on by default) when there are events. */
  bell: boolean;
  state: AlertState;
}

export function createAlertState(since: number): AlertState {
  return { since, armed: {} };
}

export const fillKey = (f: Pick<Fill, 'tid' | 'oid'>): string => `${f.tid}:${f.oid}`;
export const positionKey = (p: Pick<Position, 'contractId' | 'isBuy'>): string => `${p.contractId}:${p.isBuy ? 'long' : 'short'}`;

export function snapshotOf(s: {
  market: { configs: Configs | null; marketStates: Readonly<Record<number, { markPx: string | null }>> };
  orders: { fills: readonly Fill[] };
  account: { positions: readonly Position[] };
}): AlertSnapshot {
  const marks: Record<number, string | null> = {};
  for (const [id, m] of Object.entries(s.market.marketStates)) marks[Number(id)] = m.markPx;
  return { configs: s.market.configs, fills: s.orders.fills, positions: s.account.positions, marks };
}

function fillText(f: Fill, configs: Configs | null): string {
  const c = contractById(configs, f.contractId);
  // Fees settle in the collateral coin (open-points).
  const fee = /^-?\d+$/.test(f.fee) ? formatMoney(f.fee, collateralCoin(configs), { exact: true, symbol: true }) : f.fee;
  const sz = c ? formatSize(f.sz, c) : f.sz;
  const px = c ? formatPrice(f.px, c) : f.px;
  return `Filled: ${f.isBuy ? 'buy' : 'sell'} ${sz} ${c?.name ?? `contract ${f.contractId}`} @ ${px} (${f.liquidity}, fee ${fee})${f.liquidation ? ' LIQUIDATION' : ''}`;
}

export function detectAlerts(prev: AlertSnapshot | null, next: AlertSnapshot, state: AlertState, settings: FormSettings['alerts']): AlertOutput {
  const events: AlertEvent[] = [];

  if (settings?.onFill !== false && next.fills !== prev?.fills) {
    const seen = new Set((prev?.fills ?? []).map(fillKey));
    for (const f of next.fills) {
      const key = fillKey(f);
      if (!seen.has(key) && f.time >= state.since) events.push({ kind: 'fill', key, text: fillText(f, next.configs) });
    }
  }

  const threshold = truncDecimal(settings?.liquidationDistancePct ?? DEFAULT_LIQUIDATION_DISTANCE_PCT, PCT_SCALE);
  const armed: Record<string, boolean> = {};
  for (const p of next.positions) {
    const key = positionKey(p);
    const wasArmed = state.armed[key] ?? true;
    const c = contractById(next.configs, p.contractId);
    const scale = (c?.priceScale ?? 0) + 6;
    const px = (v: string | null | undefined) => (c ? formatPrice(v, c) : String(v));
    const mark = truncDecimal(next.marks[p.contractId], scale);
    const liq = truncDecimal(p.liquidationPx, scale);
    if (threshold === undefined || mark === undefined || liq === undefined || mark <= 0n || p.size === '0') {
      armed[key] = wasArmed;
      continue;
    }
    // A share of the mark, not of the liquidation price: the mark is what the trader watches.
    const dist = distancePct(liq, mark);
    if (dist < threshold) {
      if (wasArmed) {
        events.push({
          kind: 'liquidation',
          key,
          text: `${c?.name ?? `contract ${p.contractId}`} ${p.isBuy ? 'long' : 'short'}: mark ${px(next.marks[p.contractId])} is ${formatPct(dist)} from liquidation at ${px(p.liquidationPx)} (alert under ${formatPct(threshold)})`,
        });
      }
      armed[key] = false;
    } else armed[key] = true;
  }

  const bell = events.length > 0 && settings?.bell !== false;
  return { events, bell, state: { since: state.since, armed } };
}
