import type { CsiParams } from './applySgr.js';

/**
 * A streaming splitter of terminal output into text, C0 controls and escape
 * sequences (CSI, plain ESC, OSC; DCS/SOS/PM/APC strings are swallowed). A
 * sequence cut between two writes is completed by the next one. Sizes are capped:
 * an endless OSC or a CSI with thousands of parameters cannot grow memory.
 */
export interface TokenSink {
  text(text: string): void;
  control(code: number): void;
  csi(prefix: string, params: CsiParams, intermediates: string, final: string, raw: string): void;
  esc(intermediates: string, final: string, raw: string): void;
  /** `raw` is '' when the string was too long to keep whole. */
  osc(data: string, raw: string): void;
}

const enum State {
  Ground,
  Escape,
  Csi,
  CsiIgnore,
  Osc,
  OscEscape,
  Str,
  StrEscape,
}

export const ESC = 0x1b;
export const BEL = 0x07;
export const CAN = 0x18;
export const SUB = 0x1a;
/** A CSI keeps at most this many parameters, each at most this many sub-parameters. */
export const MAX_PARAMS = 32;
export const MAX_SUBPARAMS = 8;
const MAX_STRING = 4096;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

export class AnsiTokenizer {
  private state = State.Ground;
  private prefix = '';
  private intermediates = '';
  private params: CsiParams = [];
  private current: number[] = [-1];
  private raw = '';
  private data = '';
  private heldSurrogate = '';

  /** True when no sequence or surrogate pair is left unfinished by the last chunk. */
  get idle(): boolean {
    return this.state === State.Ground && this.heldSurrogate === '';
  }

