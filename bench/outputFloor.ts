/**
 * Issue 34, output bytes against the changed-cell floor, offline: record one dashboard's
 * output once, then compare, frame by frame and by kind of byte, what the dashboard wrote,
 * what the renderer of this tree (src/ui/render/FrameDiffer.ts) writes for the same screens,
 * and the floor (bench/dashboard/floor.ts), without running a dashboard for every idea.
 *
 *   npm run bench:output -- record [--activity busy] [--seconds 20] [--warmup 10] [--out FILE]
 *   npm run bench:output -- compare FILE [--worst N] [--show I,J]
 *
 * `record` runs `dist/cli.js` (npm run build first) against an exchange process as the
 * dashboard bench does, and writes the output of the measuring window (and all before it) to
 * a JSON file. `compare` replays it: the screens the renderer was given are rebuilt with the
 * renderer's own parser (src/ui/render/AnsiFrameParser.ts) from the recorded bytes, the
 * screens a terminal shows with a headless xterm, as the bench's floor does.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AnsiFrameParser } from '../src/ui/render/AnsiFrameParser.js';
import { FrameDiffer } from '../src/ui/render/FrameDiffer.js';
import { ROOT } from './dashboard.js';
import { startExchangeProcess } from './dashboard/exchangeProcess.js';
import { FloorEncoder } from './dashboard/floor.js';
import { OURS, PtyDashboard } from './dashboard/ptyDashboard.js';
import { END_SYNC, type Recording } from './dashboard/replay.js';
import { blankSnapshot, changedCells, newTerminal, snapshot, type Snapshot } from './dashboard/screen.js';
import { liveBook } from './dashboard/screenChecks.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function record(o: { activity: string; seconds: number; warmup: number; out: string }): Promise<void> {
  const exchange = await startExchangeProcess({ root: ROOT, activity: o.activity, seed: 1 });
  const d = new PtyDashboard({ root: ROOT, variant: OURS, args: ['--url', exchange.url, '--invite-code', exchange.inviteCode()], withKeyFile: true, record: true });
  try {
    await d.until(liveBook, 60_000, 'a live book');
    await sleep(o.warmup * 1000);
    const bytes0 = d.bytes;
    const t0 = performance.now();
    d.markWindowStart();
    await sleep(o.seconds * 1000);
    d.markWindowEnd();
    const wall = (performance.now() - t0) / 1000;
    const rec = d.takeRecording();
    if (!rec) throw new Error('no recording (truncated?)');
    writeFileSync(o.out, JSON.stringify({ ...rec, activity: o.activity, seconds: wall, bytes: d.bytes - bytes0 }));
    process.stdout.write(`${o.activity}: ${Math.round((d.bytes - bytes0) / wall)} B/s over ${wall.toFixed(1)} s, written to ${o.out}\n`);
  } finally {
    await d.stop();
    await exchange.close();
  }
}

/** Kinds of bytes, as a terminal reads them. */
const KINDS = ['sync', 'cursor show/hide', 'move', 'sgr', 'erase', 'text', 'other'] as const;
type Kind = (typeof KINDS)[number];
type Tally = Record<Kind, number>;
const TOKEN = /\x1b\[[?]?[0-9;:]*[ -/]*[@-~]|\x1b[^[]|[\r\n\b]|[^\x1b\r\n\b]+/g;

function kindOf(t: string): Kind {
  if (t === '\r' || t === '\n' || t === '\b') return 'move';
  if (!t.startsWith('\x1b')) return 'text';
  if (t === '\x1b[?2026h' || t === '\x1b[?2026l') return 'sync';
  if (t === '\x1b[?25h' || t === '\x1b[?25l') return 'cursor show/hide';
  const final = t[t.length - 1]!;
  if (t[2] === '?') return 'other';
  if (final === 'm') return 'sgr';
  if ('HGfABCDd'.includes(final)) return 'move';
  if ('XKJ'.includes(final)) return 'erase';
  return 'other';
}

function emptyTally(): Tally {
  return Object.fromEntries(KINDS.map((k) => [k, 0])) as Tally;
}

function tally(bytes: string, into: Tally, sgrCount?: { n: number }): number {
  let total = 0;
  for (const m of bytes.matchAll(TOKEN)) {
    const n = Buffer.byteLength(m[0]);
    const kind = kindOf(m[0]);
    into[kind] += n;
    if (kind === 'sgr' && sgrCount) sgrCount.n++;
    total += n;
  }
  return total;
}

const write = (term: ReturnType<typeof newTerminal>, data: string) => new Promise<void>((resolve) => term.write(data, resolve));

interface FrameRow {
  index: number;
  recorded: number;
  differ: number;
  floor: number;
  cells: number;
}

async function compare(file: string, worst: number, show: number[] = []): Promise<void> {
  const rec = JSON.parse(readFileSync(file, 'utf8')) as Recording & { activity?: string; seconds?: number; bytes?: number };
  const firstEnd = rec.text.indexOf(END_SYNC, rec.windowStart);
  if (firstEnd === -1 || firstEnd >= rec.windowEnd) throw new Error('no frame in the window');
  let pos = firstEnd + END_SYNC.length;
  // What a terminal shows (the floor's input), what the renderer was given (its own parser),
  // and a terminal fed this tree's renderer, checked against the first.
  const term = newTerminal(rec.cols, rec.rows);
  const check = newTerminal(rec.cols, rec.rows);
  const parser = new AnsiFrameParser(rec.cols, rec.rows);
  const head = rec.text.slice(0, pos);
  await write(term, head);
  parser.write(head);
  parser.takePassthrough();
  let prev: Snapshot = snapshot(term);
  const differ = new FrameDiffer();
  // Both start from the same screen: the differ's first frame is a repaint, not counted.
  await write(check, differ.render(parser.screen, parser.cursor));
  const floor = new FloorEncoder();
  floor.encode(blankSnapshot(rec.cols, rec.rows), prev);
  const sums = { recorded: emptyTally(), differ: emptyTally(), floor: emptyTally() };
  const sgrs = { recorded: { n: 0 }, differ: { n: 0 }, floor: { n: 0 } };
  const rows: FrameRow[] = [];
  let mismatched = 0;
  let firstMismatch = '';
  let between = 0;
  for (let index = 0; ; index++) {
    const idx = rec.text.indexOf(END_SYNC, pos);
    if (idx === -1 || idx >= rec.windowEnd) break;
    const end = idx + END_SYNC.length;
    const chunk = rec.text.slice(pos, end);
    // Bytes outside the brackets (other than frames) are counted as recorded.
    const open = chunk.indexOf('\x1b[?2026h');
    if (open > 0) between += Buffer.byteLength(chunk.slice(0, open));
    pos = end;
    await write(term, chunk);
    parser.write(chunk);
    parser.takePassthrough();
    const next = snapshot(term);
    const ours = differ.render(parser.screen, parser.cursor);
    await write(check, ours);
    const shown = snapshot(check);
    if (changedCells(shown, next) !== 0) {
      mismatched++;
      if (!firstMismatch) firstMismatch = `frame ${index}: ${describeDifference(shown, next)}`;
    }
    const floorBytes = floor.encode(prev, next);
    if (show.includes(index)) {
      const visible = (b: string) => JSON.stringify(b).replace(/\\u001b/g, '⎋');
      process.stdout.write(`frame ${index}\n  recorded ${visible(chunk)}\n  differ   ${visible(ours)}\n  floor    ${visible(floorBytes)}\n`);
    }
    rows.push({
      index,
      recorded: tally(chunk, sums.recorded, sgrs.recorded),
      // As the pty delivers it: a tty's onlcr sends each line feed as CR LF (the recorded bytes are after it).
      differ: tally(ours.replace(/\n/g, '\r\n'), sums.differ, sgrs.differ),
      floor: tally(floorBytes, sums.floor, sgrs.floor),
      cells: changedCells(prev, next),
    });
    prev = next;
  }
  term.dispose();
  check.dispose();
  const total = (t: Tally) => KINDS.reduce((a, k) => a + t[k], 0);
  const f = total(sums.floor);
  const line = (name: string, t: Tally, n: { n: number }) =>
    `| ${name} | ${KINDS.map((k) => t[k].toLocaleString('en-US')).join(' | ')} | ${n.n} | ${total(t).toLocaleString('en-US')} | ${(total(t) / f).toFixed(3)}x |`;
  const out: string[] = [];
  out.push(`${rec.activity ?? '?'}: ${rows.length} frames over ${rec.seconds?.toFixed(1) ?? '?'} s; bytes outside frames ${between}`);
  out.push(`| bytes | ${KINDS.join(' | ')} | SGRs | total | vs floor |`);
  out.push(`|---|${KINDS.map(() => '---:').join('|')}|---:|---:|---:|`);
  out.push(line('recorded', sums.recorded, sgrs.recorded));
  out.push(line('FrameDiffer (this tree)', sums.differ, sgrs.differ));
  out.push(line('floor', sums.floor, sgrs.floor));
  const noBrackets = total(sums.differ) - sums.differ.sync - sums.differ['cursor show/hide'];
  out.push(`FrameDiffer without brackets and cursor show/hide: ${(noBrackets / f).toFixed(3)}x the floor`);
  out.push(`FrameDiffer's screens: ${rows.length - mismatched} of ${rows.length} as the terminal's${firstMismatch ? `; first difference ${firstMismatch}` : ''}`);
  const byExcess = [...rows].sort((a, b) => b.differ - b.floor - (a.differ - a.floor)).slice(0, worst);
  if (worst > 0) {
    out.push(`frames where FrameDiffer loses most (bytes over the floor):`);
    for (const r of byExcess) out.push(`  frame ${r.index}: differ ${r.differ}, floor ${r.floor}, recorded ${r.recorded}, ${r.cells} cells changed`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
}

function describeDifference(a: Snapshot, b: Snapshot): string {
  for (let i = 0; i < a.chars.length; i++) {
    if (a.chars[i] !== b.chars[i] || a.fg[i] !== b.fg[i] || a.bg[i] !== b.bg[i] || a.flags[i] !== b.flags[i] || a.width[i] !== b.width[i]) {
      const cell = (s: Snapshot) => JSON.stringify({ ch: s.chars[i], w: s.width[i], fg: s.fg[i], bg: s.bg[i], flags: s.flags[i] });
      return `cell (${i % a.cols},${Math.floor(i / a.cols)}) ${cell(a)} instead of ${cell(b)}`;
    }
  }
  return 'none';
}

const USAGE = 'usage: bench/outputFloor.ts record [--activity A] [--seconds S] [--warmup S] [--out FILE] | compare FILE [--worst N] [--show I,J]';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { activity: { type: 'string' }, seconds: { type: 'string' }, warmup: { type: 'string' }, out: { type: 'string' }, worst: { type: 'string' }, show: { type: 'string' } },
  });
  const [cmd, file] = positionals;
  if (cmd === 'record') {
    const activity = values.activity ?? 'busy';
    await record({ activity, seconds: Number(values.seconds ?? 20), warmup: Number(values.warmup ?? 10), out: values.out ?? path.join(os.tmpdir(), `perpdesk-output-${activity}.json`) });
    return 0;
  }
  if (cmd === 'compare' && file) {
    await compare(file, Number(values.worst ?? 0), (values.show ?? '').split(',').filter((x) => x !== '').map(Number));
    return 0;
  }
  process.stderr.write(`${USAGE}\n`);
  return 2;
}

main().then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  },
);
