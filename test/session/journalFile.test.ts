import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirs } from '../support/tempDirs.js';
import type { JournalEntry } from '../../src/model/journalEntry.js';
import { JournalFile } from '../../src/session/journalFile.js';

const ROOT = resolve(import.meta.dirname, '../..');
const POSIX = process.platform !== 'win32';

const tempDir = tempDirs('perpdesk-journal-');

function entry(seq: number, over: Partial<JournalEntry> = {}): JournalEntry {
  return {
    seq,
    time: 1_700_000_000_000 + seq,
    action: 'order',
    signerRole: 'agent',
    signer: '0xabcd000000000000000000000000000000000001',
    nonce: 1_700_000_000_000 + seq,
    requestId: `r${seq}`,
    outcome: 'ok',
    detail: `entry ${seq}`,
    cloids: [`0x${seq.toString(16).padStart(32, '0')}`],
    ...over,
  };
}

/** Every field a JournalEntry may have; a record holding anything else leaks something. */
const ENTRY_KEYS: Record<keyof JournalEntry, true> = {
  seq: true,
  time: true,
  action: true,
  signerRole: true,
  signer: true,
  nonce: true,
  requestId: true,
  outcome: true,
  asked: true,
  detail: true,
  errorKind: true,
  cloids: true,
  parentCloid: true,
  face: true,
  sentTime: true,
  vault: true,
  venue: true,
  account: true,
  settled: true,
};

