import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { KeySourceError } from './errors.js';
import { NO_PASSWORD_MESSAGE, promptHidden, type PromptInput } from './prompt.js';

/** A stand-in for a TTY stdin that records raw-mode switches. */
function fakeTty(): { input: PassThrough & PromptInput; modes: boolean[] } {
  const modes: boolean[] = [];
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    isRaw: false,
    setRawMode(mode: boolean) {
      modes.push(mode);
      input.isRaw = mode;
      return input;
    },
  });
  return { input, modes };
}

function sink(): { output: PassThrough; text: () => string } {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (c: Buffer) => chunks.push(c));
  return { output, text: () => Buffer.concat(chunks).toString('utf8') };
}

async function ask(...chunks: Array<string | Buffer>): Promise<{ answer: string; shown: string; modes: boolean[] }> {
  const { input, modes } = fakeTty();
  const { output, text } = sink();
  const answer = promptHidden('Password: ', { input, output });
  for (const c of chunks) input.write(c);
  const result = await answer;
  expect(input.listenerCount('data')).toBe(0);
  // Left flowing, a real stdin would keep the process alive after the prompt.
  expect(input.readableFlowing).toBe(false);
  return { answer: result, shown: text(), modes };
}

describe('promptHidden', () => {
  it('reads a line in raw mode and echoes nothing', async () => {
    const { answer, shown, modes } = await ask('s3cr', 'et!\r');
    expect(answer).toBe('s3cr' + 'et!');
    expect(shown).toBe('Password: \n');
    expect(modes).toEqual([true, false]);
  });

  it('accepts LF as well as CR, and ignores what follows', async () => {
    expect((await ask('abc\nleftover')).answer).toBe('abc');
  });

  it('handles backspace, Ctrl-U and escape sequences', async () => {
    expect((await ask('abc\u007fd\r')).answer).toBe('abd');
    expect((await ask('abc\bd\r')).answer).toBe('abd');
    expect((await ask('wrong\u0015right\r')).answer).toBe('right');
    expect((await ask('a', '\u001b[A', 'b\r')).answer).toBe('ab');
  });

  it('decodes UTF-8 split across chunks and deletes whole code points', async () => {
    const bytes = Buffer.from('pä🔑\r', 'utf8');
    expect((await ask(bytes.subarray(0, 2), bytes.subarray(2, 5), bytes.subarray(5))).answer).toBe('pä🔑');
    expect((await ask('x🔑\u007f\r')).answer).toBe('x');
  });

  it('rejects on Ctrl-C and restores the terminal', async () => {
    const { input, modes } = fakeTty();
    const { output } = sink();
    const p = promptHidden('pw: ', { input, output });
    input.write('abc\u0003');
    const err = await p.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeySourceError);
    expect((err as KeySourceError).kind).toBe('password');
    expect((err as KeySourceError).message).toMatch(/cancelled/);
    expect(String((err as Error).message)).not.toContain('abc');
    expect(modes).toEqual([true, false]);
    expect(input.listenerCount('data')).toBe(0);
  });

  it('rejects on Ctrl-D at an empty line and on end of input', async () => {
    await expect(ask('\u0004')).rejects.toThrow(/cancelled/);
    const { input } = fakeTty();
    const p = promptHidden('pw: ', { input, output: sink().output });
    input.end('partial');
    await expect(p).rejects.toThrow(/cancelled/);
  });

  it('refuses to read from a non-TTY', async () => {
    const input = new PassThrough();
    input.end('piped-password\n');
    const err = await promptHidden('pw: ', { input, output: sink().output }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeySourceError);
    expect((err as KeySourceError).kind).toBe('password');
    expect((err as Error).message).toBe(NO_PASSWORD_MESSAGE);
    expect((err as Error).message).toBe('no password: set PERPDESK_PASSWORD or use a password file');
  });
});
