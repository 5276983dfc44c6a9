/**
 * The trading side of the exchange: the books (TradingBooks) and what time does to them.
 * It owns no timer and no socket: requests call in through the action handlers, the block
 * loop calls `step`, and the control route's index and clock moves reach `onIndexChange` /
 * `onClockAdvance`. It reads the exchange only through TradingState, so it can be built
 * and driven without an ExchangeCore.
 */
import type { MarginHooks } from '../state/marginHooks.js';
import { fireTriggers } from './conditionals.js';
import { Funding } from './funding.js';
import { riskPass } from './risk.js';
import { TradingBooks } from './tradingBooks.js';
import { tradingMarginHooks } from './tradingMarginHooks.js';
import type { TradingState } from './tradingState.js';

export class TradingEngine extends TradingBooks {
  readonly funding: Funding;
  private inRisk = false;

  constructor(state: TradingState) {
    super(state);
    this.funding = new Funding(this);
  }

  /** The margin hooks the collateral handlers and account reads use, backed by this engine. */
  marginHooks(): MarginHooks {
    return tradingMarginHooks(this);
  }

  // ---- time ---------------------------------------------------------------

  /** One block without bots: funding due, triggers, liquidations, candle roll. */
  step(now: number): void {
    this.run(() => {
      this.funding.settleDue(now);
      for (const id of this.markets.keys()) fireTriggers(this, id, now);
      this.risk(now);
      for (const m of this.markets.values()) m.roll(now);
    });
  }

  onIndexChange(contractId: number, now: number): void {
    this.run(() => {
      fireTriggers(this, contractId, now);
      this.risk(now);
    });
  }

  onClockAdvance(now: number): void {
    this.step(now);
  }

  private risk(now: number): void {
    // Liquidation orders move the book, which moves marks; one pass per call is enough.
    if (this.inRisk) return;
    this.inRisk = true;
    try {
      riskPass(this, now);
    } finally {
      this.inRisk = false;
    }
  }
}
