/**
 * Records as the venue file stores them: JSON text with every bigint as a decimal string,
 * so no amount ever passes through a float.
 */
import type { Hex } from '../../protocol/index.js';
import type { RawCandle } from '../market/candles.js';
import type { Account, AccountKind, MarginShareType, PositionMode } from '../state/accounts.js';
import type { FeeRates } from '../state/marketConfig.js';
import type { OrderRecord, OrderTif, Position, PositionSide, Trigger } from '../trading/types.js';
import type { OrderStatusName } from '../../protocol/wire/index.js';

type Row = Record<string, unknown>;

const big = (v: unknown): bigint => BigInt(v as string);
const opt = (v: unknown): bigint | undefined => (v === null || v === undefined ? undefined : BigInt(v as string));

export function encodeOrder(o: OrderRecord): string {
  return JSON.stringify({
    oid: o.oid,
    accountId: o.accountId,
    contractId: o.contractId,
    isBuy: o.isBuy,
    px: o.px.toString(),
    origSz: o.origSz.toString(),
    filled: o.filled.toString(),
    filledPxSz: o.filledPxSz.toString(),
    remaining: o.remaining.toString(),
    tif: o.tif,
    reduceOnly: o.reduceOnly,
    cloid: o.cloid ?? null,
    positionSide: o.positionSide ?? null,
    timestamp: o.timestamp,
    status: o.status,
    statusTimestamp: o.statusTimestamp,
    triggerId: o.triggerId ?? null,
  });
}

export function decodeOrder(text: string): OrderRecord {
  const r = JSON.parse(text) as Row;
  return {
    oid: r.oid as number,
    accountId: r.accountId as number,
    contractId: r.contractId as number,
    isBuy: r.isBuy as boolean,
    px: big(r.px),
    origSz: big(r.origSz),
    filled: big(r.filled),
    filledPxSz: big(r.filledPxSz),
    remaining: big(r.remaining),
    tif: r.tif as OrderTif,
    reduceOnly: r.reduceOnly as boolean,
    cloid: (r.cloid as string | null) ?? undefined,
    positionSide: (r.positionSide as PositionSide | null) ?? undefined,
    timestamp: r.timestamp as number,
    status: r.status as OrderStatusName,
    statusTimestamp: r.statusTimestamp as number,
    ...(r.triggerId !== null && r.triggerId !== undefined ? { triggerId: r.triggerId as number } : {}),
  };
}

export function encodeTrigger(t: Trigger): string {
  return JSON.stringify({ ...t, triggerPx: t.triggerPx.toString(), sz: t.sz?.toString() ?? null });
}

export function decodeTrigger(text: string): Trigger {
  const r = JSON.parse(text) as Row;
  return {
    id: r.id as number,
    accountId: r.accountId as number,
    contractId: r.contractId as number,
    positionSide: r.positionSide as PositionSide,
    kind: r.kind as 'tp' | 'sl',
    triggerPx: big(r.triggerPx),
    sz: opt(r.sz),
    createdAt: r.createdAt as number,
  };
}

export function encodePosition(p: Position | undefined): string | null {
  return p ? JSON.stringify({ side: p.side, size: p.size.toString(), cost: p.cost.toString(), openedAt: p.openedAt }) : null;
}

export function decodePosition(text: string | null): Position | undefined {
  if (text === null) return undefined;
  const r = JSON.parse(text) as Row;
  return { side: r.side as PositionSide, size: big(r.size), cost: big(r.cost), openedAt: r.openedAt as number };
}

export function encodeCandle(b: RawCandle): string {
  return JSON.stringify({ t: b.t, T: b.T, o: b.o.toString(), h: b.h.toString(), l: b.l.toString(), c: b.c.toString(), v: b.v.toString(), n: b.n });
}

export function decodeCandle(text: string): RawCandle {
  const r = JSON.parse(text) as Row;
  return { t: r.t as number, T: r.T as number, o: big(r.o), h: big(r.h), l: big(r.l), c: big(r.c), v: big(r.v), n: r.n as number };
}

export interface AccountRow {
  id: number;
  address: string;
  kind: string;
  created_at: number;
  margin_share_type: string;
  position_mode: string;
  enrolled: string;
  fee_overrides: string;
  /** 0 or 1 (schema 4 on). */
  vault: number;
}

export function encodeAccount(a: Account): AccountRow {
  return {
    id: a.id,
    address: a.address,
    kind: a.kind,
    created_at: a.createdAt,
    margin_share_type: a.marginShareType,
    position_mode: a.positionMode,
    enrolled: JSON.stringify([...a.enrolled]),
    fee_overrides: JSON.stringify([...a.feeOverrides].map(([md, r]) => [md, r.maker.toString(), r.taker.toString()])),
    vault: a.vault ? 1 : 0,
  };
}

export function decodeAccount(r: AccountRow): Account {
  const fees = JSON.parse(r.fee_overrides) as [number, string, string][];
  return {
    id: r.id,
    address: r.address as Hex,
    kind: r.kind as AccountKind,
    createdAt: r.created_at,
    marginShareType: r.margin_share_type as MarginShareType,
    positionMode: r.position_mode as PositionMode,
    enrolled: new Set(JSON.parse(r.enrolled) as number[]),
    feeOverrides: new Map<number, FeeRates>(fees.map(([md, maker, taker]) => [md, { maker: BigInt(maker), taker: BigInt(taker) }])),
    vault: r.vault === 1,
  };
}
