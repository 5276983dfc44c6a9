import type { ActionOf, OrderLookup } from '../protocol/wire/index.js';
import type { Reconciled, ReconciledItem } from '../model/actionOutcome.js';
import type { ClientError, Result } from './errors.js';

export type { ReconciledItem };

export interface LookupPolicy {
  /** Lookups before a missing record counts as absent. */
  attempts: number;
  /** Pause between lookups, so a request still queued at the exchange has time to land. */
  delayMs: number;
}

export const DEFAULT_LOOKUP: LookupPolicy = { attempts: 3, delayMs: 250 };

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Looks records up until every key is found or the attempts are used. Keys never found
 * map to undefined (absent). Fails only if no lookup ever got an answer: then the outcome
 * stays unknown and the caller must say so rather than guess.
 */
export async function lookupUntilFound<K>(
  keys: readonly K[],
  fetch: (pending: K[]) => Promise<Result<OrderLookup[]>>,
  keyOf: (l: OrderLookup) => K | undefined,
  policy: LookupPolicy = DEFAULT_LOOKUP,
): Promise<Result<Map<K, OrderLookup | undefined>>> {
  const found = new Map<K, OrderLookup | undefined>();
  let pending = [...new Set(keys)];
  let answered = false;
  let lastError: ClientError | undefined;
  for (let i = 0; i < Math.max(1, policy.attempts) && pending.length > 0; i++) {
    if (i > 0) await sleep(policy.delayMs);
    const r = await fetch(pending);
    if (!r.ok) {
      lastError = r.error;
      continue;
    }
    answered = true;
    for (const l of r.value) {
      const k = keyOf(l);
      if (k !== undefined && pending.includes(k)) found.set(k, l);
    }
    pending = pending.filter((k) => !found.has(k));
  }
  if (!answered && lastError) return { ok: false, error: lastError };
  for (const k of pending) found.set(k, undefined);
  return { ok: true, value: found };
}

export function reconciledFrom(lookup: OrderLookup | undefined, ids: { oid?: number; cloid?: string }): ReconciledItem {
  if (!lookup) return { reconciled: { status: 'absent', ...ids } };
  const r: Reconciled = { status: lookup.status, oid: lookup.order.oid, order: lookup.order, statusTimestamp: lookup.statusTimestamp };
  const cloid = lookup.order.cloid ?? ids.cloid;
  if (cloid !== undefined) r.cloid = cloid;
  return { reconciled: r };
}

/** Compares decimal strings by value ("1.50" equals "1.5"), never through a float. */
export function sameDecimal(a: string, b: string): boolean {
  const norm = (s: string) => {
    const m = /^(-)?0*(\d*?)(?:\.(\d*?)0*)?$/.exec(s.trim());
    if (!m) return s;
    const whole = m[2] || '0';
    const frac = m[3] ?? '';
    const sign = m[1] && (whole !== '0' || frac !== '') ? '-' : '';
    return `${sign}${whole}${frac ? `.${frac}` : ''}`;
  };
  return norm(a) === norm(b);
}

/** Did a modify land? Only answerable for an order that is still open. */
export function modifyApplied(req: ActionOf<'modify'>, l: OrderLookup | undefined): boolean | undefined {
  if (!l || l.status !== 'open') return undefined;
  if (req.p !== undefined && !sameDecimal(req.p, l.order.limitPx)) return false;
  if (req.s !== undefined && !sameDecimal(req.s, l.order.origSz)) return false;
  if (req.c !== undefined && l.order.cloid !== req.c) return false;
  if (req.tif !== undefined && l.order.tif !== req.tif) return false;
  return true;
}
