import type { AppState } from '../../state/types.js';

/**
 * A notice about an agent wallet ("new agent key 0x… saved", "agent approved") holds until
 * the agent is revoked: once the account's agent list has shown the address and then no
 * longer does. Before its first appearance (approval still on its way) it holds.
 */
export function whileAgentNotRevoked(address: string): (app: AppState) => boolean {
  const wanted = address.toLowerCase();
  let seen = false;
  return (app) => {
    const listed = app.account.agents.some((a) => a.address.toLowerCase() === wanted);
    if (listed) seen = true;
    return listed || !seen;
  };
}
