import { algoProgress, AlgoRunner, algoHostOf, type AlgoState } from '../algo/index.js';
import { AlgoLockHeld, AlgoOwnerLock } from '../algo/algoLock.js';
import type { AlgoAnswer, Recovery } from '../algo/algoRunner.js';
import { venueId } from '../algo/algoVenue.js';
import { collateralCoin, policyConfirms, type ConfirmKind } from '../forms/index.js';
import type { Session } from '../session/createSession.js';
import { algoLine, algoRow } from './algoRows.js';
import type { CommandRun } from './commandSpec.js';
import { CommandError, EXIT, type ExitCode } from './exitCodes.js';
import { printEvent, type CommandOutput } from './output.js';
import { openWriteSession, settingsOf } from './runForm.js';
import { clearToSend } from './signedPath.js';

/**
 * What every `perpdesk algo` command that runs an algo shares: the owner lock, a session
 * with a runner that has read the algo file, the confirm step, and the foreground loop that
 * prints progress until the algo is done, cancelled or paused.
 */

export const usage = (message: string) => new CommandError(EXIT.usage, message);

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

function onContract(r: CommandRun, contract: string | undefined): CommandRun {
  return contract === undefined ? r : { ...r, args: { ...r.args, contract } };
}

/**
 * A write session on `contract` with a runner that has read the algo file (settling what an
 * earlier process left open). The lock is taken first: nothing is read or sent without it.
 */
