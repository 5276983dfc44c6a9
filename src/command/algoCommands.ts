import * as v from 'valibot';
import { algoHostOf, algoProgress, AlgoRunner, type AlgoState } from '../algo/index.js';
import { AlgoLockHeld, AlgoOwnerLock } from '../algo/algoLock.js';
import type { Recovery } from '../algo/algoRunner.js';
import { twapPlan, type TwapRequest } from '../algo/twapPlan.js';
import { twapSliceSize } from '../algo/twapSliceSize.js';
import { twapSlot } from '../algo/twapSlot.js';
import { collateralCoin, policyConfirms, type ConfirmKind } from '../forms/index.js';
import { formatDecimal, parseDecimal } from '../protocol/index.js';
import type { Session } from '../session/createSession.js';
import { AlgoEventLine, AlgoListOutput, algoLine, algoRow, algosTable, readAlgoFile } from './algoRows.js';
import type { CommandRun, CommandSpec } from './commandSpec.js';
import { CommandError, EXIT, type ExitCode } from './exitCodes.js';
import { printEvent, type CommandOutput } from './output.js';
import { parseDuration } from './parseDuration.js';
import { openWriteSession, settingsOf } from './runForm.js';

/**
 * `perpdesk algo ...`: execution algorithms from the command line. The algo file in the
 * state directory is their memory, shared with the dashboard; the process that runs them
 * (a foreground `algo twap` / `algo resume`, or the dashboard) holds the owner lock, so a
 * second one is refused, naming the first. `algo list` only reads.
 */

const usage = (message: string) => new CommandError(EXIT.usage, message);

const TwapDryRun = v.object({
  dryRun: v.literal(true),
  algo: v.object({ contract: v.string(), side: v.picklist(['buy', 'sell']), total: v.string(), arrivalMark: v.string(), bandLow: v.string(), bandHigh: v.string(), slices: v.number(), intervalMs: v.number(), seed: v.number() }),
  schedule: v.array(v.object({ slice: v.number(), at: v.number(), size: v.string(), price: v.string() })),
});

function optionText(r: CommandRun, name: string): string | undefined {
  const value = r.options[name];
  return typeof value === 'string' ? value : undefined;
}

/** The owner lock, or the refusal naming the process that holds it. */
function takeLock(r: CommandRun): AlgoOwnerLock {
  try {
    return AlgoOwnerLock.acquire(r.stateDir);
  } catch (e) {
    if (e instanceof AlgoLockHeld) throw new CommandError(EXIT.refused, e.message, { ownerPid: e.pid });
    throw e;
  }
}

interface AlgoSession {
  session: Session;
  runner: AlgoRunner;
  recovery: Recovery;
  close(): Promise<void>;
}

/**
 * A write session on `contract` with a runner that has read the algo file (settling what an
 * earlier process left open). The lock is taken first: nothing is read or sent without it.
 */
async function openAlgoSession(r: CommandRun, contract: string | undefined): Promise<AlgoSession> {
  const lock = takeLock(r);
  try {
    const on: CommandRun = contract === undefined ? r : { ...r, args: { ...r.args, contract } };
    const { session, close: closeSession } = await openWriteSession(on);
    const runner = new AlgoRunner({ host: algoHostOf(session, { refresh: true }), stateDir: r.stateDir, settings: settingsOf(r) });
    const close = async () => {
      await runner.stop();
      await closeSession();
      lock.release();
    };
    try {
      const recovery = await runner.start();
      for (const id of recovery.interrupted) r.err.write(`perpdesk: ${id} was left running by a process that ended: now paused (interrupted)\n`);
      for (const u of recovery.unsettled) r.err.write(`perpdesk: ${u.id}: child ${u.cloid} could not be read back (${u.error})\n`);
      return { session, runner, recovery, close };
    } catch (e) {
      await close();
      throw e;
    }
  } catch (e) {
    lock.release();
    throw e;
  }
}

