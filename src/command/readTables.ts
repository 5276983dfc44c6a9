import { formatMoney, formatPrice, formatSize, MINUS, MISSING, toRaw } from '../format/index.js';
import { coinById, collateralCoin } from '../forms/index.js';
import { formatFixed } from '../protocol/index.js';
import type {
  AgentRecord,
  Candle,
  CandleUpdate,
  Configs,
  ContractConfig,
  L2Book,
  OpenOrder,
  OrderLookup,
  Position,
  ShareGroupDef,
  Trade,
  UserAccount,
} from '../protocol/wire/index.js';
import { renderTable, type Table } from './output.js';

/**
 * The reads as a person sees them: the columns a trader expects, every price and size at
 * the contract's scales and every amount at its coin's decimals (src/format). The JSON of
 * the same reads is the exchange's answer; these never feed it.
 */

type Contracts = ReadonlyMap<number, ContractConfig>;

export const contractsById = (configs: Configs): Contracts => new Map(configs.contracts.map((c) => [c.contractId, c]));

const contractName = (byId: Contracts, id: number) => byId.get(id)?.name ?? `#${id}`;

function deployerLabel(configs: Configs, id: number): string {
  const name = configs.marketDeployers.find((d) => d.marketDeployerId === id)?.name;
  return name ? `${id} ${name}` : String(id);
}

/** UTC, to the second: "2026-01-31 14:05:09Z". */
export function timeText(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z');
}

/** A decimal rate as a percentage with four decimals: "0.00045" -> "0.0450%". Exact, no float. */
export function ratePercent(rate: string | undefined): string {
  const raw = rate === undefined ? undefined : toRaw(rate, 6); // rate x 10^6 = percent x 10^4
  if (raw === undefined) return MISSING;
  const text = `${formatFixed(raw < 0n ? -raw : raw, 4, 4)}%`;
  return raw < 0n ? `${MINUS}${text}` : text;
}

export function contractsTable(configs: Configs): Table {
  return {
    columns: ['name', 'id', 'status', 'deployer', 'tick', 'step', 'max lev'],
    right: [1, 4, 5, 6],
    rows: configs.contracts.map((c) => [
      c.name,
      String(c.contractId),
      c.status,
      deployerLabel(configs, c.marketDeployerId),
      formatPrice(BigInt(c.tickSize), c),
      formatSize(BigInt(c.stepSize), c),
      `${Math.max(...c.leverageTiers.map((t) => t.maxLeverage))}x`,
    ]),
  };
}

/** The ladder: bids on the left, best first; asks on the right, best first. */
export function bookLines(book: L2Book, c: ContractConfig): string[] {
  const [bids, asks] = book.levels;
  const rows: string[][] = [];
  for (let i = 0; i < Math.max(bids.length, asks.length); i++) {
    const b = bids[i];
    const a = asks[i];
    rows.push([
      b ? String(b.n) : '',
      b ? formatSize(b.sz, c) : '',
      b ? formatPrice(b.px, c) : '',
      a ? formatPrice(a.px, c) : '',
      a ? formatSize(a.sz, c) : '',
      a ? String(a.n) : '',
    ]);
  }
  const bid = toRaw(bids[0]?.px, c.priceScale);
  const ask = toRaw(asks[0]?.px, c.priceScale);
  const spread = bid !== undefined && ask !== undefined ? formatPrice(ask - bid, c) : MISSING;
  const table = renderTable({ columns: ['n', 'bid size', 'bid', 'ask', 'ask size', 'n'], right: [0, 1, 2, 3, 4, 5], rows });
  return [`${c.name} book at ${timeText(book.time)}  spread ${spread}`, ...table];
}

const takerSide = (t: Trade) => (t.side === 'B' ? 'buy' : 'sell');

export function tradesTable(trades: readonly Trade[], byId: Contracts): Table {
  return {
    columns: ['time', 'contract', 'taker', 'price', 'size', 'tid'],
    right: [3, 4, 5],
    rows: trades.map((t) => {
      const c = byId.get(t.contractId);
      return [timeText(t.time), contractName(byId, t.contractId), takerSide(t), c ? formatPrice(t.px, c) : t.px, c ? formatSize(t.sz, c) : t.sz, String(t.tid)];
    }),
  };
}

