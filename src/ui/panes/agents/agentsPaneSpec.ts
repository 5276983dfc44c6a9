import type { PaneSpec } from '../paneSpec.js';

export const AGENTS_SPEC: PaneSpec<'agents'> = {
  id: 'agents',
  size: { minWidth: 22, minHeight: 5 },
  staleness: {
    thresholdKey: 'agents',
    // Agents are polled only once the account id is known; until then there is nothing to trust or doubt.
    flag: (s) => s.session.polls['userAgents'] !== undefined && s.session.polls['userAgents'].lastError !== null,
    dataTime: (s) => s.session.polls['userAgents']?.lastOk ?? undefined,
  },
};
