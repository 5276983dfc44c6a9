import type { FundingContract, Sample } from '../../../src/history/historyStore.js';
import { CONFIGS } from '../../ui/support/paneFixtures.js';

/** The history tests' market: SOL1 (contract 1) alone, funding every hour. */
export const HOUR = 3_600_000;
const sol = CONFIGS.contracts.find((c) => c.contractId === 1)!;
export const SOL_CONTRACTS = new Map<number, FundingContract>([[1, { priceScale: sol.priceScale, qtyScale: sol.qtyScale, collateralDecimals: 6, fundingIntervalMs: HOUR }]]);

/** A sample of the account holding a long of `size` SOL1 at mark 150, equity 1 USDC over `balance`. */
export const solSample = (time: number, balance: bigint, index: string, size: string): Sample => ({
  time,
  equity: String(balance + 1_000_000n),
  balance: String(balance),
  markets: [{ contractId: 1, markPx: '150', fundingIndex: index, nextFundingTime: Math.ceil((time + 1) / HOUR) * HOUR, positions: [{ isBuy: true, size }] }],
});