/** The tape while watching: one line per trade, no header to repeat. */
export function tradeLines(trades: readonly Trade[], byId: Contracts): string[] {
  return trades.map((t) => {
    const c = byId.get(t.contractId);
    return `${timeText(t.time)}  ${contractName(byId, t.contractId)}  ${takerSide(t).padEnd(4)}  ${c ? formatSize(t.sz, c) : t.sz} @ ${c ? formatPrice(t.px, c) : t.px}`;
  });
}

export function candlesTable(candles: readonly Candle[], c: ContractConfig): Table {
  return {
    columns: ['open time', 'open', 'high', 'low', 'close', 'volume', 'trades'],
    right: [1, 2, 3, 4, 5, 6],
    rows: candles.map((k) => [timeText(k.t), formatPrice(k.o, c), formatPrice(k.h, c), formatPrice(k.l, c), formatPrice(k.c, c), formatSize(k.v, c), String(k.n)]),
  };
}

export function candleUpdateLine(k: CandleUpdate, c: ContractConfig): string {
  const px = (p: string) => formatPrice(p, c);
  return `${c.name} ${k.interval} ${timeText(k.t)}  O ${px(k.o)}  H ${px(k.h)}  L ${px(k.l)}  C ${px(k.c)}  V ${formatSize(k.v, c)}  n ${k.n}${k.closed ? '  closed' : ''}`;
}

function orderCells(o: OpenOrder, byId: Contracts): string[] {
  const c = byId.get(o.asset);
  return [
    String(o.oid),
    contractName(byId, o.asset),
    o.isBuy ? 'buy' : 'sell',
    c ? formatPrice(o.limitPx, c) : o.limitPx,
    c ? formatSize(o.origSz, c) : o.origSz,
    c ? formatSize(o.sz, c) : o.sz,
    o.tif + (o.reduceOnly ? ' reduce' : ''),
  ];
}

export function ordersTable(orders: readonly OpenOrder[], byId: Contracts): Table {
  return {
    columns: ['oid', 'contract', 'side', 'price', 'size', 'left', 'tif', 'placed', 'cloid'],
    right: [0, 3, 4, 5],
    rows: orders.map((o) => [...orderCells(o, byId), timeText(o.timestamp), o.cloid ?? '']),
  };
}

export function orderLookupTable(found: readonly OrderLookup[], byId: Contracts): Table {
  return {
    columns: ['oid', 'contract', 'side', 'price', 'size', 'left', 'tif', 'status', 'since', 'cloid'],
    right: [0, 3, 4, 5],
    rows: found.map((f) => [...orderCells(f.order, byId), f.status, timeText(f.statusTimestamp), f.order.cloid ?? '']),
  };
}

/** The chain balances, then each deployer's cross pool in the collateral coin. */
export function accountLines(a: UserAccount, configs: Configs): string[] {
  const coll = collateralCoin(configs);
  const money = (raw: string, coinId = coll.coinId) => formatMoney(raw, coinById(configs, coinId));
  const rows: string[][] = [];
  for (const b of a.chainBalances) {
    // An empty balance of a coin other than the collateral is noise.
    if (b.coinId !== coll.coinId && !/[1-9]/.test(b.total)) continue;
    rows.push(['chain', coinById(configs, b.coinId).name, money(b.total, b.coinId), '', '', '', '', '']);
  }
  for (const p of a.marketDeployers) {
    const own = p.balances.find((b) => b.coinId === coll.coinId)?.total ?? '0';
    const open = p.positions.filter((x) => /[1-9]/.test(x.size)).length;
    rows.push([deployerLabel(configs, p.marketDeployerId), coll.name, money(own), money(p.equity), money(p.marginUsed), money(p.available), money(p.withdrawable), String(open)]);
    for (const b of p.balances) {
      if (b.coinId === coll.coinId || !/[1-9]/.test(b.total)) continue;
      rows.push(['', coinById(configs, b.coinId).name, money(b.total, b.coinId), '', '', '', '', '']);
    }
  }
  const head = `account ${a.address} (id ${a.accountId}, ${a.marginShareType} margin, ${a.positionMode})`;
  return [head, ...renderTable({ columns: ['where', 'coin', 'balance', 'equity', 'margin used', 'available', 'withdrawable', 'positions'], right: [2, 3, 4, 5, 6, 7], rows })];
}

