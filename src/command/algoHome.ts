import path from 'node:path';
import type { AlgoHome } from '../algo/algoArchive.js';
import { venueId } from '../algo/algoVenue.js';
import { loadKeyFile } from '../wallet/index.js';
import type { CommandRun } from './commandSpec.js';
import { addressWithoutPassword, hasKeyFlag } from './connect.js';

/**
 * The account and venue a command acts for, told without a session, an exchange or a
 * password (what `algo list` and a dry run can know): the venue as the runner records it
 * (algoVenue.ts); the account from --address, a key flag's address, or the embedded
 * exchange's demo master. What cannot be told is left out, and then not compared.
 */
export async function algoHomeOf(r: CommandRun): Promise<AlgoHome> {
  const url = r.args.url ?? r.config.url;
  const venue = venueId({ embedded: url === undefined, stateDir: r.stateDir, url });
  return { account: await accountOf(r, url !== undefined), venue };
}

async function accountOf(r: CommandRun, deployment: boolean): Promise<string | undefined> {
  if (r.args.address !== undefined) return r.args.address.toLowerCase();
  try {
    if (deployment) return hasKeyFlag(r) ? await addressWithoutPassword(r) : undefined;
    return (await loadKeyFile(path.join(r.stateDir, 'embedded', 'master.key'))).key.address.toLowerCase();
  } catch {
    // An agent key alone, a keystore without its address, no demo key yet: the account is not known here.
    return undefined;
  }
}
