import type { DataMessage } from './wsSubscriptions.js';

/**
 * A book or BBO frame that repeats the last one of its contract but for its time. The
 * exchange sends a contract's `l2Book` and `bbo` at every block, about 20 frames a second,
 * and on a calm market nearly all of them say again what the last one said with a new
 * `time` (419 of 444 book frames in 45 s of a calm session). Parsing and validating each
 * was most of what the feed cost the dashboard there.
 *
 * A frame is taken as the kept message of the same key with the new time only when its
 * text is that message's text with another integer in the time's place, and that text has
 * the one shape where the only `time` key is the data's: `{"channel":"l2Book","data":
 * {"contractId":N,"time":` before it, and after it no backslash (so no key is written with
 * escapes) and no other `"time"` key (in JSON the last of two equal keys wins). Everything
 * else of the text being the same bytes, JSON.parse and the schema would give the kept
 * message again with that time; any other frame is parsed and validated as usual.
 */
const CANONICAL_HEAD = /^\{"channel":"(?:l2Book|bbo)","data":\{"contractId":\d{1,10},"time":$/;
const INTEGER = /^(?:0|[1-9]\d{0,15})$/;
const TIME_KEY = '"time":';
/** Keys kept at most (a channel and a contract each); a screen subscribes a handful. */
const MAX_KEPT = 64;

interface Kept {
  tail: string;
  msg: DataMessage & { data: { time: number } };
}

/** Where the time's digits are in a frame: [head end, digits end], or undefined. */
function timeDigits(text: string): [number, number] | undefined {
  const at = text.indexOf(TIME_KEY);
  if (at < 0 || at > 80) return undefined;
  const start = at + TIME_KEY.length;
  let end = start;
  while (end < text.length && end - start <= 16) {
    const c = text.charCodeAt(end);
    if (c < 48 || c > 57) break;
    end++;
  }
  return end > start ? [start, end] : undefined;
}

export class RepeatFrames {
  private readonly kept = new Map<string, Kept>();

  /** The message a frame repeats, with the frame's time; undefined when it must be parsed. */
  match(text: string): DataMessage | undefined {
    if (this.kept.size === 0) return undefined;
    const at = timeDigits(text);
    if (!at) return undefined;
    const kept = this.kept.get(text.slice(0, at[0]));
    if (!kept) return undefined;
    const digits = text.slice(at[0], at[1]);
    if (!INTEGER.test(digits) || text.length - at[1] !== kept.tail.length || !text.endsWith(kept.tail)) return undefined;
    return { ...kept.msg, data: { ...kept.msg.data, time: Number(digits) } } as DataMessage;
  }

  /** Keeps a parsed, validated message of the one shape described above, for the frames that repeat it. */
  keep(text: string, msg: DataMessage): void {
    if (msg.channel !== 'l2Book' && msg.channel !== 'bbo') return;
    const at = timeDigits(text);
    if (!at) return;
    const head = text.slice(0, at[0]);
    const tail = text.slice(at[1]);
    const digits = text.slice(at[0], at[1]);
    if (!CANONICAL_HEAD.test(head) || !INTEGER.test(digits) || String(msg.data.time) !== digits) return;
    if (tail.includes('\\') || tail.includes('"time"')) return;
    if (!this.kept.has(head) && this.kept.size >= MAX_KEPT) this.kept.clear();
    this.kept.set(head, { tail, msg: msg as Kept['msg'] });
  }

  /** Forgets every kept message (a new connection). */
  clear(): void {
    this.kept.clear();
  }
}
