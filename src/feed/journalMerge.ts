import type { JournalEntry } from '../model/journalEntry.js';

/**
 * The request an entry belongs to: its signer, nonce and face. A nonce is used once per
 * signer, so signer and nonce name one request even when two processes append to one file;
 * the face is compared as well so that two writers can never be taken for each other. An
 * entry without a signer or a nonce (refused before it was signed) belongs to no request.
 */
export function journalRequestKey(e: JournalEntry): string | undefined {
  if (e.signer === undefined || e.nonce === undefined) return undefined;
  return `${e.signer.toLowerCase()}|${e.nonce}|${e.face ?? ''}`;
}

/**
 * Appends entries (oldest first) to a list, an answer taking the place of its request's
 * 'sent' entry, so a request is one row from the moment it leaves, wherever its answer lands.
 * Keeps the newest `cap`. Returns `current` itself when nothing was added.
 */
export function mergeJournal(current: readonly JournalEntry[], added: readonly JournalEntry[], cap: number): readonly JournalEntry[] {
  if (added.length === 0) return current;
  const out = current.slice();
  const waiting = new Map<string, number>();
  // An unknown or unanswered request (or a settling line) a later settling line (or answer) may still replace.
  const open = new Map<string, number>();
  const note = (e: JournalEntry, i: number) => {
    const key = journalRequestKey(e);
    if (key === undefined) return;
    if (e.outcome === 'sent') waiting.set(key, i);
    else if (e.outcome === 'unknown' || e.outcome === 'unanswered' || e.settled !== undefined) open.set(key, i);
  };
  out.forEach(note);
  for (const e of added) {
    const key = journalRequestKey(e);
    let at = key === undefined || e.outcome === 'sent' ? undefined : waiting.get(key);
    if (at === undefined && key !== undefined && e.outcome !== 'sent') {
      const o = open.get(key);
      // A settling line settles an unknown; a real answer arriving late overrides a settling
      // line, and is the answer of a request read back as unanswered (its 'sent' line was in
      // the file when it was read, its answer written after: onboarding's last step).
      if (o !== undefined && (e.settled !== undefined || out[o]!.settled !== undefined || out[o]!.outcome === 'unanswered')) at = o;
    }
    if (at !== undefined) {
      out[at] = e;
      waiting.delete(key!);
      open.delete(key!);
      note(e, at);
      continue;
    }
    out.push(e);
    note(e, out.length - 1);
  }
  return out.length > cap ? out.slice(out.length - cap) : out;
}
