/**
 * Per-owner index of resting orders: an intrusive doubly-linked list per owner
 * (O(1) add/remove with no hashing on the hot path, placement order preserved
 * for deterministic `ordersOf` / `cancelAll`) plus a lazily created cloid map,
 * so the caller can resolve cloids and check their uniqueness among active
 * orders without keeping a second index in sync.
 */
import { OwnerEntry, type OrderNode } from './orderNode.js';

export class OwnerIndex {
  private readonly byOwner = new Map<string, OwnerEntry>();

  add(node: OrderNode): void {
    const owner = node.o.owner;
    let e = this.byOwner.get(owner);
    if (e === undefined) {
      e = new OwnerEntry(owner);
      this.byOwner.set(owner, e);
    }
    node.oe = e;
    node.oPrev = e.tail;
    node.oNext = undefined;
    if (e.tail === undefined) e.head = node;
    else e.tail.oNext = node;
    e.tail = node;
    e.n++;
    const c = node.o.cloid;
    if (c !== undefined) (e.cloids ??= new Map()).set(c, node);
  }

  remove(node: OrderNode): void {
    const e = node.oe;
    if (e === undefined) return;
    if (node.oPrev === undefined) e.head = node.oNext;
    else node.oPrev.oNext = node.oNext;
    if (node.oNext === undefined) e.tail = node.oPrev;
    else node.oNext.oPrev = node.oPrev;
    node.oPrev = node.oNext = node.oe = undefined;
    e.n--;
    const c = node.o.cloid;
    if (c !== undefined && e.cloids?.get(c) === node) e.cloids.delete(c);
    // Dropping empty entries keeps memory bounded by owners with live orders.
    if (e.n === 0) this.byOwner.delete(e.owner);
  }

  /** Re-points the cloid map after the caller changed `node.o.cloid`. */
  recloid(node: OrderNode, oldCloid: string | undefined): void {
    const e = node.oe;
    if (e === undefined) return;
    if (oldCloid !== undefined && e.cloids?.get(oldCloid) === node) e.cloids.delete(oldCloid);
    const c = node.o.cloid;
    if (c !== undefined) (e.cloids ??= new Map()).set(c, node);
  }

  findCloid(owner: string, cloid: string): OrderNode | undefined {
    return this.byOwner.get(owner)?.cloids?.get(cloid);
  }

  /** Nodes of one owner in placement order (a copy: safe to mutate the book while using it). */
  nodes(owner: string): OrderNode[] {
    const out: OrderNode[] = [];
    for (let n = this.byOwner.get(owner)?.head; n !== undefined; n = n.oNext) out.push(n);
    return out;
  }

  /** Appends problems; returns how many nodes the index holds. */
  check(errors: string[], isIndexed: (node: OrderNode) => boolean): number {
    let total = 0;
    for (const [owner, e] of this.byOwner) {
      if (e.n <= 0 || e.head === undefined) errors.push(`owner ${owner} has an empty index entry`);
      let n = 0;
      let back: OrderNode | undefined;
      for (let node = e.head; node !== undefined && n <= e.n; node = node.oNext) {
        if (node.oPrev !== back || node.oe !== e) errors.push(`owner list of ${owner} broken at ${node.o.oid}`);
        if (node.o.owner !== owner || !isIndexed(node)) errors.push(`owner index stale: ${node.o.oid}`);
        back = node;
        n++;
      }
      if (n !== e.n || e.tail !== back) errors.push(`owner ${owner}: count/tail mismatch`);
      for (const [c, node] of e.cloids ?? []) {
        if (node.o.cloid !== c || node.oe !== e) errors.push(`cloid index stale: ${owner}/${c}`);
      }
      total += n;
    }
    return total;
  }
}
