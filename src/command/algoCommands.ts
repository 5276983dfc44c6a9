import * as v from 'valibot';
import { readAlgoFile, type AlgoState } from '../algo/index.js';
import { INTERRUPTED } from '../algo/algoRunner.js';
import { archivedWhy } from '../algo/algoArchive.js';
import { AlgoOwnerLock } from '../algo/algoLock.js';
import { algoHomeOf } from './algoHome.js';
import { AlgoEventLine, AlgoListOutput, algoLine, algoRow, algosTable } from './algoRows.js';
import { AlgoDryRun, CHASE, SCALE, TRAIL, TWAP } from './algoKinds.js';
import { confirm, finish, inForeground, openAlgoSession, runAlgoCommand, usage } from './algoForeground.js';
import type { CommandRun, CommandSpec } from './commandSpec.js';
import { CommandError, EXIT } from './exitCodes.js';
import type { CommandOutput } from './output.js';

/**
 * `perpdesk algo ...`: execution algorithms from the command line. The algo file in the
 * state directory is their memory, shared with the dashboard; the process that runs them
 * (a foreground `algo twap|scale|chase|trail` / `algo resume`, or the dashboard) holds the
 * owner lock, so a second one is refused, naming the first. `algo list` only reads.
 */

/**
 * The algo the words name, as the file has it (the contract to open the session on). Another
 * account's or venue's is refused here (exit 4), before a lock, a session or a dry run: it is
 * archived, read-only, as the Algos pane shows it. (The runner refuses it too, by the
 * session's own account, should the words and the key disagree.)
 */
async function namedAlgo(r: CommandRun, verb: string): Promise<AlgoState> {
  const [id, ...rest] = r.positionals;
  if (id === undefined) throw usage(`algo ${verb}: name the algo by its id (perpdesk algo list shows them)`);
  if (rest.length > 0) throw usage(`algo ${verb}: one id only, got: ${r.positionals.join(' ')}`);
  const s = readAlgoFile(r.stateDir).algos.find((a) => a.plan.id === id);
  if (!s) throw new CommandError(EXIT.usage, `no algo ${id} in ${r.stateDir} (perpdesk algo list shows them)`);
  const archived = archivedWhy(s.plan, await algoHomeOf(r));
  if (archived) throw new CommandError(EXIT.refused, `algo ${verb}: ${id} is archived here, read-only: ${archived}; nothing was done`, { archived, algo: algoRow(s) });
  return s;
}

/** --dry-run of resume, pause or cancel: what it would do, from the file; no lock, no session, nothing sent. */
function algoDryRun(s: AlgoState, what: string): CommandOutput {
  const row = algoRow(s);
  return { json: { dryRun: true, summary: [what], algo: row }, human: ['dry run: nothing sent', `  ${what}`, algoLine(row)] };
}

/** Pause or cancel: take the lock (refused while another process runs the algos), act, exit. */
async function stopAlgo(r: CommandRun, verb: 'pause' | 'cancel'): Promise<CommandOutput> {
  const named = await namedAlgo(r, verb);
  if (r.args.dryRun) return algoDryRun(named, verb === 'cancel' ? `cancel ${named.plan.id} and its resting child orders` : `pause ${named.plan.id}`);
  const a = await openAlgoSession(r, named.plan.contract);
  try {
    const id = named.plan.id;
    const s = a.runner.get(id)!;
    if (verb === 'cancel') {
      await confirm(r, a.session, 'cancel', false, 'Cancel algo', [`cancel ${id} and its resting child orders`]);
      const done = await a.runner.cancel(id);
      if (!done.ok) throw new CommandError(EXIT.refused, done.error, { algo: algoRow(s) });
    } else if (s.status === 'running') {
      const done = await a.runner.pause(id);
      if (!done.ok) throw new CommandError(EXIT.refused, done.error, { algo: algoRow(s) });
    } else if (s.status !== 'paused') {
      throw new CommandError(EXIT.refused, `${id}: it is ${s.status}`, { algo: algoRow(s) });
    }
    const row = algoRow(s);
    return { json: { ok: true, algo: row }, human: [algoLine(row)] };
  } finally {
    await a.close();
  }
}

