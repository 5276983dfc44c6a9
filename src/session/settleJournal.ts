import { lookupUntilFound, reconciledFrom, type LookupPolicy, type ReconciledItem } from '../client/reconcile.js';
import type { InfoClient } from '../client/infoClient.js';
import type { JournalEntry } from '../model/journalEntry.js';
import type { WsClient } from '../client/wsClient.js';
import type { Coalescer } from '../feed/coalescer.js';
import type { JournalFile } from './journalFile.js';

/**
 * Every journal entry whose outcome is unknown gets settled from the exchange: an order
 * request whose answer was lost ('unknown') or never written ('sent' with no answer line,
 * read back as 'unanswered': the process ended between the two) is looked up by its cloids
 * (`ordersByCloids`, the same lookup a command makes for a lost answer) and a settling line
 * is appended to the journal for it, naming the same request (signer, nonce, face) with
 * `settled`: 'placed' (the exchange has it: its oid and status in words) or 'absent' (no
 * order with its cloid: the request never arrived, nothing was done). The line replaces the
 * unknown one on screen and when the file is read back. Run when a session starts and again
 * after each reconnect; only the session's own keys' requests are settled (another key's
 * orders belong to another account, whose records this session cannot read), and a request
 * younger than `minAgeMs` is left for the next pass (another process may still be waiting
 * for its answer).
 */

/** How far back a start looks for unknown entries. */
const LOOKBACK = 500;
/** The info route answers at most this many cloids a request (as the API does). */
const CLOIDS_PER_LOOKUP = 10;
const UNSETTLED = new Set<JournalEntry['outcome']>(['unknown', 'unanswered', 'sent']);

export interface SettleTarget {
  info: Pick<InfoClient, 'ordersByCloids'>;
  /** The account whose orders this session's keys place (an entry naming a vault is read under the vault). */
  address: string;
  /** The addresses of the keys this session signs with (lowercase or not): only their requests are settled. */
  signers: readonly string[];
  /** Writes the settling line (to the file, with the entry's face) and shows it (the store). */
  record(line: JournalEntry): void;
  now?: () => number;
  /** Entries younger than this (since they were sent) wait for the next pass. */
  minAgeMs?: number;
  lookup?: LookupPolicy;
}

export interface SettleResult {
  settled: JournalEntry[];
  /** Entries left unknown: too young, or the exchange could not be read (`error`). */
  left: number;
  error?: string;
}

/** The entries a settle pass would look up: unknown, with cloids, signed by one of `signers`. */
export function unsettledEntries(entries: readonly JournalEntry[], signers: readonly string[]): JournalEntry[] {
  const mine = new Set(signers.map((s) => s.toLowerCase()));
  return entries.filter((e) => UNSETTLED.has(e.outcome) && e.settled === undefined && (e.cloids?.length ?? 0) > 0 && e.signer !== undefined && mine.has(e.signer.toLowerCase()));
}

/** Looks each entry's cloids up and records a settling line for each one the exchange answered for. */
export async function settleEntries(entries: readonly JournalEntry[], t: SettleTarget): Promise<SettleResult> {
  const now = t.now ?? Date.now;
  const minAge = t.minAgeMs ?? 2_000;
  const due = unsettledEntries(entries, t.signers).filter((e) => now() - (e.sentTime ?? e.time) >= minAge);
  const out: SettleResult = { settled: [], left: unsettledEntries(entries, t.signers).length - due.length };
  for (const e of due) {
    const user = e.vault ?? t.address;
    const cloids = e.cloids!;
    const found = await lookupUntilFound(cloids, (pending) => lookupAll(t.info, user, pending), (l) => l.order.cloid, t.lookup);
    if (!found.ok) {
      out.left++;
      out.error = found.error.message;
      continue;
    }
    const line = settlingLine(e, cloids.map((c) => reconciledFrom(found.value.get(c), { cloid: c })), now());
    t.record(line);
    out.settled.push(line);
  }
  return out;
}

async function lookupAll(info: SettleTarget['info'], user: string, cloids: string[]) {
  const all = [];
  for (let i = 0; i < cloids.length; i += CLOIDS_PER_LOOKUP) {
    const r = await info.ordersByCloids(user, cloids.slice(i, i + CLOIDS_PER_LOOKUP));
    if (!r.ok) return r;
    all.push(...r.value);
  }
  return { ok: true as const, value: all };
}

