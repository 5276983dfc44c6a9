/**
 * A resting order's node in the book's intrusive lists, and the heads of those lists: the
 * FIFO of its price level (bookSide.ts) and its owner's list (ownerIndex.ts). They are
 * declared together because each points at the others.
 */
import type { MutableOrder } from './types.js';

export class OrderNode {
  prev: OrderNode | undefined = undefined;
  next: OrderNode | undefined = undefined;
  /** Set while the node is linked into a level. */
  level: Level | undefined = undefined;
  /** Links of the owner's list. */
  oPrev: OrderNode | undefined = undefined;
  oNext: OrderNode | undefined = undefined;
  oe: OwnerEntry | undefined = undefined;
  constructor(readonly o: MutableOrder) {}
}

export class Level {
  sz = 0n;
  n = 0;
  head: OrderNode | undefined = undefined;
  tail: OrderNode | undefined = undefined;
  constructor(readonly px: bigint) {}
}

export class OwnerEntry {
  head: OrderNode | undefined = undefined;
  tail: OrderNode | undefined = undefined;
  n = 0;
  cloids: Map<string, OrderNode> | undefined = undefined;
  constructor(readonly owner: string) {}
}