export async function openAlgoSession(r: CommandRun, contract: string | undefined): Promise<AlgoSession> {
  const lock = takeLock(r);
  try {
    const { session, close: closeSession } = await openWriteSession(onContract(r, contract), { record: true });
    const venue = venueId({ embedded: session.embedded, stateDir: r.stateDir, url: r.args.url ?? r.config.url });
    const runner = new AlgoRunner({ host: algoHostOf(session, { refresh: true }), stateDir: r.stateDir, settings: settingsOf(r), venue });
    const close = async () => {
      await runner.stop();
      await closeSession();
      lock.release();
    };
    try {
      const recovery = await runner.start();
      for (const id of recovery.interrupted) r.err.write(`perpdesk: ${id} was left running by a process that ended: now paused (interrupted)\n`);
      for (const u of recovery.unsettled) r.err.write(`perpdesk: ${u.id}: child ${u.cloid} could not be read back (${u.error})\n`);
      for (const id of recovery.repeated) r.err.write(`perpdesk: ${id}: its plan line is in the algo file more than once; the repeat was ignored (never a re-run)\n`);
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

/** A session with no runner and no lock, for a dry run: it reads, it never sends. */
async function withReadingSession<T>(r: CommandRun, contract: string, fn: (session: Session) => Promise<T>): Promise<T> {
  const { session, close } = await openWriteSession(onContract(r, contract));
  try {
    return await fn(session);
  } finally {
    await close();
  }
}

/** Asks as the other writes do: unless --yes, when the config's policy for this kind of action confirms. */
export async function confirm(r: CommandRun, session: Session, kind: ConfirmKind, wide: boolean, title: string, lines: readonly string[]): Promise<void> {
  // An algo's notional is spread over many children: no per-order threshold skips its confirmation.
  const confirms = policyConfirms(settingsOf(r).confirm, undefined, collateralCoin(session.store.getState().market.configs), kind, wide);
  await clearToSend(r, session, { title, lines, confirms, not: 'not started' });
}

const INTERRUPT_REASON = 'the command running it was interrupted (Ctrl-C or SIGTERM); resume it with perpdesk algo resume';

/** The exit status an algo's end calls for: 0 done, working, cancelled or paused by the trader; 4 failed; else why it paused. */
function exitOfAlgo(s: AlgoState): ExitCode {
  if (s.status === 'failed') return EXIT.refused;
  if (s.status !== 'paused' || s.reason === INTERRUPT_REASON) return EXIT.ok;
  const why = s.reason ?? '';
  if (/outcome unknown|still unknown/.test(why)) return EXIT.unknown;
  if (/refused by the exchange|did not reach the exchange/.test(why)) return EXIT.rejected;
  if (/cannot read/.test(why)) return EXIT.network;
  return EXIT.refused;
}

type LineEvent = 'plan' | 'progress' | 'end';

/**
 * Prints an algo's lines: a line when something happened (a child answered, a slice skipped,
 * a wait, a state change), not for a child on its way out or the next wake-up alone. The
 * first line is the plan's, whenever it comes.
 */
function progressPrinter(r: CommandRun): (s: AlgoState, event: LineEvent) => void {
  let last = '';
  let planned = false;
  return (s, event) => {
    if (event === 'plan' && planned) return;
    const row = algoRow(s);
    const g = algoProgress(s);
    const key = JSON.stringify([row.status, row.filled, row.slicesSent - g.unsettled, row.slicesSkipped, row.reason, s.waiting ?? null]);
    if (planned && key === last && (event === 'progress' || (event === 'end' && r.mode === 'table'))) return;
    const shown = planned || event === 'end' ? event : 'plan';
    planned = true;
    last = key;
    printEvent(r.out, r.mode, { json: { event: shown, algo: row }, human: [algoLine(row)] });
  };
}

/**
 * Runs an algo in the foreground until it is done, cancelled or paused (by a check, or by
 * Ctrl-C / SIGTERM, which pauses it once the step in flight has finished and its answer is
 * written), printing a line whenever its progress changes.
 */
async function foreground(r: CommandRun, runner: AlgoRunner, s: AlgoState, show: (s: AlgoState, event: LineEvent) => void): Promise<ExitCode> {
  show(s, 'plan');
  await new Promise<void>((resolve) => {
    let off = () => {};
    const check = () => {
      if (s.status === 'running') return;
      off();
      resolve();
    };
    off = runner.onChange((x) => {
      if (x.plan.id !== s.plan.id) return;
      show(x, 'progress');
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
  show(s, 'end');
  return exitOfAlgo(s);
}

/**
 * Starts an algo (`begin`: a runner's start or resume, which runs its first step before it
 * answers) with its lines printed from its first change, then runs it in the foreground.
 * `id` names the algo when it is known (a resume); else it is the first new one to change.
 */
export async function inForeground(r: CommandRun, runner: AlgoRunner, begin: () => Promise<AlgoAnswer>, id?: string): Promise<({ ok: true; exitCode: ExitCode } | { ok: false; error: string }) & { s?: AlgoState }> {
  const show = progressPrinter(r);
  const known = new Set(runner.list().map((x) => x.plan.id));
  let mine = id;
  const off = runner.onChange((x) => {
    if (mine === undefined && !known.has(x.plan.id)) mine = x.plan.id;
    if (x.plan.id === mine) show(x, 'progress');
  });
  let answer: AlgoAnswer;
  try {
    answer = await begin();
  } finally {
    off();
  }
  if (!answer.ok) return answer;
  return { ok: true, exitCode: await foreground(r, runner, answer.value, show), s: answer.value };
}

/** Ends a foreground command: a failure status is an error (stdout still has the lines), success prints nothing more. */
export function finish(exitCode: ExitCode, s: AlgoState): undefined {
  if (exitCode !== EXIT.ok) throw new CommandError(exitCode, `${s.plan.id} ${s.status}: ${s.reason ?? ''}`, { algo: algoRow(s) });
  return undefined;
}

/** How one kind of algo is started from the command line; `runAlgoCommand` does the rest. */
export interface AlgoKindCommand<Req> {
  verb: string;
  /** The confirm step's title: "Start TWAP". */
  title: string;
  parse(r: CommandRun): Req;
  contract(req: Req): string;
  /** What the confirm step shows; may refuse the request (a usage error) once the contract is known. */
  lines(req: Req, session: Session): string[];
  /** `--dry-run`: the plan as it would start now; nothing is sent. */
  dryRun(r: CommandRun, req: Req, session: Session): Promise<CommandOutput>;
  start(runner: AlgoRunner, req: Req): Promise<AlgoAnswer>;
  /** The planner's refusals of what was typed (a usage error); the rest are the market's. */
  planField: RegExp;
}

/** Parse, dry run or confirm, start, and run in the foreground until the algo stops. */
export async function runAlgoCommand<Req>(r: CommandRun, k: AlgoKindCommand<Req>): Promise<CommandOutput | undefined> {
  const req = k.parse(r);
  if (r.args.dryRun) return withReadingSession(r, k.contract(req), (session) => k.dryRun(r, req, session));
  const a = await openAlgoSession(r, k.contract(req));
  try {
    await confirm(r, a.session, 'order', true, k.title, k.lines(req, a.session));
    const ran = await inForeground(r, a.runner, () => k.start(a.runner, req));
    if (!ran.ok) throw new CommandError(k.planField.test(ran.error) ? EXIT.usage : EXIT.refused, `algo ${k.verb}: ${ran.error}`);
    return finish(ran.exitCode, ran.s!);
  } finally {
    await a.close();
  }
}
