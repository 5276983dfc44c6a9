import { chmodSync, mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { historyFileSegments } from '../../src/history/historyPath.js';
import { HistoryFileError, HistoryStore } from '../../src/history/historyStore.js';
import type { Fill } from '../../src/protocol/wire/index.js';
import { openHistoryFile } from '../../src/session/historyRecorder.js';
import { tempDirs } from '../support/tempDirs.js';

const tempDir = tempDirs('perpdesk-history-store-');
const scope = { venue: 'https://api.example.test', account: '0x00000000000000000000000000000000000000aa' };
const fill = (tid: number, oid = 7): Fill => ({ contractId: 1, oid, tid, px: '100.5', sz: '0.25', isBuy: true, time: 1_000 + tid, liquidity: 'maker', fee: '-12', closedPnl: '0' });

describe('the history store file', () => {
  it('is created 0600 in 0700 directories under history/<venue>/<account>.sqlite, WAL', () => {
    const dir = tempDir();
    const store = openHistoryFile(dir, scope);
    store.addFills([fill(1)], 'stream');
    expect(store.file).toBe(join(dir, 'history', 'https_api.example.test', `${scope.account}.sqlite`));
    expect(historyFileSegments(scope)).toEqual(['history', 'https_api.example.test', `${scope.account}.sqlite`]);
    for (const f of [store.file, `${store.file}-wal`]) expect((statSync(f).mode & 0o777).toString(8)).toBe('600');
    expect((statSync(join(dir, 'history')).mode & 0o777).toString(8)).toBe('700');
    store.close();
  });

  it('two writers on one file (two connections, as two processes): every fill once, decimals kept as written', () => {
    const dir = tempDir();
    const a = openHistoryFile(dir, scope);
    const b = openHistoryFile(dir, scope);
    expect(a.addFills([fill(1), fill(2)], 'stream').map((f) => f.tid)).toEqual([1, 2]);
    // The other writer saw 2 and 3 (and 2 again from its snapshot); the same tid on another order is another fill (a self-trade's two sides).
    expect(b.addFills([fill(2), fill(3), fill(2), fill(3, 8)], 'snapshot').map((f) => [f.tid, f.oid])).toEqual([
      [3, 7],
      [3, 8],
    ]);
    expect(a.fills().map((f) => [f.tid, f.oid, f.px, f.sz, f.fee, f.source])).toEqual([
      [1, 7, '100.5', '0.25', '-12', 'stream'],
      [2, 7, '100.5', '0.25', '-12', 'stream'],
      [3, 7, '100.5', '0.25', '-12', 'snapshot'],
      [3, 8, '100.5', '0.25', '-12', 'snapshot'],
    ]);
    a.close();
    b.close();
  });

  it('refuses a file of another venue or account, one open to others, and a link at its name', () => {
    const dir = tempDir();
    openHistoryFile(dir, scope).close();
    const [h, venue, name] = historyFileSegments(scope);
    const file = join(dir, h, venue, name);
    expect(() => HistoryStore.open(file, { ...scope, venue: 'embedded' })).toThrow(HistoryFileError);
    expect(() => HistoryStore.open(file, { ...scope, venue: 'embedded' })).toThrow(/holds 0x0+aa on https:\/\/api\.example\.test, not 0x0+aa on embedded/);
    chmodSync(file, 0o644);
    expect(() => openHistoryFile(dir, scope)).toThrow(/permissions .*open to other users/);
    const other = { ...scope, account: '0x00000000000000000000000000000000000000bb' };
    const [, , otherName] = historyFileSegments(other);
    mkdirSync(join(dir, h, venue), { recursive: true });
    writeFileSync(join(dir, 'victim'), 'x', { mode: 0o600 });
    symlinkSync(join(dir, 'victim'), join(dir, h, venue, otherName));
    expect(() => openHistoryFile(dir, other)).toThrow(/symbolic link/);
  });
});
