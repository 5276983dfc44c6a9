import {
  blockerLines,
  cloidSlots,
  confirmPlan,
  contextFromState,
  evaluateForm,
  formById,
  needsOverride,
  type ConfirmPlan,
  type ContextExtras,
  type FormContext,
  type FormSettings,
} from '../forms/index.js';
import { formatSize } from '../format/index.js';
import type { OrderResult } from '../model/actionOutcome.js';
import type { Placement } from '../session/attachedTpSl.js';
import { createSession, venueOf, type Session } from '../session/createSession.js';
import { keysLoaded } from '../session/keysLoaded.js';
import { renderOptionsFor, sendCall } from '../session/sendCall.js';
import { resolveContract, StartupError } from '../session/target.js';
import type { CommandRun } from './commandSpec.js';
import { commandRemedy } from './blockerRemedy.js';
import { COMMAND_HTTP } from './commandHttp.js';
import { connect } from './connect.js';
import { CommandError, EXIT } from './exitCodes.js';
import { exitOfOutcome } from './outcomeExit.js';
import type { CommandOutput } from './output.js';
import { clearToSend, dryRunOf, guardSession } from './signedPath.js';

/** What a write command asks of a form: its field texts, and the rows it acts on. */
export interface FormRequest {
  form: string;
  texts: Record<string, string>;
  extras?: Partial<Pick<ContextExtras, 'selectedOrder' | 'selectedPosition' | 'selectedAgent'>>;
  /** Said before the checks, like the dashboard's form note (what flatten is about to do). */
  note?: string;
}

/** Turns the command's words into a form request, with the account as it is now in `ctx`. */
export type RequestOf = (ctx: FormContext, session: Session) => FormRequest;

export function settingsOf(r: CommandRun): FormSettings {
  const c = r.config;
  return { confirm: c.confirm, guards: c.guards, alerts: c.alerts, defaultSize: c.defaultSize };
}

/** A write session: the account read once, no streams; closed (with an in-process exchange) by `close`. */
/**
 * `record`: the session also streams the account's fills and order updates into the history
 * store (docs/history.md), for a command that runs for a while (an algo in the foreground).
 */
export async function openWriteSession(r: CommandRun, o: { readAccount?: boolean; record?: boolean } = {}): Promise<{ session: Session; close: () => Promise<void> }> {
  const conn = await connect(r, 'write');
  for (const w of conn.warnings) r.err.write(`perpdesk: ${w}\n`);
  const closeExchange = async () => {
    await conn.embedded?.close();
  };
  let contractName: string;
  try {
    contractName = await resolveContract(conn.target.url, r.args.contract ?? r.config.contract, COMMAND_HTTP);
  } catch (e) {
    await closeExchange();
    if (e instanceof StartupError) throw new CommandError(e.exitCode === 2 ? EXIT.usage : EXIT.network, e.message);
    throw e;
  }
  // Acting for a vault (--vault or a profile's): the session watches the vault's account.
  const vault = r.args.vault;
  const keys = vault ? { ...conn.keys, address: vault.toLowerCase() } : conn.keys;
  const session = createSession({ url: conn.target.url, ...(conn.target.wsUrl ? { wsUrl: conn.target.wsUrl } : {}), venue: venueOf(conn.target) }, keys, {
    contractName,
    ...(o.record ? { history: { stream: true } } : {}),
    ...(vault ? { vaultAddress: vault } : {}),
    stateDir: r.stateDir,
    live: false,
    face: 'cli',
    http: COMMAND_HTTP,
    ...(conn.embedded ? { nonces: conn.embedded.nonces } : {}),
  });
  const close = async () => {
    await session.close();
    await closeExchange();
  };
  guardSession(r, session);
  const ready = await session.ready;
  // Registration comes before there is an account to read.
  const loaded = ready.ok && (o.readAccount ?? true) ? await session.refresh() : ready;
  if (!loaded.ok) {
    await close();
    const e = loaded.error;
    if (e.kind === 'network' || e.kind === 'timeout') throw new CommandError(EXIT.network, `cannot read the account: ${e.message}`);
    // The exchange answered: retrying will not help, the account has to exist first.
    const unregistered = /no account is registered/i.test(e.message);
    throw new CommandError(unregistered ? EXIT.usage : EXIT.rejected, `cannot read the account: ${e.message}${unregistered ? ' (register it first: perpdesk register --invite-code CODE)' : ''}`);
  }
  return { session, close };
}

/**
 * One write, through exactly the dashboard's path: the form's field checks, its confirm plan
 * (blockers the exchange is known to refuse, guards, a stale book, the confirm policy), then
 * one signed send whose answer is shown in the exchange's words and lands in the journal.
 */
export async function runForm(r: CommandRun, requestOf: RequestOf): Promise<CommandOutput> {
  const { session, close } = await openWriteSession(r);
  try {
    return await formOnSession(r, session, requestOf);
  } finally {
    await close();
  }
}

