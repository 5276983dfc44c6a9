import { Readable } from 'node:stream';
import { splitMouseInput, type MouseEvent } from './mouseInput.js';

/** The real terminal input: process.stdin, or anything with the members ink and this use. */
export interface TtyInput {
  readonly isTTY?: boolean;
  readonly isRaw?: boolean;
  setRawMode(mode: boolean): unknown;
  setEncoding(encoding: BufferEncoding): unknown;
  read(): string | Buffer | null;
  on(event: 'readable' | 'end', listener: () => void): unknown;
  off(event: 'readable' | 'end', listener: () => void): unknown;
  ref(): unknown;
  unref(): unknown;
}

export interface MouseStdinOptions {
  /** Raw mode changed (ink turns it on with its first input hook and off when it unmounts). */
  onRawMode?: (raw: boolean) => void;
  /**
   * How long an unfinished report (`ESC [ <` and part of its numbers) waits for the rest
   * before it is dropped, in ms (default 500). Long, because the rest of a report split
   * across reads (over SSH, say) must not arrive after it was given up and turn into keys.
   */
  reportWaitMs?: number;
  /**
   * How long a lone ESC or `ESC [` at the end of a read waits to see whether a report
   * follows, in ms (default 20); then it goes to ink as a key (Escape, or the start of one).
   */
  escapeWaitMs?: number;
}

type MouseListener = (event: MouseEvent) => void;

/**
 * The stdin handed to ink (`render(tree, { stdin })`) when the mouse is on: everything the
 * terminal sends except SGR mouse reports, in the order sent, and the reports as events for
 * `onMouse` listeners. It keeps the contract ink 6 uses on its stdin: `isTTY`, `setRawMode`,
 * `setEncoding`, `ref`/`unref`, and `'readable'` with `read()` until null (a Readable
 * stream). The real input is read only while ink has raw mode on, as ink would read it.
 *
 * A mouse event is delivered after the keys read with it have reached ink (on the next
 * turn of the event loop), so a key that opens an overlay is seen before a click after it.
 */
export class MouseStdin extends Readable {
  readonly isTTY = true;
  private readonly source: TtyInput;
  private readonly options: MouseStdinOptions;
  private readonly mouseListeners = new Set<MouseListener>();
  private rest = '';
  private restTimer: NodeJS.Timeout | undefined;
  private reading = false;
  private ended = false;
  private queued: MouseEvent[] = [];
  private delivery: NodeJS.Immediate | undefined;
  private readonly onSourceReadable = (): void => this.drainSource();
  private readonly onSourceEnd = (): void => this.finish();

  constructor(source: TtyInput, options: MouseStdinOptions = {}) {
    super({ encoding: 'utf8' });
    this.source = source;
    this.options = options;
  }

  /** Called for every mouse report; returns the unsubscribe function. */
  onMouse(listener: MouseListener): () => void {
    this.mouseListeners.add(listener);
    return () => this.mouseListeners.delete(listener);
  }

  get isRaw(): boolean {
    return this.source.isRaw ?? false;
  }

  setRawMode(mode: boolean): this {
    this.source.setRawMode(mode);
    if (mode) this.startReading();
    else this.stopReading();
    this.options.onRawMode?.(mode);
    return this;
  }

  ref(): this {
    this.source.ref();
    return this;
  }

  unref(): this {
    this.source.unref();
    return this;
  }

  override _read(): void {
    // Data is pushed as the terminal sends it.
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.stopReading();
    this.clearRestTimer();
    if (this.delivery) clearImmediate(this.delivery);
    callback(error);
  }

  private startReading(): void {
    if (this.reading || this.ended) return;
    this.reading = true;
    // A report's bytes never split a character, but a key's may: decode as ink would.
    this.source.setEncoding('utf8');
    this.source.on('readable', this.onSourceReadable);
    this.source.on('end', this.onSourceEnd);
    this.drainSource();
  }

  private stopReading(): void {
    if (!this.reading) return;
    this.reading = false;
    this.source.off('readable', this.onSourceReadable);
    this.source.off('end', this.onSourceEnd);
  }

  private drainSource(): void {
    let chunk: string | Buffer | null;
    while (this.reading && (chunk = this.source.read()) !== null) this.takeChunk(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
  }

  /** One read of terminal input: keys on to ink now, reports to the listeners on the next turn. */
  private takeChunk(chunk: string): void {
    this.clearRestTimer();
    const split = splitMouseInput(this.rest + chunk);
    let text = '';
    for (const part of split.parts) {
      if (part.kind === 'text') text += part.text;
      else this.queued.push(part.event);
    }
    if (text && !this.ended) this.push(text);
    this.rest = split.rest;
    if (this.rest) {
      const wait = split.restIsReport ? (this.options.reportWaitMs ?? 500) : (this.options.escapeWaitMs ?? 20);
      this.restTimer = setTimeout(() => this.expireRest(), wait);
    }
    if (this.queued.length > 0 && !this.delivery) this.delivery = setImmediate(() => this.deliver());
  }

  /** The unfinished end never completed: a lone ESC or `ESC [` is a key; half a report is dropped. */
  private expireRest(): void {
    this.restTimer = undefined;
    const rest = this.rest;
    this.rest = '';
    if (rest && !rest.startsWith('\x1b[<') && !this.ended) this.push(rest);
  }

  private clearRestTimer(): void {
    if (!this.restTimer) return;
    clearTimeout(this.restTimer);
    this.restTimer = undefined;
  }

  private deliver(): void {
    this.delivery = undefined;
    const events = this.queued;
    this.queued = [];
    for (const e of events) for (const l of [...this.mouseListeners]) l(e);
  }

  private finish(): void {
    if (this.ended) return;
    this.expireRest();
    this.clearRestTimer();
    this.ended = true;
    this.stopReading();
    this.push(null);
  }
}