/**
 * An algo the file says is running while no process holds the lock is shown as the next
 * start will find it: paused (interrupted). Its progress is what the file recorded; a child
 * sent with no answer yet is settled from the exchange by that next start.
 */
function asFound(s: AlgoState, owner: number | undefined): AlgoState {
  if (owner !== undefined || s.status !== 'running') return s;
  const found: AlgoState = { ...s, status: 'paused', interrupted: true, reason: INTERRUPTED };
  delete found.nextAt;
  delete found.waiting;
  return found;
}

/** --dry-run of resume, pause and cancel. */
const ALGO_STEP_DRY_RUN = v.object({ dryRun: v.literal(true), summary: v.array(v.string()), algo: AlgoEventLine.entries.algo });
const ALGO_EVENTS = () => v.union([AlgoEventLine, AlgoDryRun]);
const RESUME_EVENTS = () => v.union([AlgoEventLine, ALGO_STEP_DRY_RUN]);
const ALGO_ANSWER = () => v.union([v.object({ ok: v.literal(true), algo: AlgoEventLine.entries.algo }), ALGO_STEP_DRY_RUN]);
const REDUCE_ONLY = { 'reduce-only': { type: 'boolean' } } as const;
const FOREGROUND = 'in the foreground until it ends; Ctrl-C or SIGTERM pauses it (progress lines; NDJSON with --json)';

