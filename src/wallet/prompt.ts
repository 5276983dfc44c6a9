import type { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { KeySourceError } from './errors.js';

export type PromptInput = Readable & {
  isTTY?: boolean;
  isRaw?: boolean;
  setRawMode?: (mode: boolean) => unknown;
};

export interface PromptStreams {
  /** Defaults to process.stdin. */
  input?: PromptInput;
  /** Defaults to process.stderr, so the prompt still shows when stdout is redirected. */
  output?: Writable;
}

export const NO_PASSWORD_MESSAGE = 'no password: set PERPDESK_PASSWORD or use a password file';

/**
 * Reads one line from a TTY without echoing anything (not even asterisks: a
 * length hint is still a hint). Raw mode is required so the terminal itself
 * does not echo; without a TTY there is nobody to ask, so we fail rather than
 * read a password from a pipe that was meant for something else.
 */
export function promptHidden(question: string, streams: PromptStreams = {}): Promise<string> {
  const input: PromptInput = streams.input ?? process.stdin;
  const output: Writable = streams.output ?? process.stderr;
  const setRawMode = input.setRawMode?.bind(input);
  if (!input.isTTY || !setRawMode) {
    return Promise.reject(new KeySourceError('password', NO_PASSWORD_MESSAGE));
  }

  return new Promise<string>((resolve, reject) => {
    const wasRaw = input.isRaw === true;
    // readableFlowing, not isPaused(): a never-started stdin reports isPaused() false,
    // and leaving it flowing afterwards would keep the process alive.
    const wasFlowing = input.readableFlowing === true;
    const decoder = new StringDecoder('utf8');
    let chars: string[] = [];
    let done = false;

    const finish = (err?: Error): void => {
      if (done) return;
      done = true;
      input.removeListener('data', onData);
      input.removeListener('end', onEnd);
      input.removeListener('error', onError);
      setRawMode(wasRaw);
      if (!wasFlowing) input.pause();
      output.write('\n');
      if (err) reject(err);
      else resolve(chars.join(''));
      chars = [];
    };
    const cancelled = () => new KeySourceError('password', 'password prompt cancelled');

    const onData = (chunk: Buffer | string): void => {
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      // for..of walks code points, so backspace removes a whole emoji, not half.
      for (const ch of text) {
        if (done) return;
        if (ch === '\r' || ch === '\n') return finish();
        if (ch === '\u0003') return finish(cancelled()); // Ctrl-C: raw mode swallows SIGINT
        if (ch === '\u0004') {
          if (chars.length === 0) return finish(cancelled()); // Ctrl-D on empty line
          continue;
        }
        if (ch === '\u007f' || ch === '\b') {
          chars.pop();
          continue;
        }
        if (ch === '\u0015') {
          chars = []; // Ctrl-U, as in a cooked terminal
          continue;
        }
        // Arrow keys etc. arrive as one chunk starting with ESC; drop it whole
        // rather than let "[A" end up in the password.
        if (ch === '\u001b') break;
        if (ch < ' ') continue;
        chars.push(ch);
      }
    };
    const onEnd = (): void => finish(cancelled());
    const onError = (e: Error): void => finish(new KeySourceError('password', 'password prompt failed', { cause: e }));

    output.write(question);
    setRawMode(true);
    input.on('data', onData);
    input.once('end', onEnd);
    input.once('error', onError);
    input.resume();
  });
}
