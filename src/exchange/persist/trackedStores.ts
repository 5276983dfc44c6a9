/**
 * The in-memory stores, reporting each mutation to VenueChanges: the exchange keeps
 * working on memory (its one-writer, never-await design), and the commit at the end of a
 * request writes what these named.
 */
import type { Hex } from '../../protocol/index.js';
import { MemoryLedger, type BucketKey } from '../ledger.js';
import { MemoryAccountStore, type Account, type AccountKind, type MarginShareType, type PositionMode } from '../state/accounts.js';
import { MemoryAgentStore, type ApproveOutcome } from '../state/agents.js';
import { MemoryInviteCodeStore } from '../state/inviteCodes.js';
import type { FeeRates } from '../state/marketConfig.js';
import { NonceWindow } from '../state/nonceWindow.js';
import type { VenueChanges } from './venueChanges.js';

export class TrackedLedger extends MemoryLedger {
  constructor(
    private readonly changes: VenueChanges,
    now: () => number,
  ) {
    super(now);
  }

  protected override set(key: BucketKey, value: bigint): void {
    super.set(key, value);
    this.changes.mark(this.changes.buckets, key);
  }

  protected override onMinted(coin: number): void {
    this.changes.mark(this.changes.minted, coin);
  }
}

export class TrackedAccountStore extends MemoryAccountStore {
  constructor(private readonly changes: VenueChanges) {
    super();
  }

  override create(address: Hex, kind: AccountKind, now: number): Account {
    const a = super.create(address, kind, now);
    this.touch(a.id);
    return a;
  }

  override setMarginShareType(id: number, type: MarginShareType): void {
    super.setMarginShareType(id, type);
    this.touch(id);
  }

  override setPositionMode(id: number, mode: PositionMode): void {
    super.setPositionMode(id, mode);
    this.touch(id);
  }

  override enroll(id: number, marketDeployerId: number): void {
    super.enroll(id, marketDeployerId);
    this.touch(id);
  }

  override setFeeOverride(id: number, marketDeployerId: number, rates: FeeRates): void {
    super.setFeeOverride(id, marketDeployerId, rates);
    this.touch(id);
  }

  override setVault(id: number, enabled: boolean): void {
    super.setVault(id, enabled);
    this.touch(id);
  }

  private touch(id: number): void {
    this.changes.mark(this.changes.accounts, id);
  }
}

export class TrackedAgentStore extends MemoryAgentStore {
  constructor(private readonly changes: VenueChanges) {
    super();
  }

  override approve(masterId: number, address: Hex, name: string, validUntil: number, now: number): ApproveOutcome {
    const out = super.approve(masterId, address, name, validUntil, now);
    if (out.ok) this.changes.mark(this.changes.agentMasters, masterId);
    return out;
  }

  override revoke(masterId: number, address: Hex): boolean {
    const out = super.revoke(masterId, address);
    if (out) this.changes.mark(this.changes.agentMasters, masterId);
    return out;
  }
}

export class TrackedInviteCodeStore extends MemoryInviteCodeStore {
  constructor(
    private readonly changes: VenueChanges,
    seed: number,
  ) {
    super(seed);
  }

  override add(code: string): void {
    const known = this.state(code) !== 'unknown';
    super.add(code);
    if (!known) this.touch(code);
  }

  override consume(code: string): boolean {
    const ok = super.consume(code);
    if (ok) this.touch(code);
    return ok;
  }

  override issue(count: number): string[] {
    const codes = super.issue(count);
    for (const code of codes) this.touch(code);
    return codes;
  }

  private touch(code: string): void {
    this.changes.mark(this.changes.invites, code.toUpperCase());
  }
}

export class TrackedNonceWindow extends NonceWindow {
  constructor(private readonly changes: VenueChanges) {
    super();
  }

  override use(signer: string, nonce: number, now: number): string | undefined {
    const refusal = super.use(signer, nonce, now);
    if (refusal === undefined) {
      this.changes.nonces.push([signer.toLowerCase(), nonce]);
      this.changes.dirty = true;
    }
    return refusal;
  }
}