async function formOnSession(r: CommandRun, session: Session, requestOf: RequestOf): Promise<CommandOutput> {
  const base = { keys: keysLoaded(session.exchange.signers, session.exchange.vaultAddress), settings: settingsOf(r) };
  // The store judges the book by its stream, which a one-off session has not opened; the
  // book was read by refresh() a moment ago, so it is as fresh as a live one.
  // The cloids the form gives its orders, drawn once for this command: the action built is the one signed.
  const cloidFor = cloidSlots(cloidSource(session));
  const contextOf = (extras: FormRequest['extras']) => ({ ...contextFromState(session.store.getState(), { ...base, ...extras, cloidFor }), bookStale: false });
  const first = contextOf({});
  const req = requestOf(first, session);
  const spec = formById(req.form);
  if (!spec) throw new CommandError(EXIT.internal, `${req.form}: no such form`);
  const ctx = req.extras ? contextOf(req.extras) : first;
  if (req.note) r.err.write(`${req.note}\n`);
  const ev = evaluateForm(spec, req.texts, ctx);
  if (!ev.ready || !ev.built) {
    // Field errors are the command's words; a blocked form or a build refusal is a check.
    const fieldErrors = ev.blocked === undefined && ev.fields.some((f) => f.error !== undefined);
    throw new CommandError(fieldErrors ? EXIT.usage : EXIT.refused, ev.errors.join('; '), { errors: ev.errors });
  }
  const built = ev.built;
  const plan = confirmPlan(spec, ev, ctx);
  const checks = [...blockerLines(plan, commandRemedy), ...plan.overrides.map((o) => o.message), ...(plan.staleBook ? [plan.staleBook] : [])];
  if (built.attached) refuseResting(plan, ctx);
  if ((needsOverride(plan) || plan.staleBook !== undefined) && !r.args.force) {
    throw new CommandError(EXIT.refused, `refused before signing: ${checks.join('; ')} (--force sends anyway)`, { checks, request: plan.lines });
  }
  // One object from here on: the dry run signs it, the confirm step describes it, the client sends it.
  const action = built.action;
  if (r.args.dryRun) return dryRunOf(session, action, { summary: plan.lines, checks });
  await clearToSend(r, session, { title: spec.title, lines: plan.lines, checks, confirms: plan.show });
  const sent = await sendCall(session.exchange, action, renderOptionsFor(session.store.getState().market.configs, action));
  let exitCode = exitOfOutcome(sent.outcome);
  // A script reads stdout's JSON; the person watching its log still learns why from stderr.
  if (exitCode !== EXIT.ok && r.mode === 'json') r.err.write(`perpdesk: ${sent.view.lines.join('\n  ')}\n`);
  const json: Record<string, unknown> = { ok: exitCode === EXIT.ok, action: action.type, request: plan.lines, answer: sent.outcome };
  const human = [...plan.lines, ...sent.view.lines];
  const outcome = sent.outcome as OrderResult;
  const cloid = built.attached && outcome.ok ? outcome.cloids[0] : undefined;
  if (built.attached && outcome.ok && exitCode === EXIT.ok && cloid !== undefined) {
    const placed = attachedResult(await session.attached.track({ ...built.attached, cloid }, outcome.statuses[0]));
    json['attached'] = placed.json;
    human.push(...placed.lines);
    if (placed.exitCode !== EXIT.ok) {
      exitCode = placed.exitCode;
      json['ok'] = false;
      r.err.write(`perpdesk: ${placed.lines.join('\n  ')}\n`);
    }
  }
  return { json, human, exitCode };
}

/**
 * Where a command's new cloids come from: the client's generator, or (a test hook, so that a
 * dry run and the send that follows it in another process can be compared field by field)
 * consecutive numbers from PERPDESK_TEST_CLOID_BASE.
 */
function cloidSource(session: Session): () => string {
  const base = process.env['PERPDESK_TEST_CLOID_BASE'];
  if (base === undefined || !/^[1-9]\d{0,14}$/.test(base)) return () => session.exchange.newCloid();
  let next = Number(base);
  return () => String(next++);
}

/**
 * Attached TP/SL wait for the order's fill, which only a running dashboard sees happen
 * later: from the command line the order has to fill at once, so one the estimate says
 * would rest (or not fill) is refused before signing.
 */
function refuseResting(plan: ConfirmPlan, ctx: FormContext): void {
  const pt = plan.preTrades[0];
  if (!pt || (pt.resting === 0n && pt.fill.filled > 0n)) return;
  const c = ctx.contract;
  const sz = (raw: bigint) => (c ? formatSize(raw, c) : raw.toString());
  const why = pt.resting > 0n ? `would rest ${sz(pt.resting)} on the book` : 'would not fill now';
  throw new CommandError(
    EXIT.usage,
    `--tp/--sl are placed when the order fills, and this order ${why}: attached TP/SL on a resting order need a running dashboard (which places them on the fill). From here, make it fill at once (--ioc or --market), or set them after the fill with perpdesk tpsl --tp-px P --sl-px P`,
    { request: plan.lines },
  );
}

/** What became of the TP/SL after the order's answer, for the output and the exit status. */
function attachedResult(p: Placement): { json: Record<string, unknown>; lines: string[]; exitCode: (typeof EXIT)[keyof typeof EXIT] } {
  switch (p.kind) {
    case 'placed':
      return { json: { placed: p.ok, answer: p.outcome }, lines: [`TP/SL: ${p.view.lines.join(' ')}`], exitCode: p.ok ? EXIT.ok : exitOfOutcome(p.outcome) };
    case 'notPlaced':
      return { json: { placed: false, reason: p.reason }, lines: [`TP/SL not placed: ${p.reason}`], exitCode: EXIT.refused };
    case 'watching':
      return {
        json: { placed: false, reason: 'the order rests: its TP/SL need a running dashboard to be placed on the fill' },
        lines: ['TP/SL not placed: the order rests (the book moved since the estimate); set them after the fill with perpdesk tpsl'],
        exitCode: EXIT.usage,
      };
    case 'none':
      return { json: { placed: false, reason: 'the order did not fill' }, lines: ['TP/SL not placed: the order did not fill'], exitCode: EXIT.ok };
  }
}
