import { NonceManager } from '../protocol/index.js';
import {
  agentMaySend,
  build,
  parseAction,
  type Action,
  type ActionOf,
  type ActionType,
  type CancelStatus,
  type ExchangeDataOf,
  type OrderSpec,
  type OrderStatus,
} from '../protocol/wire/index.js';
import { CloidGenerator } from './cloid.js';
import { clientError, type ClientError, type Result } from './errors.js';
import { interpretExchange } from './exchangeResponse.js';
import type { HttpTransport } from './http.js';
import type { InfoClient } from './infoClient.js';
import type { ActionOutcome, CancelAllResult, CancelResult, ModifyResult, OrderResult, OutcomeMeta, ReconciledItem } from '../model/actionOutcome.js';
import type { JournalEntry, JournalListener, JournalOutcome } from '../model/journalEntry.js';
import { DEFAULT_LOOKUP, lookupUntilFound, modifyApplied, reconciledFrom, type LookupPolicy } from './reconcile.js';
import type { Signer, SignerInfo, SignerSet } from './signers.js';

export interface ExchangeClientOptions {
  http: HttpTransport;
  info: InfoClient;
  signers: SignerSet;
  /** The master account's address: order lookups name the account by it. */
  address: string;
  nonces?: NonceManager;
  cloids?: CloidGenerator;
  lookup?: LookupPolicy;
  /** For reconciling cancelAll, which needs the contract's market deployer. */
  marketDeployerOf?: (contractId: number) => number | undefined;
  /**
   * The action in the trader's words, taken as it is signed (a cancel names its order while
   * that order is still known), for the journal entry's `asked`. Never throws into a send.
   */
  describe?: (action: Action) => string;
  /**
   * The vault this client acts for as one of its agents (issue 22): every non-trade action
   * names it as the envelope's vaultAddress, and when only the agent key is loaded the agent
   * signs those too (the exchange checks it is that vault's agent). `address` is then the vault's.
   */
  vaultAddress?: string;
}

export interface SendOptions {
  inviteCode?: string;
  /** For this request only, in place of the client's vaultAddress; trade actions never carry one. */
  vaultAddress?: string;
  /** Journalled only: the cloid of the order whose fill caused this send (a TP/SL set with it). */
  parentCloid?: string;
}

/** What `submit` answers for an action of type T. */
export type OutcomeOf<T extends ActionType> = T extends 'order'
  ? OrderResult
  : T extends 'cancel' | 'cancelByCloid'
    ? CancelResult
    : T extends 'modify'
      ? ModifyResult
      : T extends 'cancelAll'
        ? CancelAllResult
        : ActionOutcome<T>;

export type { ActionOutcome, CancelAllResult, CancelResult, ModifyResult, OrderItem, OrderResult } from '../model/actionOutcome.js';

/** The journal's own record of a request that left: its 'sent' entry's seq and time. */
interface Departure {
  seq: number;
  time: number;
}

type Sent<T extends ActionType> =
  | { kind: 'ok'; data: ExchangeDataOf<T>; requestId: string; nonce: number; signer: SignerInfo; asked?: string; departure?: Departure; vault?: string }
  | { kind: 'failed' | 'unknown'; error: ClientError; nonce?: number; signer?: SignerInfo; asked?: string; departure?: Departure; vault?: string };

/** The 'sent' entry's answer in words, until the answer replaces it. */
const AWAITING = 'sent, awaiting the answer';

/**
 * Signs and sends the 24 actions of spec 4.4. Never resends a write on its own: when an
 * answer is lost, orders, cancels and modifies are settled by reading the exchange's order
 * records (ordersByCloids / ordersByIds) and the caller is told what really happened.
 *
 * Journal listeners hear of each signed request twice: a 'sent' entry after signing and
 * before the request leaves (synchronously, so a listener that writes it to disk has written
 * it before the first byte goes out), then the answer's entry with the same seq, signer and
 * nonce. A request refused before signing is heard of once, with its answer.
 */
export class ExchangeClient {
  readonly address: string;
  /** Lowercase; set when this client acts for a vault as its agent. */
  readonly vaultAddress: string | undefined;
  private readonly nonces: NonceManager;
  private readonly cloidGen: CloidGenerator;
  private readonly lookup: LookupPolicy;
  private readonly listeners = new Set<JournalListener>();
  private seq = 0;