/** Asks as the other writes do: unless --yes, when the config's policy for this kind of action confirms. */
async function confirm(r: CommandRun, session: Session, kind: ConfirmKind, wide: boolean, title: string, lines: readonly string[]): Promise<void> {
  if (r.args.yes) return;
  // An algo's notional is spread over many children: no per-order threshold skips its confirmation.
  if (!policyConfirms(settingsOf(r).confirm, undefined, collateralCoin(session.store.getState().market.configs), kind, wide)) return;
  if (!r.interactive) throw new CommandError(EXIT.refused, `${title.toLowerCase()} asks for confirmation (config confirm policy); add --yes`, { request: lines });
  r.err.write(`${[title, ...lines.map((l) => `  ${l}`)].join('\n')}\n`);
  const answer = (await r.ask('Go ahead? [y/N] ')).trim().toLowerCase();
  if (answer !== 'y' && answer !== 'yes') throw new CommandError(EXIT.refused, 'not started: not confirmed');
}

const INTERRUPT_REASON = 'paused: the command running it was interrupted (Ctrl-C or SIGTERM); resume it with perpdesk algo resume';

/** The exit status an algo's end calls for: 0 done, cancelled or paused by the trader; else why it stopped. */
function exitOfAlgo(s: AlgoState): ExitCode {
  if (s.status !== 'paused' || s.reason === INTERRUPT_REASON) return EXIT.ok;
  const why = s.reason ?? '';
  if (/outcome unknown|still unknown/.test(why)) return EXIT.unknown;
  if (/refused by the exchange|did not reach the exchange/.test(why)) return EXIT.rejected;
  if (/cannot read/.test(why)) return EXIT.network;
  return EXIT.refused;
}

/** twapPlan's refusals of what was typed (the rest are the market's: no contract, no mark). */
const PLAN_FIELD = /^(size|band|duration|interval|slices|size variation|time variation):/;

/**
 * Runs an algo in the foreground until it is done, cancelled or paused (by a check, or by
 * Ctrl-C / SIGTERM, which pauses it once the step in flight has finished and its answer is
 * written), printing a line whenever its progress changes.
 */
async function foreground(r: CommandRun, runner: AlgoRunner, s: AlgoState): Promise<{ exitCode: ExitCode }> {
  let last = '';
  const show = (event: 'plan' | 'progress' | 'end') => {
    const row = algoRow(s);
    // A line when something happened: a child answered, a slice skipped, a wait, a state change;
    // not for a child on its way out or the next wake-up alone.
    const g = algoProgress(s);
    const key = JSON.stringify([row.status, row.filled, row.slicesSent - g.unsettled, row.slicesSkipped, row.reason, s.waiting ?? null]);
    if (key === last && (event === 'progress' || (event === 'end' && r.mode === 'table'))) return;
    last = key;
    printEvent(r.out, r.mode, { json: { event, algo: row }, human: [algoLine(row)] });
  };
  show('plan');
  await new Promise<void>((resolve) => {
    let off = () => {};
    const check = () => {
      if (s.status === 'running') return;
      off();
      resolve();
    };
    off = runner.onChange((x) => {
      if (x.plan.id !== s.plan.id) return;
      show('progress');
      check();
    });
    void r.interrupted.then(async () => {
      if (s.status !== 'running') return;
      r.err.write('perpdesk: interrupted: pausing once the step in flight is written down\n');
      await runner.pause(s.plan.id, INTERRUPT_REASON);
      check();
    });
    check();
  });
  await runner.idle();
  show('end');
  return { exitCode: exitOfAlgo(s) };
}

/** Ends a foreground command: a failure status is an error (stdout still has the lines), success prints nothing more. */
function finish(exitCode: ExitCode, s: AlgoState): undefined {
  if (exitCode !== EXIT.ok) throw new CommandError(exitCode, `${s.plan.id} ${s.status}: ${s.reason ?? ''}`, { algo: algoRow(s) });
  return undefined;
}

