import path from 'node:path';
import { readSecretFile, writeFileAtomicSync } from '../wallet/fsutil.js';

/**
 * The agent approvals start-up made, kept in the state directory (`agent-approvals.json`,
 * 0600): master and agent address to the time the approval runs out. An agent start-up
 * approved that is still in time but no longer in the account's agent list was revoked
 * (`A` → revoke, or elsewhere), and the next start does not silently approve it again.
 */
export function agentApprovalsPath(stateDir: string): string {
  return path.join(stateDir, 'agent-approvals.json');
}

type Approvals = Record<string, number>;

const keyOf = (master: string, agent: string) => `${master.toLowerCase()}:${agent.toLowerCase()}`;

async function read(stateDir: string): Promise<Approvals> {
  try {
    const { data } = await readSecretFile(agentApprovalsPath(stateDir), 'agent approvals', 64 * 1024, 'refuse');
    const parsed: unknown = JSON.parse(data.toString('utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Approvals) : {};
  } catch {
    // Missing, unreadable or not ours: nothing remembered, as on a first run.
    return {};
  }
}

/** Remembers that start-up approved `agent` for `master` until `validUntil`. */
export async function rememberApproval(stateDir: string, master: string, agent: string, validUntil: number): Promise<void> {
  const all = await read(stateDir);
  all[keyOf(master, agent)] = validUntil;
  writeFileAtomicSync(agentApprovalsPath(stateDir), `${JSON.stringify(all)}\n`, true);
}

/** When start-up's approval of `agent` runs out; undefined when start-up never approved it. */
export async function approvedUntil(stateDir: string, master: string, agent: string): Promise<number | undefined> {
  const v = (await read(stateDir))[keyOf(master, agent)];
  return typeof v === 'number' ? v : undefined;
}
