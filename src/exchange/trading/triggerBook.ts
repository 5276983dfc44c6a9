/** Live TP/SL triggers by id and by contract (conditional orders consume no margin and sit off the book). */
import type { TradingJournal } from './tradingJournal.js';
import type { PositionSide, Trigger } from './types.js';

export class TriggerBook {
  /** Told of every change (persistence); unset in memory. */
  journal: TradingJournal | undefined;
  private readonly byId = new Map<number, Trigger>();
  private readonly byContract = new Map<number, Set<Trigger>>();

  get(id: number): Trigger | undefined {
    return this.byId.get(id);
  }

  get size(): number {
    return this.byId.size;
  }

  add(trig: Trigger): void {
    this.byId.set(trig.id, trig);
    let set = this.byContract.get(trig.contractId);
    if (!set) this.byContract.set(trig.contractId, (set = new Set()));
    set.add(trig);
    this.journal?.trigger(trig, true);
  }


  remove(trig: Trigger): boolean {
    if (!this.byId.delete(trig.id)) return false;
    const set = this.byContract.get(trig.contractId);
    set?.delete(trig);
    if (set?.size === 0) this.byContract.delete(trig.contractId);
    this.journal?.trigger(trig, false);
    return true;
  }

  /** A copy, safe to iterate while triggers fire and are removed. */
  forContract(contractId: number): Trigger[] {
    return [...(this.byContract.get(contractId) ?? [])];
  }

  ofPosition(accountId: number, contractId: number, side: PositionSide): Trigger[] {
    return this.forContract(contractId).filter((t) => t.accountId === accountId && t.positionSide === side);
  }

  ofAccountContract(accountId: number, contractId: number): Trigger[] {
    return this.forContract(contractId).filter((t) => t.accountId === accountId);
  }
}