  constructor(private readonly o: ExchangeClientOptions) {
    this.address = o.address.toLowerCase();
    this.vaultAddress = o.vaultAddress?.toLowerCase();
    this.nonces = o.nonces ?? new NonceManager();
    this.cloidGen = o.cloids ?? new CloidGenerator();
    this.lookup = o.lookup ?? DEFAULT_LOOKUP;
  }

  get signers(): SignerSet {
    return this.o.signers;
  }

  private gate: ((type: ActionType) => string | undefined) | undefined;

  /**
   * A check in front of every signature this client makes to send (not `signOnly`'s): a
   * refusal stops the action before a nonce is taken or anything is signed. The command
   * line puts its one signed path here, so no command can send without passing it.
   */
  guardSends(gate: (type: ActionType) => string | undefined): void {
    this.gate = gate;
  }

  onJournal(fn: JournalListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  newCloid(): string {
    return this.cloidGen.next();
  }

  /** Any action, signed by the right key; typed result, journalled. */
  async send<T extends ActionType>(action: ActionOf<T> & { type: T }, opts: SendOptions = {}): Promise<ActionOutcome<T>> {
    return this.finish(action.type, await this.sendRaw<T>(action, opts), opts.parentCloid);
  }

  /**
   * A built action, sent as it is (the very object: what a dry run or a confirm step showed
   * is what is signed), through the method that settles a lost answer for its type: orders,
   * cancels, modify and cancel-all are read back from the exchange's records; the rest as `send`.
   */
  submit<A extends Action>(action: A, opts: SendOptions = {}): Promise<OutcomeOf<A['type']>> {
    const a = action as Action;
    let out: Promise<unknown>;
    switch (a.type) {
      case 'order':
        out = this.placeOrder(a);
        break;
      case 'cancel':
        out = this.cancelWith(a, a.cancels.map((c) => c.o), (pending) => this.o.info.ordersByIds(this.address, pending), (l) => l.order.oid, (oid) => ({ oid }));
        break;
      case 'cancelByCloid':
        out = this.cancelWith(a, a.cancels.map((c) => c.cloid), (pending) => this.o.info.ordersByCloids(this.address, pending), (l) => l.order.cloid, (cloid) => ({ cloid }));
        break;
      case 'modify':
        out = this.modifyAction(a);
        break;
      case 'cancelAll':
        out = this.cancelAllAction(a);
        break;
      default:
        out = this.send(a as never, opts);
    }
    return out as Promise<OutcomeOf<A['type']>>;
  }

  // ---- orders, with reconciliation ----

  /** Orders from specs: each without a cloid gets one here, then the action goes as `submit` sends it. */
  order(specs: OrderSpec[]): Promise<OrderResult> {
    return this.placeOrder(build.order(specs.map((s) => (s.cloid === undefined ? { ...s, cloid: this.cloidGen.next() } : s))));
  }

  /** An order action whose every order carries its cloid (the key a lost answer is settled by). */
  private async placeOrder(action: ActionOf<'order'>): Promise<OrderResult> {
    const missing = action.orders.findIndex((o) => o.c === undefined);
    if (missing >= 0) {
      const error = clientError('validation', `order: order ${missing + 1} has no cloid; a lost answer could not be settled`);
      this.record('order', { kind: 'failed', error }, 'error', error.message);
      return { ok: false, error, outcomeUnknown: false, cloids: [] };
    }
    const cloids = action.orders.map((o) => o.c as string);
    const r = await this.sendRaw(action, {}, cloids);
    if (r.kind === 'ok') {
      const errors = r.data.statuses.filter((s) => 'error' in s).length;
      const outcome: JournalOutcome = errors === 0 ? 'ok' : errors === r.data.statuses.length ? 'rejected' : 'partial';
      this.record('order', r, outcome, summariseStatuses(r.data.statuses), cloids);
      return { ok: true, statuses: r.data.statuses, requestId: r.requestId, nonce: r.nonce, signer: r.signer, cloids };
    }
    if (r.kind === 'failed') {
      this.record('order', r, outcomeOf(r.error), r.error.message, cloids);
      return { ok: false, error: r.error, outcomeUnknown: false, cloids, ...meta(r) };
    }
    const found = await lookupUntilFound(cloids, (pending) => this.o.info.ordersByCloids(this.address, pending), (l) => l.order.cloid, this.lookup);
    if (!found.ok) {
      const detail = `${r.error.message}; lookup failed too (${found.error.message}): check open orders before retrying`;
      this.record('order', r, 'unknown', detail, cloids);
      return { ok: false, error: r.error, outcomeUnknown: true, cloids, ...meta(r) };
    }
    const statuses = cloids.map((cloid) => reconciledFrom(found.value.get(cloid), { cloid }));
    this.record('order', r, 'reconciled', `${r.error.message}; exchange records: ${summariseReconciled(statuses)}`, cloids);
    return { ok: true, statuses, nonce: r.nonce!, signer: r.signer!, reconciledBecause: r.error, cloids };
  }

  cancel(cancels: { contractId: number; oid: number }[]): Promise<CancelResult> {
    return this.submit(build.cancel(cancels));
  }

  cancelByCloid(cancels: { contractId: number; cloid: string }[]): Promise<CancelResult> {
    return this.submit(build.cancelByCloid(cancels));
  }

  private async cancelWith<K>(
    action: ActionOf<'cancel'> | ActionOf<'cancelByCloid'>,
    keys: K[],
    fetch: Parameters<typeof lookupUntilFound<K>>[1],
    keyOf: (l: Parameters<Parameters<typeof lookupUntilFound<K>>[2]>[0]) => K | undefined,
    ids: (k: K) => { oid?: number; cloid?: string },
  ): Promise<CancelResult> {
    const r = await this.sendRaw(action);
    if (r.kind === 'ok') {
      const errors = r.data.statuses.filter((s) => s !== 'success').length;
      this.record(action.type, r, errors === 0 ? 'ok' : errors === r.data.statuses.length ? 'rejected' : 'partial', summariseStatuses(r.data.statuses));
      return { ok: true, statuses: r.data.statuses, requestId: r.requestId, nonce: r.nonce, signer: r.signer };
    }
    if (r.kind === 'failed') {
      this.record(action.type, r, outcomeOf(r.error), r.error.message);
      return { ok: false, error: r.error, outcomeUnknown: false, ...meta(r) };
    }
    const found = await lookupUntilFound(keys, fetch, keyOf, this.lookup);
    if (!found.ok) {
      this.record(action.type, r, 'unknown', `${r.error.message}; lookup failed too (${found.error.message})`);
      return { ok: false, error: r.error, outcomeUnknown: true, ...meta(r) };
    }
    const statuses = keys.map((k) => reconciledFrom(found.value.get(k), ids(k)));
    this.record(action.type, r, 'reconciled', `${r.error.message}; exchange records: ${summariseReconciled(statuses)}`);
    return { ok: true, statuses, nonce: r.nonce!, signer: r.signer!, reconciledBecause: r.error };
  }

  modify(m: Parameters<typeof build.modify>[0]): Promise<ModifyResult> {
    return this.modifyAction(build.modify(m));
  }

  private async modifyAction(action: ActionOf<'modify'>): Promise<ModifyResult> {
    const r = await this.sendRaw(action);
    if (r.kind !== 'unknown') return this.finish('modify', r);
    // Locate by oid when given (it wins over cloid at the exchange too), else by the new
    // cloid (present only if the change landed) and then the old one.
    const byCloid = [action.c, action.cloid].filter((c): c is string => c !== undefined);
    const lookups =
      action.oid !== undefined
        ? await lookupUntilFound([action.oid], (p) => this.o.info.ordersByIds(this.address, p), (l) => l.order.oid, this.lookup)
        : await lookupUntilFound(byCloid, (p) => this.o.info.ordersByCloids(this.address, p), (l) => l.order.cloid, this.lookup);
    if (!lookups.ok) return this.finish('modify', r);
    const l = [...lookups.value.values()].find((x) => x !== undefined);
    const item = reconciledFrom(l, { oid: action.oid, cloid: action.c ?? action.cloid }).reconciled;
    const applied = modifyApplied(action, l);
    if (applied !== undefined) item.applied = applied;
    const verdict = applied === undefined ? `order ${item.status}` : applied ? 'change applied' : 'change not applied';
    this.record('modify', r, 'reconciled', `${r.error.message}; exchange records: ${verdict}`);
    return { ok: true, reconciled: item, reconciledBecause: r.error, nonce: r.nonce!, signer: r.signer! };
  }

  cancelAll(contractId: number): Promise<CancelAllResult> {
    return this.cancelAllAction(build.cancelAll(contractId));
  }

  private async cancelAllAction(action: ActionOf<'cancelAll'>): Promise<CancelAllResult> {
    const contractId = action.a;
    const r = await this.sendRaw(action);
    const md = this.o.marketDeployerOf?.(contractId);
    if (r.kind !== 'unknown' || md === undefined) return this.finish('cancelAll', r);
    const open = await this.o.info.userOrders(this.address, md, contractId);
    if (!open.ok) return this.finish('cancelAll', r);
    this.record('cancelAll', r, 'reconciled', `${r.error.message}; exchange records: ${open.value.length} open orders left`);
    return { ok: true, reconciled: { openOrdersLeft: open.value.length }, reconciledBecause: r.error, nonce: r.nonce!, signer: r.signer! };
  }

  // ---- the rest of the catalog: no order records to reconcile against ----

  registerAccount(inviteCode?: string) {
    const address = this.o.signers.masterAddress ?? this.address;
    return this.send(build.registerAccount(address), inviteCode === undefined ? {} : { inviteCode });
  }
  enroll(marketDeployerId: number) {
    return this.send(build.enroll(marketDeployerId));
  }
  updateIsolatedMargin(asset: number, ntli: number, isBuy?: boolean) {
    return this.send(build.updateIsolatedMargin(asset, ntli, isBuy));
  }
  updateLeverage(asset: number, leverage: number) {
    return this.send(build.updateLeverage(asset, leverage));
  }
  updateMarginMode(asset: number, marginMode: 'cross' | 'isolated') {
    return this.send(build.updateMarginMode(asset, marginMode));
  }
  tpSl(t: Parameters<typeof build.tpSl>[0]) {
    return this.send(build.tpSl(t));
  }
  cancelTpSl(asset: number, isBuy?: boolean) {
    return this.send(build.cancelTpSl(asset, isBuy));
  }
  cancelConditional(asset: number, id: number) {
    return this.send(build.cancelConditional(asset, id));
  }
  lockCollateral(marketDeployerId: number, coinId: number, amount: string) {
    return this.send(build.lockCollateral(marketDeployerId, coinId, amount));
  }
  unlockCollateral(marketDeployerId: number, coinId: number, amount: string) {
    return this.send(build.unlockCollateral(marketDeployerId, coinId, amount));
  }
  transferBetweenDeployers(from: number, to: number, coinId: number, amount: string) {
    return this.send(build.transferBetweenDeployers(from, to, coinId, amount));
  }
  setMarginShareType(marginShareType: 0 | 1) {
    return this.send(build.setMarginShareType(marginShareType));
  }
  transferMdToShareGroup(marketDeployerId: number, groupId: number, coinId: number, amount: string) {
    return this.send(build.transferMdToShareGroup(marketDeployerId, groupId, coinId, amount));
  }
  transferShareGroupToMd(marketDeployerId: number, groupId: number, coinId: number, amount: string) {
    return this.send(build.transferShareGroupToMd(marketDeployerId, groupId, coinId, amount));
  }
  lockIntoShareGroup(groupId: number, coinId: number, amount: string) {
    return this.send(build.lockIntoShareGroup(groupId, coinId, amount));
  }
  unlockFromShareGroup(groupId: number, coinId: number, amount: string) {
    return this.send(build.unlockFromShareGroup(groupId, coinId, amount));
  }
  updateFeeSetting(marketDeployerId: number, user: string, takerFeeRate: string, makerFeeRate: string) {
    return this.send(build.updateFeeSetting(marketDeployerId, user, takerFeeRate, makerFeeRate));
  }
  approveAgent(agentAddress: string, agentName: string, validUntil: number) {
    return this.send(build.approveAgent(agentAddress, agentName, validUntil));
  }
  revokeAgent(agentAddress: string) {
    return this.send(build.revokeAgent(agentAddress));
  }

  /**
   * The request exactly as it would be sent, signed but not sent (a dry run). It uses a
   * nonce, so a later real send is never a replay of it. Not journalled: nothing was asked.
   */
  signOnly<T extends ActionType>(action: ActionOf<T> & { type: T }, opts: SendOptions = {}): Result<{ envelope: Record<string, unknown>; signer: SignerInfo }> {
    const parsed = parseAction(action);
    if (!parsed.ok) return { ok: false, error: clientError('validation', `${action.type}: ${parsed.error}`) };
    if (action.type === 'order' && (action as ActionOf<'order'>).orders.some((o) => o.c === undefined)) {
      return { ok: false, error: clientError('validation', 'order: every order needs its cloid before it is signed') };
    }
    const vault = this.vaultFor(action.type, opts);
    const picked = this.pick(action.type, vault);
    if (!picked.ok) return picked;
    const signer = picked.value;
    const nonce = this.nonces.next(signer.address);
    const envelope: Record<string, unknown> = { action, nonce, signature: signer.sign(action, nonce) };
    if (vault !== undefined) envelope['vaultAddress'] = vault;
    if (opts.inviteCode !== undefined) envelope['inviteCode'] = opts.inviteCode;
    return { ok: true, value: { envelope, signer: { role: signer.role, address: signer.address } } };
  }

  /**
   * The envelope's vaultAddress for an action: the one place that decides it. Trade actions
   * never carry one (spec 4.1: agent trading does not send it, and the exchange drops it);
   * every other action carries the request's own, else the client's vault.
   */
  vaultFor(type: ActionType, opts: SendOptions = {}): string | undefined {
    if (agentMaySend(type)) return undefined;
    return opts.vaultAddress?.toLowerCase() ?? this.vaultAddress;
  }

  // ---- internals ----

  /** `cloids`: the orders' client ids, journalled with the request so a lost answer can be settled by them. */
  private async sendRaw<T extends ActionType>(action: ActionOf<T> & { type: T }, opts: SendOptions = {}, cloids?: string[]): Promise<Sent<T>> {
    const type = action.type;
    const refused = this.gate?.(type);
    if (refused !== undefined) return { kind: 'failed', error: clientError('validation', refused) };
    const parsed = parseAction(action);
    if (!parsed.ok) return { kind: 'failed', error: clientError('validation', `${type}: ${parsed.error}`) };
    const vault = this.vaultFor(type, opts);
    const picked = this.pick(type, vault);
    if (!picked.ok) return { kind: 'failed', error: picked.error };
    const signer = picked.value;
    const info: SignerInfo = { role: signer.role, address: signer.address };
    // Awaits the clock rather than running nonces ahead of it under a burst.
    const nonce = await this.nonces.nextAsync(signer.address);
    let signature;
    try {
      signature = signer.sign(action, nonce);
    } catch {
      return { kind: 'failed', error: clientError('signature', `${type}: the ${signer.role} key cannot sign`), nonce, signer: info };
    }
    const envelope: Record<string, unknown> = { action, nonce, signature };
    if (vault !== undefined) envelope['vaultAddress'] = vault;
    if (opts.inviteCode !== undefined) envelope['inviteCode'] = opts.inviteCode;
    const asked = this.describe(parsed.value);
    const body = JSON.stringify(envelope);
    const departure = this.departing(type, nonce, info, asked, cloids, opts.parentCloid, vault);
    const out = await this.o.http.post('/exchange', body);
    const r = interpretExchange(type, out);
    const sent: Sent<T> = r.kind === 'ok' ? { ...r, nonce, signer: info, departure } : { kind: r.kind, error: r.error, nonce, signer: info, departure };
    if (asked !== undefined) sent.asked = asked;
    if (vault !== undefined) sent.vault = vault;
    return sent;
  }

  /**
   * The key for an action: the SignerSet's choice, except that a vault's agent signs the
   * vault's non-trade actions itself when no master key is loaded (the exchange, not this
   * client, decides which of those a vault lets its agents send).
   */
  private pick(type: ActionType, vault: string | undefined): Result<Signer> {
    const picked = this.o.signers.pick(type);
    if (picked.ok || vault === undefined || !this.o.signers.has('agent')) return picked;
    // With a master key loaded pick() would have chosen it; without one this is the agent.
    const agent = this.o.signers.pickForAuth();
    return agent ? { ok: true, value: agent } : picked;
  }

  /** The 'sent' entry: what was asked and by whom, never the envelope (no signature, no invite code). */
  private departing(action: ActionType, nonce: number, signer: SignerInfo, asked?: string, cloids?: string[], parentCloid?: string, vault?: string): Departure {
    const entry: JournalEntry = { seq: ++this.seq, time: Date.now(), action, signerRole: signer.role, signer: signer.address, nonce, outcome: 'sent', detail: AWAITING };
    if (asked !== undefined) entry.asked = asked;
    if (cloids) entry.cloids = cloids;
    if (parentCloid !== undefined) entry.parentCloid = parentCloid;
    if (vault !== undefined) entry.vault = vault;
    this.emit(entry);
    return { seq: entry.seq, time: entry.time };
  }

  private emit(entry: JournalEntry): void {
    for (const fn of this.listeners) fn(entry);
  }

  private describe(action: Action): string | undefined {
    try {
      return this.o.describe?.(action);
    } catch {
      // Words are for the reader; a gap in them must never stop a request.
      return undefined;
    }
  }

  private finish<T extends ActionType>(type: T, r: Sent<T>, parentCloid?: string): ActionOutcome<T> {
    if (r.kind === 'ok') {
      this.record(type, r, 'ok', 'ok', undefined, parentCloid);
      return { ok: true, data: r.data, requestId: r.requestId, nonce: r.nonce, signer: r.signer };
    }
    const detail = r.kind === 'unknown' ? `${r.error.message}; outcome unknown: check before retrying` : r.error.message;
    this.record(type, r, r.kind === 'unknown' ? 'unknown' : outcomeOf(r.error), detail, undefined, parentCloid);
    return { ok: false, error: r.error, outcomeUnknown: r.kind === 'unknown', ...meta(r) };
  }

  private record(action: ActionType, r: Sent<ActionType>, outcome: JournalOutcome, detail: string, cloids?: string[], parentCloid?: string): void {
    // The answer keeps its request's seq: one request, one number, from sent to answer.
    const entry: JournalEntry = { seq: r.departure?.seq ?? ++this.seq, time: Date.now(), action, outcome, detail };
    if (r.departure) entry.sentTime = r.departure.time;
    if (r.signer) {
      entry.signerRole = r.signer.role;
      entry.signer = r.signer.address;
    }
    if (r.nonce !== undefined) entry.nonce = r.nonce;
    const requestId = r.kind === 'ok' ? r.requestId : r.error.requestId;
    if (requestId !== undefined) entry.requestId = requestId;
    if (r.kind !== 'ok') entry.errorKind = r.error.kind;
    if (cloids) entry.cloids = cloids;
    if (parentCloid !== undefined) entry.parentCloid = parentCloid;
    if (r.asked !== undefined) entry.asked = r.asked;
    if (r.vault !== undefined) entry.vault = r.vault;
    this.emit(entry);
  }
}

function meta(r: { nonce?: number; signer?: SignerInfo }): OutcomeMeta {
  const m: OutcomeMeta = {};
  if (r.nonce !== undefined) m.nonce = r.nonce;
  if (r.signer !== undefined) m.signer = r.signer;
  return m;
}

function outcomeOf(e: ClientError): JournalOutcome {
  return e.kind === 'business' ? 'rejected' : 'error';
}

function summariseStatuses(statuses: readonly (OrderStatus | CancelStatus)[]): string {
  return statuses
    .map((s) => {
      if (s === 'success') return 'cancelled';
      if ('resting' in s) return `resting #${s.resting.oid}`;
      if ('filled' in s) return `filled ${s.filled.totalSz} @ ${s.filled.avgPx} #${s.filled.oid}`;
      return `error: ${s.error}`;
    })
    .join('; ');
}

function summariseReconciled(items: readonly ReconciledItem[]): string {
  return items.map((i) => `${i.reconciled.cloid ?? `#${i.reconciled.oid}`} ${i.reconciled.status}`).join('; ');
}

