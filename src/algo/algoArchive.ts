import type { AlgoPlan } from './algoPlan.js';

/**
 * Whom and where a face acts for: the account (lowercase address) and the venue
 * (algoVenue.ts). Either may be unknown (a read with no account named, an in-memory venue):
 * what is unknown is not compared.
 */
export interface AlgoHome {
  account?: string | undefined;
  venue?: string | undefined;
}

/**
 * Why an algo of the file is archived for `home` (another account's, another venue's), or
 * undefined when it is home's. A field the plan does not record (an older file) counts as a
 * match. The one rule the runner, the Algos pane and `perpdesk algo` all apply.
 */
export function archivedWhy(plan: Pick<AlgoPlan, 'account' | 'venue'>, home: AlgoHome): string | undefined {
  const account = home.account?.toLowerCase();
  if (plan.account !== undefined && account !== undefined && plan.account !== account) return `it belongs to account ${plan.account}, not this session's ${account}`;
  if (plan.venue !== undefined && home.venue !== undefined && plan.venue !== home.venue) return 'it was started on another venue (an earlier --fresh, or another exchange)';
  return undefined;
}