export type PositionWithNames = Position & { contract: string; marketDeployerId: number };

/** Open positions (an entry of size 0 is left out of the table, not out of the JSON). */
export function positionsTable(positions: readonly PositionWithNames[], configs: Configs): Table {
  const byId = contractsById(configs);
  const coll = collateralCoin(configs);
  const rows = positions
    .filter((p) => /[1-9]/.test(p.size))
    .map((p) => {
      const c = byId.get(p.contractId) ?? { priceScale: 0, qtyScale: 0 };
      const abs = toRaw(p.size.replace(/^-/, ''), c.qtyScale);
      const signed = abs === undefined ? undefined : p.isBuy ? abs : -abs;
      const margin = p.marginUsed ?? (p.marginMode === 'isolated' ? p.isolatedMargin : undefined);
      const legs = [p.tp && `TP ${formatPrice(p.tp.triggerPx, c)}`, p.sl && `SL ${formatPrice(p.sl.triggerPx, c)}`].filter(Boolean).join(' ');
      return [
        p.contract,
        deployerLabel(configs, p.marketDeployerId),
        p.isBuy ? 'long' : 'short',
        formatSize(signed, c, { signed: true }),
        formatPrice(p.entryPx, c),
        formatPrice(p.liquidationPx, c),
        `${p.leverage}x ${p.marginMode === 'isolated' ? 'iso' : 'cross'}`,
        formatMoney(margin, coll),
        formatMoney(p.unrealizedPnl, coll, { signed: true }),
        legs || MISSING,
      ];
    });
  return { columns: ['contract', 'deployer', 'side', 'size', 'entry', 'liq', 'lev', 'margin', 'uPnL', 'tp/sl'], right: [3, 4, 5, 7, 8], rows };
}

export function agentsTable(agents: readonly AgentRecord[]): Table {
  return {
    columns: ['name', 'address', 'slot', 'valid until', 'state'],
    // validUntil 0: the approval has no end.
    rows: agents.map((a) => [a.name || MISSING, a.address, a.slot, a.validUntil === 0 ? 'no expiry' : timeText(a.validUntil), a.expired ? 'expired' : 'active']),
  };
}

export function groupsTable(groups: readonly ShareGroupDef[], balances: UserAccount['shareGroups'], configs: Configs): Table {
  const byId = contractsById(configs);
  const rows = groups.map((g) => {
    const coin = coinById(configs, g.settlementCoinId);
    const mine = balances.find((b) => b.groupId === g.groupId && b.coinId === g.settlementCoinId);
    const money = (raw: string | undefined) => (mine ? formatMoney(raw, coin) : '');
    return [
      String(g.groupId),
      g.members.map((id) => contractName(byId, id)).join(', '),
      coin.name,
      g.frozen || mine?.frozen ? 'frozen' : '',
      money(mine?.balance),
      money(mine?.equity),
      money(mine?.marginUsed),
      money(mine?.available),
    ];
  });
  return { columns: ['group', 'contracts', 'coin', 'state', 'balance', 'equity', 'margin used', 'available'], right: [0, 4, 5, 6, 7], rows };
}

export function deployersTable(configs: Configs, enrolled: readonly number[]): Table {
  return {
    columns: ['id', 'name', 'operator', 'contracts', 'enrolled'],
    right: [0],
    rows: configs.marketDeployers.map((d) => [
      String(d.marketDeployerId),
      d.name,
      d.operator ?? MISSING,
      configs.contracts
        .filter((c) => c.marketDeployerId === d.marketDeployerId)
        .map((c) => c.name)
        .join(', '),
      enrolled.includes(d.marketDeployerId) ? 'yes' : 'no',
    ]),
  };
}

export function feesTable(configs: Configs): Table {
  return {
    columns: ['contract', 'deployer', 'status', 'maker', 'taker'],
    right: [3, 4],
    rows: configs.contracts.map((c) => [c.name, deployerLabel(configs, c.marketDeployerId), c.status, ratePercent(c.makerFeeRate), ratePercent(c.takerFeeRate)]),
  };
}
