import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { readRecordings, recordingFiles, type RecordedLine } from '../../src/record/readRecording.js';
import { recordingsDir } from '../../src/record/recordingFiles.js';
import { launchDashboard, type Dashboard } from '../ui/support/dashboard.js';

/**
 * The dashboard with `--record` (issue 36), in a real pty on the embedded exchange: the
 * status bar says it records, and after `q` the recording is complete (gzip closed) with the
 * book, the trades and the market state the screen drew.
 */
let d: Dashboard | undefined;
let home: string | undefined;
afterEach(async () => {
  await d?.stop();
  if (home) rmSync(home, { recursive: true, force: true });
});

it('perpdesk --record: said in the status bar, every file complete once it quits', async () => {
  home = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-e2e-rec-'));
  d = launchDashboard(['--record', '--activity', 'busy', '--seed', '5'], { home });
  // The bar's REC mark says it for as long as it records; the notice "recording the market
  // to …" may be followed at once by a newer one (onboarding's "account ready"), which then
  // takes the bar's message.
  await d.term.waitFor('● REC', 15_000);
  await d.term.waitFor(/SOL1/, 5_000);
  await new Promise((r) => setTimeout(r, 1_500));
  await d.term.press('q');
  const exit = await Promise.race([d.term.exited, new Promise<undefined>((r) => setTimeout(() => r(undefined), 8_000))]);
  expect(exit?.exitCode).toBe(0);
  const warnings: string[] = [];
  const lines: RecordedLine[] = [];
  for await (const l of readRecordings(recordingFiles(recordingsDir(path.join(home, 'state'))), { onWarning: (w) => warnings.push(w) })) lines.push(l);
  expect(warnings).toEqual([]);
  expect(lines[0]!.kind).toBe('header');
  expect(JSON.parse(lines[0]!.message)).toMatchObject({ venue: 'embedded', face: 'dashboard' });
  const channels = new Set(lines.filter((l) => l.kind === 'ws').map((l) => (JSON.parse(l.message) as { channel: string }).channel));
  for (const c of ['l2Book', 'trades', 'candle']) expect(channels).toContain(c);
  expect(lines.some((l) => l.kind === 'info' && l.message.includes('"type":"marketState"'))).toBe(true);
}, 40_000);
