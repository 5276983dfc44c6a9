import type { ExchangeState } from '../state/exchangeState.js';
import { effectiveFeeRates, formatFeeRate } from '../state/fees.js';
import { DEFAULT_FUNDING_INTERVAL_MS, FEE_RATE_SCALE } from '../state/marketConfig.js';
import { formatDecimal, pow10 } from '../../protocol/index.js';
import type { InfoRegistry } from './registry.js';

/** `configs`: coins, deployers (with their operator) and every contract, delisted ones included. */
export function configsResult(core: ExchangeState): unknown {
  const { config } = core;
  return {
    coins: [...config.coins.values()].map((c) => ({ coinId: c.coinId, name: c.name, decimals: c.decimals })),
    marketDeployers: [...config.marketDeployers.values()].map((m) => {
      const operator = core.operatorAccountId(m.marketDeployerId);
      const out: Record<string, unknown> = { marketDeployerId: m.marketDeployerId, name: m.name };
      if (operator !== undefined) out.operator = core.accounts.byId(operator)?.address;
      return out;
    }),
    contracts: [...config.contracts.values()].map((c) => {
      const fees = effectiveFeeRates(config, undefined, c.contractId);
      const out: Record<string, unknown> = {
        contractId: c.contractId,
        name: c.name,
        marketDeployerId: c.marketDeployerId,
        quoteCoinId: c.quoteCoinId,
        status: config.contractStatus(c.contractId),
        priceScale: c.priceScale,
        qtyScale: c.qtyScale,
        tickSize: c.tickSize,
        stepSize: c.stepSize,
        maxTicks: c.maxTicks,
        leverageTiers: c.leverageTiers.map((t) => ({ maxNotional: t.maxNotional.toString(), maxLeverage: t.maxLeverage })),
        makerFeeRate: formatFeeRate(fees.maker),
        takerFeeRate: formatFeeRate(fees.taker),
        // At the first tier; each tier's ratio is 1 / (2 x its maxLeverage) (docs/exchange.md "Margin").
        maintenanceMarginRatio: formatDecimal(pow10(FEE_RATE_SCALE) / (2n * BigInt(c.leverageTiers[0]?.maxLeverage ?? 1)), FEE_RATE_SCALE),
        fundingIntervalMs: c.fundingIntervalMs ?? DEFAULT_FUNDING_INTERVAL_MS,
      };
      if (c.shareGroupId !== undefined) out.shareGroupId = c.shareGroupId;
      return out;
    }),
  };
}

export function registerConfigsQuery(registry: InfoRegistry): void {
  registry.register('configs', (core) => configsResult(core));
}
