import type { Hex } from '../../protocol/index.js';
import type { FeeRates } from './marketConfig.js';

export type MarginShareType = 'UNIFIED' | 'PORTFOLIO';
/** Hedge mode keeps a long and a short per contract, named by isBuy (spec 2.1). */
export type PositionMode = 'ONE_WAY' | 'HEDGE';
/** Users register with invite codes; operators and bots are made by the exchange itself. */
export type AccountKind = 'user' | 'operator' | 'bot';

export interface Account {
  readonly id: number;
  /** Lowercase 0x form: the key accounts are compared by. */
  readonly address: Hex;
  readonly kind: AccountKind;
  readonly createdAt: number;
  readonly marginShareType: MarginShareType;
  readonly positionMode: PositionMode;
  readonly enrolled: ReadonlySet<number>;
  /** Tier 3 of 3 fee rates, per market deployer (updateFeeSetting). */
  readonly feeOverrides: ReadonlyMap<number, FeeRates>;
  /**
   * A vault: its agents may also send its proxyable non-trade actions when the envelope's
   * vaultAddress names it (vaultProxy.ts). Set by the control route; the API has no action for it.
   */
  readonly vault: boolean;
}

/**
 * Accounts by id and by address. Every mutation is a named method so that a persistent
 * store can implement this interface by journaling calls; callers never edit records.
 */
export interface AccountStore {
  create(address: Hex, kind: AccountKind, now: number): Account;
  byId(id: number): Account | undefined;
  byAddress(address: string): Account | undefined;
  all(): IterableIterator<Account>;
  readonly size: number;
  setMarginShareType(id: number, type: MarginShareType): void;
  setPositionMode(id: number, mode: PositionMode): void;
  enroll(id: number, marketDeployerId: number): void;
  setFeeOverride(id: number, marketDeployerId: number, rates: FeeRates): void;
  setVault(id: number, enabled: boolean): void;
}

interface AccountRecord {
  id: number;
  address: Hex;
  kind: AccountKind;
  createdAt: number;
  marginShareType: MarginShareType;
  positionMode: PositionMode;
  enrolled: Set<number>;
  feeOverrides: Map<number, FeeRates>;
  vault: boolean;
}

export class MemoryAccountStore implements AccountStore {
  private readonly byIdMap = new Map<number, AccountRecord>();
  private readonly byAddressMap = new Map<string, AccountRecord>();
  private nextId = 1;

  create(address: Hex, kind: AccountKind, now: number): Account {
    const key = address.toLowerCase() as Hex;
    if (this.byAddressMap.has(key)) throw new Error(`account ${key} already exists`);
    const record: AccountRecord = {
      id: this.nextId++,
      address: key,
      kind,
      createdAt: now,
      marginShareType: 'UNIFIED',
      positionMode: 'ONE_WAY',
      enrolled: new Set(),
      feeOverrides: new Map(),
      vault: false,
    };
    this.byIdMap.set(record.id, record);
    this.byAddressMap.set(key, record);
    return record;
  }

  byId(id: number): Account | undefined {
    return this.byIdMap.get(id);
  }

  byAddress(address: string): Account | undefined {
    return this.byAddressMap.get(address.toLowerCase());
  }

  all(): IterableIterator<Account> {
    return this.byIdMap.values();
  }

  get size(): number {
    return this.byIdMap.size;
  }

  setMarginShareType(id: number, type: MarginShareType): void {
    this.record(id).marginShareType = type;
  }

  setPositionMode(id: number, mode: PositionMode): void {
    this.record(id).positionMode = mode;
  }

  enroll(id: number, marketDeployerId: number): void {
    this.record(id).enrolled.add(marketDeployerId);
  }

  setFeeOverride(id: number, marketDeployerId: number, rates: FeeRates): void {
    this.record(id).feeOverrides.set(marketDeployerId, { ...rates });
  }

  setVault(id: number, enabled: boolean): void {
    this.record(id).vault = enabled;
  }

  /** A stored account, as it was (a persistent store's start-up). */
  restore(a: Account): void {
    const record: AccountRecord = {
      id: a.id,
      address: a.address.toLowerCase() as Hex,
      kind: a.kind,
      createdAt: a.createdAt,
      marginShareType: a.marginShareType,
      positionMode: a.positionMode,
      enrolled: new Set(a.enrolled),
      feeOverrides: new Map([...a.feeOverrides].map(([md, r]) => [md, { ...r }])),
      vault: a.vault,
    };
    this.byIdMap.set(record.id, record);
    this.byAddressMap.set(record.address, record);
    if (record.id >= this.nextId) this.nextId = record.id + 1;
  }

  private record(id: number): AccountRecord {
    const r = this.byIdMap.get(id);
    if (!r) throw new Error(`unknown account ${id}`);
    return r;
  }
}