describe('JournalFile', () => {
  it('appends JSON lines and loads the last N entries in order, with the face that signed', () => {
    const dir = join(tempDir(), 'state');
    const journal = new JournalFile(dir);
    journal.append(entry(1), 'dashboard');
    journal.append(entry(2, { outcome: 'rejected', errorKind: 'business', detail: 'Insufficient margin' }), 'cli');
    journal.append(entry(3));
    expect(journal.path).toBe(join(dir, 'journal.jsonl'));
    expect(readFileSync(journal.path, 'utf8').split('\n')).toHaveLength(4); // three lines and the final newline

    const all = new JournalFile(dir).load(10);
    expect(all.malformed).toBe(0);
    expect(all.entries).toEqual([
      { ...entry(1), face: 'dashboard' },
      { ...entry(2, { outcome: 'rejected', errorKind: 'business', detail: 'Insufficient margin' }), face: 'cli' },
      entry(3),
    ]);
    expect(journal.load(2).entries.map((e) => e.seq)).toEqual([2, 3]);
    expect(journal.load(0).entries).toEqual([]);
  });

  it('loads nothing, without creating a file, from a state directory that has no journal yet', () => {
    const dir = tempDir();
    expect(new JournalFile(dir).load(50)).toEqual({ entries: [], malformed: 0 });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('writes none of the fields outside JournalEntry that a caller may have left on the object', () => {
    const dir = tempDir();
    const journal = new JournalFile(dir);
    const leaky = { ...entry(1), signature: { r: '0x1', s: '0x2', v: 27 }, privateKey: '0xdeadbeef', action_: { type: 'order' } };
    journal.append(leaky as JournalEntry, 'cli');
    journal.append(leaky as JournalEntry);
    const lines = readFileSync(journal.path, 'utf8').trim().split('\n');
    const allowed = new Set([...Object.keys(ENTRY_KEYS), 'face']);
    for (const line of lines) {
      const keys = Object.keys(JSON.parse(line) as object);
      expect(keys.filter((k) => !allowed.has(k))).toEqual([]);
    }
    expect(readFileSync(journal.path, 'utf8')).not.toMatch(/deadbeef|signature|privateKey/);
    expect(Object.keys(JSON.parse(lines[1]!) as object)).not.toContain('face');
  });

  it('rotates to journal.jsonl.1 past the size bound, keeping one older generation, and loads across both', () => {
    const dir = tempDir();
    // Seqs of three digits give lines of one length: a rotation after every fifth line.
    const lineBytes = Buffer.byteLength(`${JSON.stringify(entry(100))}\n`);
    const journal = new JournalFile(dir, { maxBytes: Math.floor(4.5 * lineBytes) });
    for (let seq = 101; seq <= 142; seq++) journal.append(entry(seq));

    expect(readdirSync(dir).sort()).toEqual(['journal.jsonl', 'journal.jsonl.1']);
    expect(statSync(journal.path).size).toBe(2 * lineBytes);
    expect(statSync(`${journal.path}.1`).size).toBe(5 * lineBytes);
    if (POSIX) expect(statSync(`${journal.path}.1`).mode & 0o777).toBe(0o600);

    const { entries, malformed } = journal.load(1_000);
    expect(malformed).toBe(0);
    expect(entries.map((e) => e.seq)).toEqual([136, 137, 138, 139, 140, 141, 142]);
    expect(journal.load(3).entries.map((e) => e.seq)).toEqual([140, 141, 142]);
    expect(journal.load(2).entries.map((e) => e.seq)).toEqual([141, 142]);
  });

  it('skips and counts malformed lines, never throwing on them', () => {
    const dir = tempDir();
    const path = join(dir, 'journal.jsonl');
    const good = (seq: number) => JSON.stringify(entry(seq));
    const lines = [
      good(1),
      'not json',
      '[1,2,3]',
      'null',
      JSON.stringify({ ...entry(2), outcome: 'great' }),
      JSON.stringify({ ...entry(3), action: 'launchRocket' }),
      JSON.stringify({ ...entry(4), seq: '4' }),
      JSON.stringify({ ...entry(5), cloids: 'x' }),
      JSON.stringify({ seq: 6, time: 6 }),
      '',
      good(7),
      good(8).slice(0, 40), // a line torn by a crash mid-write
    ];
    writeFileSync(path, `${lines.join('\n')}`, { mode: 0o600 });
    const loaded = new JournalFile(dir).load(100);
    expect(loaded.entries.map((e) => e.seq)).toEqual([1, 7]);
    expect(loaded.malformed).toBe(9);
    expect(new JournalFile(dir).load(1).entries.map((e) => e.seq)).toEqual([7]);
  });

  it.runIf(POSIX)('creates the state directory 0700 and the file 0600', () => {
    const dir = join(tempDir(), 'a', 'state');
    const journal = new JournalFile(dir);
    journal.append(entry(1));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(journal.path).mode & 0o777).toBe(0o600);
  });

  it.runIf(POSIX)('refuses an existing journal file or state directory open to other users', () => {
    const dir = tempDir();
    const path = join(dir, 'journal.jsonl');
    writeFileSync(path, `${JSON.stringify(entry(1))}\n`);
    chmodSync(path, 0o644);
    expect(() => new JournalFile(dir)).toThrow(/journal file .*journal\.jsonl.* 0644.*chmod 600/);

    chmodSync(path, 0o600);
    const journal = new JournalFile(dir);
    chmodSync(path, 0o640); // loosened while the session runs
    expect(() => journal.append(entry(2))).toThrow(/0640.*chmod 600/);
    expect(readFileSync(path, 'utf8').trim().split('\n')).toHaveLength(1);

    const open = join(dir, 'open');
    mkdirSync(open, { mode: 0o755 });
    chmodSync(open, 0o755);
    expect(() => new JournalFile(open)).toThrow(/state directory .*open.* 0755.*chmod 700/);
    expect(existsSync(join(open, 'journal.jsonl'))).toBe(false);
  });

  it('keeps every line whole when two processes append at the same time', async () => {
    const dir = tempDir();
    const stateDir = join(dir, 'state');
    const goFile = join(dir, 'go');
    const children = ['dashboard', 'cli'].map((face) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/client/support/appendJournal.ts', stateDir, face, '500', goFile], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
      const ready = new Promise<void>((res) => child.stdout.setEncoding('utf8').on('data', (c: string) => ((out += c), out.startsWith('ready\n') && res())));
      const done = new Promise<void>((res, rej) => {
        child.on('error', rej);
        child.on('close', (code) => (code === 0 ? res() : rej(new Error(`${face} exited ${code}: ${err}`))));
      });
      return { ready: Promise.race([ready, done]), done };
    });
    await Promise.all(children.map((c) => c.ready));
    writeFileSync(goFile, '');
    await Promise.all(children.map((c) => c.done));

    const { entries, malformed } = new JournalFile(stateDir).load(10_000);
    expect(malformed).toBe(0);
    expect(entries).toHaveLength(1_000);
    for (const face of ['dashboard', 'cli']) {
      const mine = entries.filter((e) => e.face === face);
      expect(mine.map((e) => e.seq)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
      for (const e of mine) expect(e.detail).toBe(`${face} ${e.seq} `.padEnd(600, face === 'cli' ? 'c' : 'd'));
    }
  }, 20_000);

  describe('a request sent and its answer', () => {
    const SIGNER_A = '0xabcd000000000000000000000000000000000001';
    const SIGNER_B = '0xabcd000000000000000000000000000000000002';
    /** The line written before a request leaves: no request id, no answer yet. */
    const sent = (seq: number, over: Partial<JournalEntry> = {}): JournalEntry => {
      const { requestId: _r, ...rest } = entry(seq, { outcome: 'sent', detail: 'sent, awaiting the answer', ...over });
      return rest;
    };
    const answer = (seq: number, over: Partial<JournalEntry> = {}): JournalEntry => entry(seq, { time: 1_700_000_000_000 + seq + 40, sentTime: 1_700_000_000_000 + seq, ...over });

    it('collapses a sent line and its answer into the answer, in the place of the request', () => {
      const dir = tempDir();
      const journal = new JournalFile(dir);
      journal.append(sent(1), 'dashboard');
      journal.append(sent(2), 'cli');
      journal.append(answer(2), 'cli');
      journal.append(answer(1, { outcome: 'rejected', detail: 'Insufficient margin' }), 'dashboard');
      expect(readFileSync(journal.path, 'utf8').trim().split('\n')).toHaveLength(4);
      const loaded = journal.load(10);
      expect(loaded.malformed).toBe(0);
      expect(loaded.entries).toEqual([
        { ...answer(1, { outcome: 'rejected', detail: 'Insufficient margin' }), face: 'dashboard' },
        { ...answer(2), face: 'cli' },
      ]);
    });

    it('keeps a sent line without an answer as sent, no answer recorded: never dropped', () => {
      const dir = tempDir();
      const journal = new JournalFile(dir);
      journal.append(sent(1, { asked: 'Buy 2 SOL1 @ 95 Gtc' }), 'cli');
      // The process died here: what follows is another request, answered.
      journal.append(sent(2), 'dashboard');
      journal.append(answer(2), 'dashboard');
      const { entries } = journal.load(10);
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatchObject({
        seq: 1,
        outcome: 'unanswered',
        face: 'cli',
        asked: 'Buy 2 SOL1 @ 95 Gtc',
        nonce: entry(1).nonce,
        signer: SIGNER_A,
        cloids: entry(1).cloids,
        detail: expect.stringMatching(/^sent, no answer recorded.*outcome unknown/),
      });
      expect(entries[1]).toMatchObject({ seq: 2, outcome: 'ok' });
    });

    it('pairs only the same signer and nonce, as two processes append to one file', () => {
      const dir = tempDir();
      const journal = new JournalFile(dir);
      const nonce = 1_700_000_000_777;
      journal.append(sent(1, { signer: SIGNER_A, nonce }), 'dashboard');
      // Another signer's answer with the same nonce is not this request's answer.
      journal.append(answer(9, { signer: SIGNER_B, nonce }), 'cli');
      // Nor is an answer of another face.
      journal.append(answer(8, { signer: SIGNER_A, nonce }), 'cli');
      const { entries } = journal.load(10);
      expect(entries.map((e) => [e.seq, e.outcome, e.face])).toEqual([
        [1, 'unanswered', 'dashboard'],
        [9, 'ok', 'cli'],
        [8, 'ok', 'cli'],
      ]);
      // A line without a signer or a nonce pairs with nothing.
      const bare = tempDir();
      const j2 = new JournalFile(bare);
      const { signer: _s, nonce: _n, ...noIds } = sent(3);
      j2.append(noIds);
      j2.append(answer(3, { signer: undefined, nonce: undefined }));
      expect(j2.load(10).entries.map((e) => e.outcome)).toEqual(['unanswered', 'ok']);
    });

    it('loads at most N entries, counting a request once, and pairs across the rotated generation', () => {
      const dir = tempDir();
      const journal = new JournalFile(dir);
      for (let seq = 101; seq <= 120; seq++) {
        journal.append(sent(seq));
        journal.append(answer(seq));
      }
      journal.append(sent(121));
      expect(journal.load(5).entries.map((e) => [e.seq, e.outcome])).toEqual([
        [117, 'ok'],
        [118, 'ok'],
        [119, 'ok'],
        [120, 'ok'],
        [121, 'unanswered'],
      ]);
      expect(journal.load(1_000).entries).toHaveLength(21);

      // A rotation between a request and its answer: the two generations are read as one.
      const rotating = tempDir();
      const lineBytes = Buffer.byteLength(`${JSON.stringify(sent(100))}\n`);
      const small = new JournalFile(rotating, { maxBytes: 2 * lineBytes });
      small.append(sent(100));
      small.append(sent(101)); // rotates: both sent lines are now in journal.jsonl.1
      const big = new JournalFile(rotating);
      big.append(answer(101));
      big.append(answer(100));
      expect(readdirSync(rotating).sort()).toEqual(['journal.jsonl', 'journal.jsonl.1']);
      expect(small.load(10).entries.map((e) => [e.seq, e.outcome])).toEqual([
        [100, 'ok'],
        [101, 'ok'],
      ]);
    });
  });
});
