/** How often the session polls what the exchange does not push, in ms. */
export interface PollCadence {
  accountMs: number;
  agentsMs: number;
  shareGroupsMs: number;
  marketStateMs: number;
  /** Open orders of an account watched without a key (no private streams). */
  ordersMs: number;
  /** After the user's own action: poll account and market state this often... */
  burstIntervalMs: number;
  /** ...for this long. */
  burstMs: number;
}

export const DEFAULT_POLL: PollCadence = { accountMs: 2_000, agentsMs: 15_000, shareGroupsMs: 15_000, marketStateMs: 1_000, ordersMs: 2_000, burstIntervalMs: 250, burstMs: 5_000 };
