/**
 * The self-made market (docs/exchange.md, "The live market"): one MarketDriver per active contract
 * moves the index and plans maker quotes and taker orders each block; this class turns
 * those intents into ordinary order and cancel calls for the bots' accounts, through the
 * same engine, margin and rules as any request (no HTTP and no signature: in-process).
 */
import type { ExchangeCore } from '../core.js';
import { MAX_MAKERS, MAX_TAKERS, type ActivityLevel } from '../market/activity.js';
import type { BotIntent } from '../market/intents.js';
import { MarketDriver, type MarketView } from '../market/marketMaker.js';
import type { Account } from '../state/accounts.js';
import { netSize } from '../trading/holdings.js';
import { submitOrder } from '../trading/orderEntry.js';
import { ensureBotAccount } from './botAccounts.js';

export interface MarketBotsOptions {
  activity: ActivityLevel;
  blockMs: number;
  /** The contracts whose index a replayed market sets (their walk stands still). */
  follows?: (contractId: number) => boolean;
}

export class MarketBots {
  private readonly drivers = new Map<number, MarketDriver>();
  private readonly bots = new Map<string, Account>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly core: ExchangeCore,
    private readonly opts: MarketBotsOptions,
  ) {
    const makers = Array.from({ length: MAX_MAKERS }, (_, i) => ensureBotAccount(core, `maker-${i}`));
    const takers = Array.from({ length: MAX_TAKERS }, (_, i) => ensureBotAccount(core, `taker-${i}`));
    for (const a of [...makers, ...takers]) this.bots.set(String(a.id), a);
    for (const c of core.config.contracts.values()) {
      if (core.config.contractStatus(c.contractId) !== 'Active') continue;
      this.drivers.set(
        c.contractId,
        new MarketDriver({
          seed: (core.seed * 31 + c.contractId) >>> 0,
          tickSize: c.tickSize,
          stepSize: c.stepSize,
          maxTicks: c.maxTicks,
          startPx: core.indexPrices.get(c.contractId) ?? c.initialIndexPx,
          activity: opts.activity,
          blockMs: opts.blockMs,
          ...(c.indexVolatility !== undefined ? { volatilityScale: c.indexVolatility } : {}),
          makerOwners: makers.map((a) => String(a.id)),
          takerOwners: takers.map((a) => String(a.id)),
        }),
      );
    }
    // The control route's setIndexPrice moves the walk too, so the bots requote around it.
    this.unsubscribe = core.indexPrices.onChange((contractId, px) => {
      const d = this.drivers.get(contractId);
      if (d && d.index !== px) d.setIndex(px);
    });
  }

  setActivity(level: ActivityLevel): void {
    for (const d of this.drivers.values()) d.setActivity(level);
  }

  step(now: number): void {
    const t = this.core.trading;
    for (const [contractId, driver] of this.drivers) {
      const market = t.market(contractId);
      if (!market) continue;
      const view: MarketView = {
        get bestBid() {
          return market.book.bestBid();
        },
        get bestAsk() {
          return market.book.bestAsk();
        },
        ownOrders: (owner) => market.book.ordersOf(owner),
        position: (owner) => netSize(t.holdings.get(Number(owner), contractId)),
      };
      const { index, intents } = driver.step(now, view, this.opts.follows?.(contractId) ?? false);
      if (index !== this.core.indexPrices.get(contractId)) this.core.indexPrices.set(contractId, index);
      // Each intent is its own operation, as a request from that bot would be: its events go out on their own.
      for (const intent of intents) t.run(() => this.apply(contractId, intent, now));
    }
  }

  close(): void {
    this.unsubscribe();
  }

  private apply(contractId: number, intent: BotIntent, now: number): void {
    const t = this.core.trading;
    const account = this.bots.get(intent.owner);
    if (!account) return;
    if (intent.kind === 'cancel') {
      for (const oid of intent.oids) {
        const o = t.orders.get(oid);
        if (o && o.accountId === account.id && o.status === 'open') t.cancelOpenOrder(o, now);
      }
      return;
    }
    submitOrder(t, account, { contractId, isBuy: intent.isBuy, px: intent.px, sz: intent.sz, tif: intent.tif, reduceOnly: intent.reduceOnly }, now);
  }
}
