import type { SendOptions } from '../client/exchangeClient.js';
import type { Action } from '../protocol/wire/index.js';
import type { Session } from '../session/createSession.js';
import type { CommandRun } from './commandSpec.js';
import { CommandError, EXIT } from './exitCodes.js';
import type { CommandOutput } from './output.js';

/**
 * The one path every signed command takes to the exchange. A command's write session is
 * guarded (`guardSession`): its client refuses to sign anything to send until
 * `clearToSend` has passed, and that never passes on --dry-run, nor without the confirm
 * policy's answer (or --yes). So a command that forgot a flag cannot send: it fails
 * instead, before anything is signed. `dryRunOf` signs the very action the send would sign
 * and prints it; nothing leaves the process.
 */

const cleared = new WeakSet<Session>();

export function guardSession(r: CommandRun, session: Session): void {
  session.exchange.guardSends((type) => {
    if (r.args.dryRun) return `${type}: --dry-run: nothing is sent (internal error: a command reached the send)`;
    return cleared.has(session) ? undefined : `${type}: not cleared by the confirm step (internal error: nothing was sent)`;
  });
}

/** What the confirm step shows and asks. */
export interface Asked {
  /** "New order", "Start TWAP". */
  title: string;
  /** The request in words. */
  lines: readonly string[];
  /** Checks the trader should see before answering. */
  checks?: readonly string[];
  /** The config's confirm policy (or the action's reach) asks before it goes. */
  confirms: boolean;
  /** What a refusal says happened: "not sent" (default), "not started". */
  not?: string;
}

/**
 * The confirm step: unless --yes, a request the policy confirms is asked about on the
 * terminal; from a script (nobody to ask) it is refused with exit 4. Ctrl-C at the question
 * is "not sent", exit 4. Only after this may the session's client sign and send.
 */
export async function clearToSend(r: CommandRun, session: Session, asked: Asked): Promise<void> {
  const not = asked.not ?? 'not sent';
  if (r.args.dryRun) throw new CommandError(EXIT.internal, `${not}: --dry-run reached the send (internal error)`);
  if (asked.confirms && !r.args.yes) {
    if (!r.interactive) {
      throw new CommandError(EXIT.refused, `${not}: ${asked.title.toLowerCase()} asks for confirmation (config confirm policy); add --yes`, { request: [...asked.lines] });
    }
    r.err.write(`${[asked.title, ...asked.lines.map((l) => `  ${l}`), ...(asked.checks ?? []).map((c) => `  ! ${c}`)].join('\n')}\n`);
    const answer = await r.ask(not === 'not sent' ? 'Send? [y/N] ' : 'Go ahead? [y/N] ');
    if (answer === undefined) throw new CommandError(EXIT.refused, `${not}: interrupted at the question (Ctrl-C)`);
    const a = answer.trim().toLowerCase();
    if (a !== 'y' && a !== 'yes') throw new CommandError(EXIT.refused, `${not}: not confirmed`);
  }
  cleared.add(session);
}

/** --dry-run: the action signed exactly as the send would sign it (its cloids included), printed, not sent. */
export function dryRunOf(session: Session, action: Action, o: { summary: readonly string[]; checks?: readonly string[]; send?: SendOptions }): CommandOutput {
  const signed = session.exchange.signOnly(action, o.send);
  if (!signed.ok) throw new CommandError(EXIT.refused, signed.error.message);
  const checks = [...(o.checks ?? [])];
  return {
    json: { dryRun: true, request: signed.value.envelope, signer: signed.value.signer, summary: [...o.summary], checks },
    human: ['dry run: signed, not sent', ...o.summary.map((l) => `  ${l}`), JSON.stringify(signed.value.envelope)],
  };
}
