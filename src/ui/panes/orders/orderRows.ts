import type { Configs, ContractConfig, OpenOrder } from '../../../protocol/wire/index.js';
import { formatPrice, formatSize, MISSING, toRaw } from '../../../format/index.js';
import { sideLabel } from '../../format/side.js';
import { contractsById } from '../lookups.js';
import { memoLast, memoPerItem } from '../memo.js';

/**
 * Open orders as the pane lists them: the selected contract's (or every contract's),
 * by ascending order id, so a new order appends at the bottom and never moves the row
 * the user has selected.
 */
export interface OrderRow {
  key: string;
  order: OpenOrder;
  contract: string;
  side: string;
  isBuy: boolean;
  price: string;
  /** Remaining / original size. */
  size: string;
  filled: string;
  tif: string;
  reduceOnly: string;
  cloid: string;
  /** Placement time (ms), for the age column. */
  placedAt: number;
}

export type OrdersScope = 'contract' | 'all';

function toRow(o: OpenOrder, c: ContractConfig | undefined): OrderRow {
  const scales = { priceScale: c?.priceScale ?? 0, qtyScale: c?.qtyScale ?? 0 };
  const left = toRaw(o.sz, scales.qtyScale);
  const orig = toRaw(o.origSz, scales.qtyScale);
  const size = (v: bigint | undefined) => formatSize(v, scales);
  return {
    key: String(o.oid),
    order: o,
    contract: c?.name ?? `#${o.asset}`,
    side: sideLabel(o.isBuy, 'word'),
    isBuy: o.isBuy,
    price: formatPrice(o.limitPx, scales),
    size: `${size(left)}/${size(orig)}`,
    filled: left !== undefined && orig !== undefined ? size(orig - left) : MISSING,
    tif: o.tif,
    reduceOnly: o.reduceOnly ? 'RO' : '',
    cloid: o.cloid ?? '',
    placedAt: o.timestamp,
  };
}

const rowOf = memoPerItem((o: OpenOrder, configs: Configs | null) => toRow(o, contractsById(configs).get(o.asset)));

export const orderRows = memoLast(
  (open: Readonly<Record<number, OpenOrder>>, configs: Configs | null, contractId: number | undefined, scope: OrdersScope): readonly OrderRow[] => {
    const list = Object.values(open)
      .filter((o) => scope === 'all' || o.asset === contractId)
      .sort((a, b) => a.oid - b.oid);
    return list.map((o) => rowOf(o, configs));
  },
);
