import type { RecordedLine } from './readRecording.js';

/**
 * The prices a recording holds, per contract by name, in receive-time order: the mark of
 * each `marketState` answer (its index when it has no mark), and, for a contract whose mark
 * was not recorded (yet), its trades. What `--replay-market` moves the embedded exchange's
 * index along (src/exchange/live/indexFeed.ts).
 */
export interface RecordedPrice {
  /** Receive time, µs since the epoch. */
  us: number;
  contract: string;
  /** The decimal text as received. */
  px: string;
}

interface Contracts {
  contracts?: { contractId: number; name: string }[];
}

/** Reads the prices out of `lines`; `names` collects the contracts the headers (and configs answers) name. */
export async function* recordedPrices(lines: AsyncIterable<RecordedLine>, names: Set<string> = new Set()): AsyncGenerator<RecordedPrice> {
  const byId = new Map<number, string>();
  const marked = new Set<string>();
  const lastTid = new Map<string, number>();
  const learn = (c: Contracts | null | undefined): void => {
    for (const k of c?.contracts ?? []) {
      if (typeof k.contractId !== 'number' || typeof k.name !== 'string') continue;
      byId.set(k.contractId, k.name);
      names.add(k.name);
    }
  };
  for await (const l of lines) {
    // A quick look at the text first: most lines are books, which carry no price of their own here.
    if (l.kind === 'ws' && !l.message.includes('"channel":"trades"')) continue;
    let m: unknown;
    try {
      m = JSON.parse(l.message);
    } catch {
      continue;
    }
    if (l.kind === 'header') {
      learn((m as { configs?: Contracts | null }).configs);
      continue;
    }
    if (l.kind === 'info') {
      const { request, data } = m as { request?: { type?: string }; data?: unknown };
      if (request?.type === 'configs') learn(data as Contracts);
      if (request?.type !== 'marketState' || data === null || typeof data !== 'object') continue;
      const s = data as { contractId?: number; markPx?: string | null; indexPx?: string | null };
      const name = typeof s.contractId === 'number' ? byId.get(s.contractId) : undefined;
      const px = s.markPx ?? s.indexPx;
      if (name === undefined || typeof px !== 'string') continue;
      marked.add(name);
      yield { us: l.us, contract: name, px };
      continue;
    }
    if (l.kind !== 'ws') continue;
    const { channel, data: trades } = m as { channel?: string; data?: unknown };
    if (channel !== 'trades' || !Array.isArray(trades)) continue;
    for (const t of trades as { contractId?: number; tid?: number; px?: string }[]) {
      const name = typeof t.contractId === 'number' ? byId.get(t.contractId) : undefined;
      if (name === undefined || marked.has(name) || typeof t.px !== 'string') continue;
      // A resubscribe sends the recent trades again: each once, newer only.
      if (typeof t.tid === 'number') {
        if (t.tid <= (lastTid.get(name) ?? -Infinity)) continue;
        lastTid.set(name, t.tid);
      }
      yield { us: l.us, contract: name, px: t.px };
    }
  }
}