/** The line that settles `e`: the same request (signer, nonce, face, seq), with what the exchange's records say. */
export function settlingLine(e: JournalEntry, items: readonly ReconciledItem[], time: number): JournalEntry {
  const placed = items.filter((i) => i.reconciled.status !== 'absent');
  const line: JournalEntry = {
    seq: e.seq,
    time,
    action: e.action,
    outcome: placed.length > 0 ? 'reconciled' : 'error',
    settled: placed.length > 0 ? 'placed' : 'absent',
    sentTime: e.sentTime ?? e.time,
    detail:
      placed.length > 0
        ? `settled from the exchange by cloid: ${items.map((i) => `${i.reconciled.cloid ?? '?'} ${i.reconciled.status === 'absent' ? 'absent' : `placed, oid ${i.reconciled.oid}, ${i.reconciled.status}`}`).join('; ')}`
        : `settled from the exchange by cloid: no order with ${items.length === 1 ? 'its cloid' : 'any of its cloids'}; the request never arrived, nothing was done (not sent)`,
  };
  for (const k of ['signerRole', 'signer', 'nonce', 'requestId', 'asked', 'cloids', 'parentCloid', 'face', 'vault'] as const) {
    if (e[k] !== undefined) (line as unknown as Record<string, unknown>)[k] = e[k];
  }
  return line;
}

export interface JournalSettling {
  /** The keys whose requests are settled; filled before the first pass runs (on the next turn). */
  readonly signers: string[];
  onError(fn: (message: string) => void): void;
  /** One pass over `entries` now. */
  settle(entries: readonly JournalEntry[]): Promise<SettleResult>;
  stop(): void;
}

/**
 * A session's settling: a first pass over the journal file's recent entries when it starts
 * (every face: a command loads no history into its store, so the file is read here), and a
 * pass over the file's again each time the WebSocket is open again after a reconnect.
 * Entries too young for one pass are looked at again `minAgeMs` later, once. A settling
 * line goes to the file (with its request's face) and to the store, where it replaces the
 * unknown row.
 */
export function startJournalSettling(o: {
  info: SettleTarget['info'];
  address: string;
  ws: Pick<WsClient, 'onState'>;
  file: () => JournalFile | undefined;
  coalescer: Pick<Coalescer, 'journal' | 'flush'>;
  minAgeMs?: number;
}): JournalSettling {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let report: (message: string) => void = () => {};
  const signers: string[] = [];
  const target: SettleTarget = {
    info: o.info,
    address: o.address,
    signers,
    ...(o.minAgeMs !== undefined ? { minAgeMs: o.minAgeMs } : {}),
    record: (line) => {
      if (stopped) return;
      try {
        o.file()?.append(line, line.face);
      } catch (e) {
        report(`journal: a settling line was not written (${e instanceof Error ? e.message : String(e)})`);
      }
      o.coalescer.journal(line);
      o.coalescer.flush();
    },
  };
  const fileEntries = (): readonly JournalEntry[] => {
    try {
      return o.file()?.load(LOOKBACK).entries ?? [];
    } catch {
      return [];
    }
  };
  const pass = async (entries: readonly JournalEntry[]): Promise<SettleResult> => {
    if (stopped || signers.length === 0) return { settled: [], left: 0 };
    const r = await settleEntries(entries, target);
    if (stopped) return r;
    if (r.error) report(`journal: ${r.left} unknown outcome(s) could not be read from the exchange (${r.error}); tried again after a reconnect`);
    else if (r.left > 0 && timer === undefined) {
      timer = setTimeout(() => {
        timer = undefined;
        void pass(fileEntries()).catch(() => {});
      }, o.minAgeMs ?? 2_000);
      timer.unref?.();
    }
    return r;
  };
  // On the next turn: the session has filled in its signers and error sink by then.
  const first = setImmediate(() => void pass(fileEntries()).catch((e: unknown) => report(`journal: settling failed: ${e instanceof Error ? e.message : String(e)}`)));
  let was: string | undefined;
  const off = o.ws.onState((s) => {
    const now = s.connection;
    if (now === 'open' && was !== undefined && was !== 'open' && s.reconnects > 0) void pass(fileEntries()).catch(() => {});
    was = now;
  });
  return {
    signers,
    onError(fn) {
      report = fn;
    },
    settle: pass,
    stop() {
      stopped = true;
      clearImmediate(first);
      off();
      if (timer) clearTimeout(timer);
    },
  };
}
