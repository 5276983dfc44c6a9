import type { Hex } from '../../protocol/index.js';
import type { BusinessErrorKey } from '../../protocol/wire/index.js';

export type AgentSlot = 'anonymous' | 'named';

export interface AgentRecord {
  readonly address: Hex;
  /** Empty string = the anonymous slot. */
  readonly name: string;
  /** Unix ms; 0 = never expires. */
  readonly validUntil: number;
  readonly slot: AgentSlot;
  readonly approvedAt: number;
}

export const NAMED_AGENT_SLOTS = 3;

/** "valid until" is exclusive: at validUntil the agent is already expired. */
export function isAgentExpired(record: AgentRecord, now: number): boolean {
  return record.validUntil !== 0 && now >= record.validUntil;
}

export type ApproveOutcome =
  | { ok: true; record: AgentRecord; /** the address whose record this one replaced (same name) */ replaced?: Hex }
  | { ok: false; error: BusinessErrorKey };

export interface AgentLookup {
  masterId: number;
  record: AgentRecord;
}

/** Agent authorizations (spec 3.2). One address serves at most one master at a time. */
export interface AgentStore {
  approve(masterId: number, address: Hex, name: string, validUntil: number, now: number): ApproveOutcome;
  /** false when the address is not an agent of this master. */
  revoke(masterId: number, address: Hex): boolean;
  /** Active and expired records, in slot order (anonymous first, then named by approval). */
  list(masterId: number): readonly AgentRecord[];
  lookup(address: string): AgentLookup | undefined;
}

export class MemoryAgentStore implements AgentStore {
  private readonly byMaster = new Map<number, AgentRecord[]>();
  /** Global address -> master index; the "address registered under another master" rule. */
  private readonly byAddress = new Map<string, number>();

  approve(masterId: number, address: Hex, name: string, validUntil: number, now: number): ApproveOutcome {
    const key = address.toLowerCase() as Hex;
    const owner = this.byAddress.get(key);
    if (owner !== undefined && owner !== masterId) return { ok: false, error: 'AGENT_OTHER_MASTER' };
    const records = this.byMaster.get(masterId) ?? [];

    if (owner === masterId) {
      // Same address: refresh the expiry in place; it keeps its slot and name (spec 3.2).
      const i = records.findIndex((r) => r.address === key);
      const refreshed: AgentRecord = { ...(records[i] as AgentRecord), validUntil };
      records[i] = refreshed;
      return { ok: true, record: refreshed };
    }

    const slot: AgentSlot = name === '' ? 'anonymous' : 'named';
    const record: AgentRecord = { address: key, name, validUntil, slot, approvedAt: now };
    // The anonymous slot is the name "": a second anonymous approval replaces the first (Hyperliquid).
    const sameName = records.findIndex((r) => r.name === name);
    if (sameName >= 0) {
      const old = records[sameName] as AgentRecord;
      this.byAddress.delete(old.address);
      records[sameName] = record;
      this.byAddress.set(key, masterId);
      this.byMaster.set(masterId, records);
      return { ok: true, record, replaced: old.address };
    }
    if (slot === 'named' && records.filter((r) => r.slot === 'named').length >= NAMED_AGENT_SLOTS) {
      return { ok: false, error: 'NAMED_SLOTS_FULL' };
    }
    records.push(record);
    records.sort((a, b) => (a.slot === b.slot ? 0 : a.slot === 'anonymous' ? -1 : 1));
    this.byMaster.set(masterId, records);
    this.byAddress.set(key, masterId);
    return { ok: true, record };
  }

  revoke(masterId: number, address: Hex): boolean {
    const key = address.toLowerCase();
    if (this.byAddress.get(key) !== masterId) return false;
    const records = this.byMaster.get(masterId) ?? [];
    const remaining = records.filter((r) => r.address !== key);
    if (remaining.length === 0) this.byMaster.delete(masterId);
    else this.byMaster.set(masterId, remaining);
    this.byAddress.delete(key);
    return true;
  }

  list(masterId: number): readonly AgentRecord[] {
    return this.byMaster.get(masterId) ?? [];
  }

  /** A master's stored records, in slot order (a persistent store's start-up). */
  restore(masterId: number, records: readonly AgentRecord[]): void {
    if (records.length === 0) return;
    this.byMaster.set(masterId, [...records]);
    for (const r of records) this.byAddress.set(r.address.toLowerCase(), masterId);
  }

  lookup(address: string): AgentLookup | undefined {
    const key = address.toLowerCase();
    const masterId = this.byAddress.get(key);
    if (masterId === undefined) return undefined;
    const record = this.byMaster.get(masterId)?.find((r) => r.address === key);
    return record ? { masterId, record } : undefined;
  }
}
