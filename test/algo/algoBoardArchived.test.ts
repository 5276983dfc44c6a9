import { spawn } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AlgoBoard } from '../../src/algo/algoBoard.js';
import { algoPaneRows } from '../../src/ui/panes/algos/algoPaneRows.js';
import { tempDirs } from '../support/tempDirs.js';
import { waitFor } from '../support/waitFor.js';

/**
 * A board that only watches the file (another process owns the algos, or monitor mode) marks
 * another account's or venue's algos archived too, as a board with its own runner does, so
 * the Algos pane shows them read-only whoever runs them.
 */
const dirs = tempDirs('perpdesk-board-archived-');
const MINE = '0x' + '01'.repeat(20);
const THEIRS = '0x' + '02'.repeat(20);

const plan = (id: string, account: string, venue: string) => ({
  type: 'plan',
  time: 1,
  plan: { kind: 'twap', id, createdAt: 1, contract: 'SOL1', contractId: 1, priceScale: 0, qtyScale: 0, tickSize: '1', stepSize: '1', isBuy: true, total: '4', reduceOnly: false, slices: 2, intervalMs: 60_000, durationMs: 120_000, bandBps: 100, arrivalMark: '150', bandLow: '149', bandHigh: '151', sizeJitterPct: 0, timeJitterPct: 0, seed: 1, account, venue },
});

describe('AlgoBoard watching the file', () => {
  for (const how of ['another process owns the algos', 'monitor mode'] as const) {
    it(`${how}: another account's and another venue's algos are archived, this session's are not`, async () => {
      const dir = dirs();
      chmodSync(dir, 0o700);
      const other = spawn('sleep', ['30'], { stdio: 'ignore' });
      if (how === 'another process owns the algos') writeFileSync(path.join(dir, 'algos.jsonl.lock'), `${other.pid}\n`, { mode: 0o600 });
      const lines = [plan('twap-mine', MINE, 'url:http://a'), plan('twap-theirs', THEIRS, 'url:http://a'), plan('twap-elsewhere', MINE, 'url:http://b')];
      writeFileSync(path.join(dir, 'algos.jsonl'), lines.map((l) => `${JSON.stringify(l)}\n`).join(''), { mode: 0o600 });
      const board = AlgoBoard.open({ stateDir: dir, watchMs: 30, noRunnerWhy: 'monitor mode', home: { account: MINE.toUpperCase().replace('0X', '0x'), venue: 'url:http://a' } });
      try {
        await waitFor(() => board.snapshot().algos.length === 3, 'the board read the file');
        const archived = board.snapshot().archived;
        expect(archived?.has('twap-mine')).toBe(false);
        expect(archived?.get('twap-theirs')).toContain(`it belongs to account ${THEIRS}`);
        expect(archived?.get('twap-elsewhere')).toContain('another venue');
        const rows = algoPaneRows(board.snapshot());
        expect(rows.find((r) => r.key === 'twap-theirs')).toMatchObject({ stateTone: 'muted' });
        expect(rows.find((r) => r.key === 'twap-mine')?.state).not.toMatch(/archived/);
      } finally {
        other.kill('SIGKILL');
        await board.close('test over');
      }
    });
  }
});