  /** Tokenizes `chunk`, keeping an unfinished sequence for the next call. */
  feed(input: string, sink: TokenSink): void {
    let chunk = input;
    if (this.heldSurrogate !== '') {
      chunk = this.heldSurrogate + chunk;
      this.heldSurrogate = '';
    }
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (this.state === State.Ground) {
        const start = i;
        while (i < n) {
          const c = chunk.charCodeAt(i);
          if (c < 0x20 || c === 0x7f || (c >= 0x80 && c <= 0x9f)) break;
          i++;
        }
        if (i > start) {
          let end = i;
          // A surrogate pair split between two writes is put back together.
          if (end === n && isHighSurrogate(chunk.charCodeAt(end - 1))) {
            end -= 1;
            this.heldSurrogate = chunk.slice(end);
          }
          if (end > start) sink.text(chunk.slice(start, end));
        }
        if (i >= n) break;
        const c = chunk.charCodeAt(i++);
        if (c === ESC) this.beginEscape();
        else if (c < 0x20) sink.control(c);
        // DEL and C1 controls are dropped: ink never writes them.
        continue;
      }
      const c = chunk.charCodeAt(i++);
      this.step(c, chunk[i - 1]!, sink);
    }
  }

  private beginEscape(): void {
    this.state = State.Escape;
    this.intermediates = '';
    this.raw = '\x1b';
  }

  private step(c: number, ch: string, sink: TokenSink): void {
    switch (this.state) {
      case State.Escape:
        return this.stepEscape(c, ch, sink);
      case State.Csi:
      case State.CsiIgnore:
        return this.stepCsi(c, ch, sink);
      case State.Osc:
      case State.OscEscape:
        return this.stepOsc(c, ch, sink);
      case State.Str:
      case State.StrEscape:
        return this.stepString(c);
      default:
        return;
    }
  }

  private stepEscape(c: number, ch: string, sink: TokenSink): void {
    if (c === ESC) return this.beginEscape();
    if (c === CAN || c === SUB) {
      this.state = State.Ground;
      return;
    }
    if (c < 0x20) return sink.control(c);
    this.raw += ch;
    if (c >= 0x20 && c <= 0x2f) {
      if (this.intermediates.length < 4) this.intermediates += ch;
      return;
    }
    if (this.intermediates === '') {
      if (ch === '[') return this.beginCsi();
      if (ch === ']') {
        this.state = State.Osc;
        this.data = '';
        return;
      }
      if (ch === 'P' || ch === 'X' || ch === '^' || ch === '_') {
        this.state = State.Str;
        return;
      }
    }
    this.state = State.Ground;
    sink.esc(this.intermediates, ch, this.raw);
  }

  private beginCsi(): void {
    this.state = State.Csi;
    this.prefix = '';
    this.intermediates = '';
    this.params = [];
    this.current = [-1];
  }

  private stepCsi(c: number, ch: string, sink: TokenSink): void {
    if (c === ESC) return this.beginEscape();
    if (c === CAN || c === SUB) {
      this.state = State.Ground;
      return;
    }
    // C0 controls inside a CSI act immediately, as on a VT100.
    if (c < 0x20) return sink.control(c);
    if (this.raw.length < 256) this.raw += ch;
    if (c >= 0x40 && c <= 0x7e) {
      const ignored = this.state === State.CsiIgnore;
      this.state = State.Ground;
      if (ignored) return;
      if (this.params.length < MAX_PARAMS) this.params.push(this.current);
      // A lone omitted parameter means "no parameters".
      const params = this.params.length === 1 && this.params[0]!.length === 1 && this.params[0]![0] === -1 ? [] : this.params;
      sink.csi(this.prefix, params, this.intermediates, ch, this.raw);
      return;
    }
    if (this.state === State.CsiIgnore) return;
    if (c >= 0x30 && c <= 0x39) {
      if (this.intermediates !== '') return this.ignoreCsi();
      const last = this.current.length - 1;
      const value = this.current[last]!;
      this.current[last] = Math.min(99_999, (value < 0 ? 0 : value * 10) + (c - 0x30));
      return;
    }
    if (ch === ';') {
      if (this.intermediates !== '') return this.ignoreCsi();
      if (this.params.length < MAX_PARAMS) this.params.push(this.current);
      this.current = [-1];
      return;
    }
    if (ch === ':') {
      if (this.intermediates !== '') return this.ignoreCsi();
      if (this.current.length < MAX_SUBPARAMS) this.current.push(-1);
      return;
    }
    if (c >= 0x3c && c <= 0x3f) {
      // Private markers (< = > ?) are only valid before the first parameter.
      const fresh = this.params.length === 0 && this.current.length === 1 && this.current[0] === -1;
      if (!fresh || this.prefix !== '' || this.intermediates !== '') return this.ignoreCsi();
      this.prefix = ch;
      return;
    }
    if (c >= 0x20 && c <= 0x2f) {
      if (this.intermediates.length < 4) this.intermediates += ch;
      return;
    }
    this.ignoreCsi();
  }

  private ignoreCsi(): void {
    this.state = State.CsiIgnore;
  }

  private stepOsc(c: number, ch: string, sink: TokenSink): void {
    if (this.state === State.OscEscape) {
      if (ch === '\\') return this.endOsc(sink, '\x1b\\');
      // Not a string terminator: the OSC ends and a new escape sequence begins.
      this.endOsc(sink, '');
      this.beginEscape();
      return this.stepEscape(c, ch, sink);
    }
    if (c === BEL) return this.endOsc(sink, '\x07');
    if (c === ESC) {
      this.state = State.OscEscape;
      return;
    }
    if (c === CAN || c === SUB) {
      this.state = State.Ground;
      return;
    }
    if (this.data.length < MAX_STRING) this.data += ch;
  }

  private endOsc(sink: TokenSink, terminator: string): void {
    this.state = State.Ground;
    const data = this.data;
    this.data = '';
    // A string cut at the size cap is passed on as data but not as a sequence to forward.
    sink.osc(data, data.length >= MAX_STRING ? '' : `\x1b]${data}${terminator || '\x1b\\'}`);
  }

  private stepString(c: number): void {
    if (this.state === State.StrEscape) {
      this.state = c === 0x5c ? State.Ground : State.Str;
      return;
    }
    if (c === ESC) this.state = State.StrEscape;
    else if (c === CAN || c === SUB) this.state = State.Ground;
  }
}
