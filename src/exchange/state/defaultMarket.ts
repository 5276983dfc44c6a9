import { FEE_RATE_SCALE, type FeeRates, type MarketSetup } from './marketConfig.js';
import { parseDecimal } from '../../protocol/index.js';

/** "0.0002" -> fixed-point at FEE_RATE_SCALE. */
export function feeRates(maker: string, taker: string): FeeRates {
  return {
    maker: parseDecimal(maker, FEE_RATE_SCALE, 'makerFeeRate', { signed: true }),
    taker: parseDecimal(taker, FEE_RATE_SCALE, 'takerFeeRate', { signed: true }),
  };
}

const USDC = 0;
const USDT1 = 1;
/** Whole USDC -> raw units (6 decimals). */
const usdc = (whole: number): bigint => BigInt(whole) * 1_000_000n;

/**
 * The embedded exchange's market (open-points "Embedded exchange"): SOL1 exactly as the
 * spec's described test setup, one contract per interesting shape of scales, a delisted
 * contract beside live ones, two market deployers and one portfolio share group.
 */
export function defaultMarketSetup(): MarketSetup {
  return {
    coins: [
      { coinId: USDC, name: 'USDC', decimals: 6 },
      { coinId: USDT1, name: 'USDT1', decimals: 6 },
    ],
    marketDeployers: [
      { marketDeployerId: 1, name: 'perpdesk', fees: feeRates('0.0002', '0.0005') },
      { marketDeployerId: 2, name: 'alt', fees: feeRates('0.0001', '0.0004') },
    ],
    contracts: [
      {
        contractId: 1,
        name: 'SOL1',
        marketDeployerId: 1,
        quoteCoinId: USDT1,
        status: 'Active',
        priceScale: 0,
        qtyScale: 0,
        tickSize: 1n,
        stepSize: 1n,
        maxTicks: 10_000n,
        leverageTiers: [
          { maxNotional: usdc(50_000), maxLeverage: 20 },
          { maxNotional: usdc(250_000), maxLeverage: 10 },
          { maxNotional: usdc(1_000_000), maxLeverage: 5 },
        ],
        shareGroupId: 1,
        initialIndexPx: 150n,
        // One tick is 0.67% here: at the level's own volatility the mark moved a tick in 20 minutes; 5x noise (not drift) moves it most minutes.
        indexVolatility: 5,
      },
      {
        contractId: 2,
        name: 'BTC1',
        marketDeployerId: 1,
        quoteCoinId: USDC,
        status: 'Active',
        priceScale: 1,
        qtyScale: 3,
        tickSize: 5n,
        stepSize: 1n,
        // raw 600000 = 60000.0; up to 500000.0 before maxTicks bites.
        maxTicks: 1_000_000n,
        leverageTiers: [
          { maxNotional: usdc(100_000), maxLeverage: 40 },
          { maxNotional: usdc(1_000_000), maxLeverage: 20 },
          { maxNotional: usdc(5_000_000), maxLeverage: 10 },
        ],
        shareGroupId: 1,
        fees: feeRates('0.0001', '0.00045'),
        initialIndexPx: 600_000n,
      },
      {
        contractId: 3,
        name: 'ETH1',
        marketDeployerId: 2,
        quoteCoinId: USDC,
        status: 'Active',
        priceScale: 2,
        qtyScale: 2,
        tickSize: 5n,
        stepSize: 1n,
        maxTicks: 10_000_000n,
        leverageTiers: [
          { maxNotional: usdc(100_000), maxLeverage: 25 },
          { maxNotional: usdc(1_000_000), maxLeverage: 10 },
        ],
        initialIndexPx: 300_000n,
      },
      {
        contractId: 4,
        name: 'DOGE0',
        marketDeployerId: 1,
        quoteCoinId: USDC,
        status: 'Delisted',
        priceScale: 5,
        qtyScale: 0,
        tickSize: 1n,
        stepSize: 1n,
        maxTicks: 1_000_000n,
        leverageTiers: [{ maxNotional: usdc(50_000), maxLeverage: 5 }],
        initialIndexPx: 12_000n,
      },
    ],
    shareGroups: [{ groupId: 1, marketDeployerId: 1, members: [1, 2], settlementCoinId: USDC }],
    collateralCoinId: USDC,
    registrationCredit: usdc(10_000),
  };
}
