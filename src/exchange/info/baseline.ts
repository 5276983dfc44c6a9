import { formatDecimal } from '../../protocol/index.js';
import { accountOf, contractOf, requireMarketDeployerId } from './lookups.js';
import type { InfoRegistry } from './registry.js';

/**
 * Market and order reads as they truthfully stand before part 2: no orders, an empty
 * book, no candles, the mark at the index. Registered as placeholders; part 2's
 * `register` of the same type replaces each without ceremony.
 */
export function registerBaselineQueries(registry: InfoRegistry): void {
  const placeholder = { placeholder: true };

  registry.register(
    'marketState',
    (core, req) => {
      const c = contractOf(core, req.contractId);
      const index = core.indexPrices.get(c.contractId);
      const px = index === undefined ? null : formatDecimal(index, c.priceScale);
      return { contractId: c.contractId, markPx: px, indexPx: px, lastPx: null, fundingRate: '0', fundingIndex: '0', time: core.clock.now() };
    },
    placeholder,
  );

  registry.register(
    'l2Book',
    (core, req) => ({ contractId: contractOf(core, req.contractId).contractId, time: core.clock.now(), levels: [[], []] }),
    placeholder,
  );

  registry.register(
    'candleSnapshot',
    (core, req) => {
      contractOf(core, req.contractId);
      return [];
    },
    placeholder,
  );

  registry.register(
    'userOrders',
    (core, req) => {
      accountOf(core, req.user);
      requireMarketDeployerId(core, req.marketDeployerId);
      return [];
    },
    placeholder,
  );

  registry.register(
    'ordersByIds',
    (core, req) => {
      accountOf(core, req.user);
      return [];
    },
    placeholder,
  );

  registry.register(
    'ordersByCloids',
    (core, req) => {
      accountOf(core, req.user);
      return [];
    },
    placeholder,
  );
}