export const ALGO_COMMANDS: readonly CommandSpec[] = [
  {
    path: ['algo', 'list'],
    summary: "the execution algos of the state directory: kind, contract, side, filled/total, average price, state, next slice; another account's or venue's are archived (read-only) (reads the file, no lock)",
    writes: false,
    schema: () => AlgoListOutput,
    run: async (r) => {
      if (r.positionals.length > 0) throw usage(`algo list takes no words, got: ${r.positionals.join(' ')}`);
      const { algos, malformed } = readAlgoFile(r.stateDir);
      if (malformed > 0) r.err.write(`perpdesk: ${malformed} line(s) of the algo file are not records; skipped\n`);
      const owner = AlgoOwnerLock.holder(r.stateDir);
      const home = await algoHomeOf(r);
      const rows = algos.map((s) => {
        // Another account's or venue's: as the file has it (no start here marks it interrupted), read-only.
        const archived = archivedWhy(s.plan, home) ?? null;
        return { ...algoRow(archived ? s : asFound(s, owner)), archived };
      });
      return { json: { owner: owner ?? null, algos: rows }, human: algosTable(rows, owner) };
    },
  },
  {
    path: ['algo', 'twap'],
    usage: 'buy|sell SIZE CONTRACT --duration 10m (--slices N | --interval 30s) --band 1% [--reduce-only] [--seed N] [--dry-run]',
    summary: `run a TWAP ${FOREGROUND}: Ioc slices within a band around the mark`,
    writes: true,
    options: { duration: { type: 'string' }, slices: { type: 'string' }, interval: { type: 'string' }, band: { type: 'string' }, ...REDUCE_ONLY },
    optionHelp: {
      duration: 'how long the TWAP runs: 30s, 10m, 1h',
      slices: 'how many slices (or --interval)',
      interval: 'time between slices (or --slices)',
      band: 'no slice trades more than this from the arrival mark: 1% or 0.5',
      'reduce-only': 'every slice only reduces the position',
    },
    schema: ALGO_EVENTS,
    run: (r) => runAlgoCommand(r, TWAP),
  },
  {
    path: ['algo', 'scale'],
    usage: 'buy|sell SIZE CONTRACT --orders N --from PX --to PX [--skew flat|up|down|geometric] [--ratio R] [--tif Gtc|Alo] [--reduce-only] [--dry-run]',
    summary: `place a scale ${FOREGROUND}: N orders from one price to another, sent in batches of 10; the dry run and the confirm step show each order, the total and the average price`,
    writes: true,
    options: { orders: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, skew: { type: 'string' }, ratio: { type: 'string' }, tif: { type: 'string' }, ...REDUCE_ONLY },
    optionHelp: {
      orders: 'how many orders, 1 to 100',
      from: "the first order's price",
      to: "the last order's price",
      skew: 'sizes: flat (default), up (growing towards --to), down, geometric',
      ratio: 'geometric: each order over the one before, default 1.5',
      tif: 'Gtc (default) or Alo (post-only)',
      'reduce-only': 'every order only reduces the position',
    },
    schema: ALGO_EVENTS,
    run: (r) => runAlgoCommand(r, SCALE),
  },
  {
    path: ['algo', 'chase'],
    usage: 'buy|sell SIZE CONTRACT --max-distance PX [--offset-ticks N] [--at-limit stop|cross] [--interval 2s] [--reduce-only] [--dry-run]',
    summary: `run a chase ${FOREGROUND}: a post-only order that follows the best bid (ask) by modify, up to a distance, then stops or crosses`,
    writes: true,
    options: { 'max-distance': { type: 'string' }, 'offset-ticks': { type: 'string' }, 'at-limit': { type: 'string' }, interval: { type: 'string' }, ...REDUCE_ONLY },
    optionHelp: {
      'max-distance': 'how far (a price) the order may follow the book from where it starts',
      'offset-ticks': 'rest this many ticks behind the touch (default 0: at it)',
      'at-limit': 'past the limit: stop (default) or cross with an Ioc for the rest',
      interval: 'how often it looks at the book, default 2s',
      'reduce-only': 'the order only reduces the position',
    },
    schema: ALGO_EVENTS,
    run: (r) => runAlgoCommand(r, CHASE),
  },
  {
    path: ['algo', 'trail'],
    usage: 'CONTRACT (--distance PX | --percent P) [--through-ticks N] [--bound P] [--interval 1s] [--dry-run]',
    summary: `run a trailing stop on the open position ${FOREGROUND}: when the mark retraces from its best it closes the position (reduce-only Iocs through the touch) until closed, or fails at its bound`,
    writes: true,
    options: { distance: { type: 'string' }, percent: { type: 'string' }, 'through-ticks': { type: 'string' }, bound: { type: 'string' }, interval: { type: 'string' } },
    optionHelp: {
      distance: 'how far (a price) the mark may come back from its best',
      percent: 'or how far in percent of the best mark: 1.5',
      'through-ticks': "each closing Ioc's limit, this many ticks through the touch (default 5)",
      bound: 'how far from the mark at firing the closes may go, in percent (default 5, as F flatten): past it, with size open, the stop fails',
      interval: 'how often it reads the mark, default 1s',
    },
    schema: ALGO_EVENTS,
    run: (r) => runAlgoCommand(r, TRAIL),
  },
  {
    path: ['algo', 'resume'],
    usage: 'ID',
    summary: 'resume a paused algo in the foreground until done (reads back any child whose outcome is unknown first); Ctrl-C pauses it again',
    writes: true,
    schema: RESUME_EVENTS,
    run: async (r) => {
      const named = await namedAlgo(r, 'resume');
      if (r.args.dryRun) return algoDryRun(named, `resume ${named.plan.id} in the foreground`);
      const a = await openAlgoSession(r, named.plan.contract);
      try {
        const s = a.runner.get(named.plan.id)!;
        await confirm(r, a.session, 'order', true, 'Resume algo', [algoLine(algoRow(s))]);
        const ran = await inForeground(r, a.runner, () => a.runner.resume(s.plan.id), s.plan.id);
        if (!ran.ok) throw new CommandError(EXIT.refused, `algo resume: ${ran.error}`, { algo: algoRow(s) });
        return finish(ran.exitCode, s);
      } finally {
        await a.close();
      }
    },
  },
  {
    path: ['algo', 'pause'],
    usage: 'ID',
    summary: 'pause an algo no process is running (one a running dashboard or algo command owns is paused there)',
    writes: true,
    schema: ALGO_ANSWER,
    run: (r) => stopAlgo(r, 'pause'),
  },
  {
    path: ['algo', 'cancel'],
    usage: 'ID',
    summary: 'cancel an algo for good, cancelling its resting child orders (asks to confirm: --yes)',
    writes: true,
    schema: ALGO_ANSWER,
    run: (r) => stopAlgo(r, 'cancel'),
  },
];

