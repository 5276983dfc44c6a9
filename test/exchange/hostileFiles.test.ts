/**
 * What a hostile or damaged file, or a hostile agent name, does to the exchange: a venue's
 * write-ahead log another user owns or may write, a directory others may write to, a
 * damaged venue file, and agent names with escapes or without end. Each is refused with a
 * message naming the file (or with the API's error envelope), and nothing is changed.
 */
import { chmodSync, chownSync, closeSync, copyFileSync, existsSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exchangeMain } from '../../src/exchange/cli.js';
import { startExchange } from '../../src/exchange/startExchange.js';
import { addressOf } from '../../src/protocol/index.js';
import { build } from '../../src/protocol/wire/index.js';
import { exchangeData, newKey, startTestExchange } from '../support/exchangeHarness.js';
import { tempDirs } from '../support/tempDirs.js';

const tempDir = tempDirs('perpdesk-hostile-files-');
const POSIX = process.platform !== 'win32';
const ROOT = POSIX && process.getuid?.() === 0;

const quietIo = (err: string[]) => ({ stdout: () => {}, stderr: (t: string) => err.push(t), stopSignal: () => new Promise<string>((r) => setTimeout(() => r('SIGTERM'), 2_000)) });

/** A venue file and its live write-ahead log, copied while the exchange has them open (what a crash leaves). */
async function venueWithWal(): Promise<{ dir: string; file: string }> {
  const src = tempDir();
  const ex = await startTestExchange({ db: path.join(src, 'exchange.sqlite') });
  try {
    await ex.register();
    const dir = tempDir();
    const file = path.join(dir, 'exchange.sqlite');
    copyFileSync(path.join(src, 'exchange.sqlite'), file);
    copyFileSync(path.join(src, 'exchange.sqlite-wal'), `${file}-wal`);
    chmodSync(file, 0o600);
    chmodSync(`${file}-wal`, 0o600);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    return { dir, file };
  } finally {
    await ex.close();
  }
}

describe.runIf(POSIX)('the venue file and what lies beside it', () => {
  it("refuses a write-ahead log open to others, or another user's, changing nothing", async () => {
    const { file } = await venueWithWal();
    const wal = `${file}-wal`;
    chmodSync(wal, 0o666);
    const walBefore = readFileSync(wal);
    const mainBefore = readFileSync(file);
    await expect(startExchange({ db: file, activity: 'off' })).rejects.toThrow(/exchange\.sqlite-wal, the write-ahead log of the exchange state file, is open to other users \(mode 666\)/);
    if (ROOT) {
      chownSync(wal, 65534, 65534);
      chmodSync(wal, 0o600);
      await expect(startExchange({ db: file, activity: 'off' })).rejects.toThrow(/exchange\.sqlite-wal, the write-ahead log of the exchange state file, belongs to another user \(uid 65534\); SQLite would replay it/);
    }
    expect(readFileSync(wal)).toEqual(walBefore);
    expect(readFileSync(file)).toEqual(mainBefore);
  });

  it('refuses a venue in a directory others may write to', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'exchange.sqlite');
    chmodSync(dir, 0o777);
    const err: string[] = [];
    expect(await exchangeMain(['--db', file, '--activity', 'off'], quietIo(err))).toBe(1);
    expect(err.join('')).toMatch(/the directory .* of the exchange state file .*exchange\.sqlite is writable by other users \(mode 777\), who could plant a write-ahead log in it/);
    expect(existsSync(file)).toBe(false);
  });

  it('says which file is damaged, not that it cannot listen', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'exchange.sqlite');
    const ex = await startExchange({ db: file, activity: 'normal', seed: 3, blockMs: 20 });
    // Some blocks of bots and candles, so the file has pages to damage.
    await new Promise((r) => setTimeout(r, 600));
    await ex.close();
    const size = statSync(file).size;
    const fd = openSync(file, 'r+');
    const junk = Buffer.alloc(4096, 0xa5);
    for (let at = 4096 * 2; at < size; at += 4096 * 3) writeSync(fd, junk, 0, junk.length, at);
    closeSync(fd);
    const err: string[] = [];
    expect(await exchangeMain(['--db', file, '--activity', 'off'], quietIo(err))).toBe(1);
    const text = err.join('');
    expect(text).not.toContain('cannot listen');
    expect(text).toMatch(/the exchange state file .*exchange\.sqlite is damaged \(database disk image is malformed\); the file is left as it is/);
  });
});

describe('agent names', () => {
  it('refuses names with control characters or over 64 characters with the API error envelope, and stores none', async () => {
    const ex = await startTestExchange();
    try {
      const m = await ex.register();
      const hostile = ['bot\x1b]0;pwned\x07', 'bot\x1b[6n', 'two\nlines', 'rtl\u202Eevil', 'c1\u009b6n', 'x'.repeat(65), '🙂'.repeat(65)];
      for (const name of hostile) {
        const reply = await ex.signedPost(build.approveAgent(addressOf(newKey()), name, 0), m.key);
        expect(reply.status, JSON.stringify(name)).toBe(400);
        expect(reply.body).toMatchObject({ status: 'error', code: 'BAD_REQUEST', message: expect.stringMatching(/^agentName: (at most 64 characters, got 65|control characters .* are not allowed)$/) });
      }
      // 64 characters (emoji count as one each) and plain words are fine.
      expect(exchangeData(await ex.signedPost(build.approveAgent(addressOf(newKey()), '🙂'.repeat(64), 0), m.key))).toMatchObject({ slot: 'named' });
      const rows = (await ex.info<{ name: string }[]>({ type: 'userAgents', accountId: String(m.accountId) })).body;
      expect(rows.map((r) => r.name)).toEqual(['🙂'.repeat(64)]);
    } finally {
      await ex.close();
    }
  });
});