function twapRequest(r: CommandRun): TwapRequest {
  const [side, size, contract, ...rest] = r.positionals;
  const example = 'e.g. perpdesk algo twap buy 10 SOL1 --duration 10m --slices 10 --band 1%';
  if (side !== 'buy' && side !== 'sell') throw usage(`algo twap: say buy or sell, ${example}`);
  if (size === undefined || contract === undefined) throw usage(`algo twap: give the size and the contract, ${example}`);
  if (rest.length > 0) throw usage(`algo twap: unexpected words: ${rest.join(' ')}`);
  const durationText = optionText(r, 'duration');
  if (durationText === undefined) throw usage(`algo twap: --duration is missing, ${example}`);
  const durationMs = parseDuration(durationText);
  if (durationMs === undefined) throw usage('--duration must be a duration such as 30s, 10m or 1h');
  const band = optionText(r, 'band');
  if (band === undefined) throw usage(`algo twap: --band is missing (the most a slice may trade from the arrival mark), ${example}`);
  const slicesText = optionText(r, 'slices');
  const intervalText = optionText(r, 'interval');
  if ((slicesText === undefined) === (intervalText === undefined)) throw usage('algo twap: give one of --slices N or --interval 30s');
  const req: TwapRequest = { contract, side, size, durationMs, bandPct: band.replace(/%$/, ''), reduceOnly: r.options['reduce-only'] === true };
  if (slicesText !== undefined) {
    if (!/^\d{1,4}$/.test(slicesText)) throw usage('--slices must be a whole number');
    req.slices = Number(slicesText);
  } else {
    const ms = parseDuration(intervalText!);
    if (ms === undefined) throw usage('--interval must be a duration such as 30s or 1m');
    req.intervalMs = ms;
  }
  if (r.args.seed !== undefined) req.seed = r.args.seed;
  return req;
}

/** `--dry-run`: the plan around the mark as it is now, and each slice's time, size and limit if all fill. */
async function twapDryRun(r: CommandRun, req: TwapRequest): Promise<CommandOutput> {
  const { session, close } = await openWriteSession({ ...r, args: { ...r.args, contract: req.contract } });
  try {
    const contract = session.store.getState().market.contracts[req.contract];
    if (!contract) throw usage(`no active contract named ${req.contract}`);
    const ms = await session.info.marketState(contract.contractId);
    if (!ms.ok) throw new CommandError(EXIT.network, `cannot read the mark: ${ms.error.message}`);
    if (ms.value.markPx === null) throw new CommandError(EXIT.refused, `no mark price for ${contract.name}: the band cannot be placed`);
    const now = Date.now();
    const planned = twapPlan(req, contract, parseDecimal(ms.value.markPx, contract.priceScale, 'markPx'), now, 'dry-run');
    if (!planned.ok) throw usage(`algo twap: ${planned.error}`);
    const p = planned.value;
    const qty = (x: bigint) => formatDecimal(x, p.qtyScale);
    const px = (x: bigint) => formatDecimal(x, p.priceScale);
    const price = px(p.isBuy ? p.bandHigh : p.bandLow);
    const schedule: { slice: number; at: number; size: string; price: string }[] = [];
    let remaining = p.total;
    for (let k = 0; k < p.slices; k++) {
      const size = twapSliceSize(p, k, remaining, p.slices - k);
      remaining -= size;
      schedule.push({ slice: k + 1, at: twapSlot(p, { at: now, slice: 0 }, k).due, size: qty(size), price });
    }
    const side = p.isBuy ? 'buy' : 'sell';
    const algo = { contract: p.contract, side, total: qty(p.total), arrivalMark: px(p.arrivalMark), bandLow: px(p.bandLow), bandHigh: px(p.bandHigh), slices: p.slices, intervalMs: p.intervalMs, seed: p.seed } as const;
    return {
      json: { dryRun: true, algo, schedule },
      human: [
        `dry run: TWAP ${side} ${algo.total} ${p.contract} in ${p.slices} slices ${p.intervalMs / 1000}s apart, band ${algo.bandLow}–${algo.bandHigh} around mark ${algo.arrivalMark}${p.reduceOnly ? ', reduce-only' : ''}; nothing sent`,
        ...schedule.map((x) => `  slice ${x.slice}  +${((x.at - now) / 1000).toFixed(1)}s  Ioc ${side} ${x.size} @ ${x.price}`),
      ],
    };
  } finally {
    await close();
  }
}

function twapLines(req: TwapRequest): string[] {
  const shape = req.slices !== undefined ? `${req.slices} slices` : `a slice every ${req.intervalMs! / 1000}s`;
  return [`TWAP ${req.side} ${req.size} ${req.contract} over ${req.durationMs / 1000}s, ${shape}, each an Ioc within ${req.bandPct}% of the mark${req.reduceOnly ? ', reduce-only' : ''}`];
}

