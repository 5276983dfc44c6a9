import * as v from 'valibot';
import { generateAgentKeystore, MIN_PASSWORD } from '../session/agentKeystore.js';
import { KeySourceError, resolvePassword } from '../wallet/index.js';
import { collateralCoin, policyConfirms, renderActionOutcome } from '../forms/index.js';
import { build } from '../protocol/wire/index.js';
import type { CommandSpec } from './commandSpec.js';
import { CommandError, EXIT } from './exitCodes.js';
import { exitOfOutcome } from './outcomeExit.js';
import { openWriteSession, settingsOf } from './runForm.js';
import { clearToSend, dryRunOf } from './signedPath.js';

/** Account set-up that is not one of the forms: registration and a new agent key. */
export const ACCOUNT_COMMANDS: readonly CommandSpec[] = [
  {
    path: ['register'],
    usage: '[--invite-code CODE]',
    summary: 'register the master key\'s account (a deployment may ask for an invite code)',
    writes: true,
    run: async (r) => {
      const { session, close } = await openWriteSession(r, { readAccount: false });
      try {
        const address = session.exchange.signers.masterAddress;
        if (address === undefined) throw new CommandError(EXIT.usage, 'register: the master key signs a registration; name it (--keystore or --key-file)');
        // Through the one signed path, as every write: the action built once, a dry run signs it, the send sends it.
        const action = build.registerAccount(address);
        const send = r.args.inviteCode === undefined ? {} : { inviteCode: r.args.inviteCode };
        const lines = [`Register the account of ${address}${r.args.inviteCode === undefined ? '' : ' with an invite code'}`];
        if (r.args.dryRun) return dryRunOf(session, action, { summary: lines, send });
        const confirms = policyConfirms(settingsOf(r).confirm, undefined, collateralCoin(null), 'account', true);
        await clearToSend(r, session, { title: 'Register account', lines, confirms });
        const outcome = await session.exchange.send(action, send);
        const exitCode = exitOfOutcome(outcome);
        return { json: { ok: exitCode === EXIT.ok, action: 'registerAccount', request: lines, answer: outcome }, human: [...lines, ...renderActionOutcome('registerAccount', outcome).lines], exitCode };
      } finally {
        await close();
      }
    },
  },
  {
    path: ['agent', 'generate'],
    schema: () => v.object({ address: v.string(), keystore: v.string() }),
    summary: `create an agent key, saved encrypted under the state directory (password: --password-file, PERPDESK_PASSWORD or a prompt; at least ${MIN_PASSWORD} characters)`,
    writes: false,
    run: async (r) => {
      let password: string;
      try {
        ({ password } = await resolvePassword({
          ...(r.args.passwordFile ? { passwordFile: r.args.passwordFile } : {}),
          ...(r.interactive ? { promptQuestion: 'Password for the new agent keystore: ' } : { prompt: false }),
        }));
      } catch (e) {
        if (e instanceof KeySourceError) throw new CommandError(EXIT.usage, e.message);
        throw e;
      }
      if (password.length < MIN_PASSWORD) throw new CommandError(EXIT.usage, `the password must have at least ${MIN_PASSWORD} characters`);
      const { address, file } = await generateAgentKeystore(r.stateDir, password);
      return {
        json: { address, keystore: file },
        human: [`agent ${address}`, `saved to ${file}`, `approve it: perpdesk agent approve ${address}`, `then trade with: --agent-keystore ${file}`],
      };
    },
  },
];