/** The algo the words name, as the file has it (the contract to open the session on). */
function namedAlgo(r: CommandRun, verb: string): AlgoState {
  const [id, ...rest] = r.positionals;
  if (id === undefined) throw usage(`algo ${verb}: name the algo by its id (perpdesk algo list shows them)`);
  if (rest.length > 0) throw usage(`algo ${verb}: one id only, got: ${r.positionals.join(' ')}`);
  const s = readAlgoFile(r.stateDir).algos.find((a) => a.plan.id === id);
  if (!s) throw new CommandError(EXIT.usage, `no algo ${id} in ${r.stateDir} (perpdesk algo list shows them)`);
  return s;
}

/** Pause or cancel: take the lock (refused while another process runs the algos), act, exit. */
async function stopAlgo(r: CommandRun, verb: 'pause' | 'cancel'): Promise<CommandOutput> {
  const named = namedAlgo(r, verb);
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

const ALGO_EVENTS = () => v.union([AlgoEventLine, TwapDryRun]);
const ALGO_ANSWER = () => v.object({ ok: v.literal(true), algo: AlgoEventLine.entries.algo });

export const ALGO_COMMANDS: readonly CommandSpec[] = [
  {
    path: ['algo', 'list'],
    summary: 'the execution algos of the state directory: kind, contract, side, filled/total, average price, state, next slice (reads the file, no lock)',
    writes: false,
    schema: () => AlgoListOutput,
    run: async (r) => {
      if (r.positionals.length > 0) throw usage(`algo list takes no words, got: ${r.positionals.join(' ')}`);
      const { algos, malformed } = readAlgoFile(r.stateDir);
      if (malformed > 0) r.err.write(`perpdesk: ${malformed} line(s) of the algo file are not records; skipped\n`);
      const owner = AlgoOwnerLock.holder(r.stateDir);
      const rows = algos.map(algoRow);
      return { json: { owner: owner ?? null, algos: rows }, human: algosTable(rows, owner) };
    },
  },
  {
    path: ['algo', 'twap'],
    usage: 'buy|sell SIZE CONTRACT --duration 10m (--slices N | --interval 30s) --band 1% [--reduce-only] [--seed N] [--dry-run]',
    summary: 'run a TWAP in the foreground until done: Ioc slices within a band around the mark; Ctrl-C or SIGTERM pauses it (progress lines; NDJSON with --json)',
    writes: true,
    options: { duration: { type: 'string' }, slices: { type: 'string' }, interval: { type: 'string' }, band: { type: 'string' }, 'reduce-only': { type: 'boolean' } },
    optionHelp: {
      duration: 'how long the TWAP runs: 30s, 10m, 1h',
      slices: 'how many slices (or --interval)',
      interval: 'time between slices (or --slices)',
      band: 'no slice trades more than this from the arrival mark: 1% or 0.5',
      'reduce-only': 'every slice only reduces the position',
    },
    schema: ALGO_EVENTS,
    run: async (r) => {
      const req = twapRequest(r);
      if (r.args.dryRun) return twapDryRun(r, req);
      const a = await openAlgoSession(r, req.contract);
      try {
        await confirm(r, a.session, 'order', true, 'Start TWAP', twapLines(req));
        const started = await a.runner.startTwap(req);
        if (!started.ok) throw new CommandError(PLAN_FIELD.test(started.error) ? EXIT.usage : EXIT.refused, `algo twap: ${started.error}`);
        const { exitCode } = await foreground(r, a.runner, started.value);
        return finish(exitCode, started.value);
      } finally {
        await a.close();
      }
    },
  },
  {
    path: ['algo', 'resume'],
    usage: 'ID',
    summary: 'resume a paused algo in the foreground until done (reads back any child whose outcome is unknown first); Ctrl-C pauses it again',
    writes: true,
    schema: ALGO_EVENTS,
    run: async (r) => {
      const named = namedAlgo(r, 'resume');
      const a = await openAlgoSession(r, named.plan.contract);
      try {
        const s = a.runner.get(named.plan.id)!;
        await confirm(r, a.session, 'order', true, 'Resume algo', [algoLine(algoRow(s))]);
        const resumed = await a.runner.resume(s.plan.id);
        if (!resumed.ok) throw new CommandError(EXIT.refused, `algo resume: ${resumed.error}`, { algo: algoRow(s) });
        const { exitCode } = await foreground(r, a.runner, s);
        return finish(exitCode, s);
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
