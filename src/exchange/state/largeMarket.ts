import type { ExchangeExtension } from '../startExchange.js';
import { defaultMarketSetup } from './defaultMarket.js';
import type { ContractDef, MarketSetup } from './marketConfig.js';

/**
 * A market with many listed contracts (`perpdesk exchange --contracts N`), for measuring what
 * a dashboard pays for a big listing and a big account (issue 18 part 3): the default market,
 * then generated contracts GEN05, GEN06, ... until N contracts are Active.
 *
 * The market bots quote the first QUOTED_CONTRACTS Active ones. The others are listed
 * quiet: their books hold only what accounts place, their index stays where it starts.
 * Quoting all of them would multiply the exchange's block work (a maker and taker walk per
 * contract every block) for no more than the dashboard already sees on the quoted ones,
 * and a quiet book is where a test or a bench can trade against an account of its own
 * without the bots taking part.
 */
export const QUOTED_CONTRACTS = 10;
export const MAX_CONTRACTS = 200;

/** Whole USDC -> raw units (6 decimals). */
const usdc = (whole: number): bigint => BigInt(whole) * 1_000_000n;

/** Active contracts in the default market: the smallest `--contracts` there is. */
export function defaultActiveCount(): number {
  return defaultMarketSetup().contracts.filter((c) => c.status === 'Active').length;
}

/**
 * Generated contract number `id`: market deployer 1 (where onboarding enrolls and locks
 * collateral), 2 decimals of price on a tick of 0.01, whole-unit sizes, an index from 0.50
 * to 20.00 so that a big account's orders of one unit cost little margin.
 */
function generated(id: number): ContractDef {
  return {
    contractId: id,
    name: `GEN${String(id).padStart(2, '0')}`,
    marketDeployerId: 1,
    quoteCoinId: 0,
    status: 'Active',
    priceScale: 2,
    qtyScale: 0,
    tickSize: 1n,
    stepSize: 1n,
    maxTicks: 10_000_000n,
    leverageTiers: [
      { maxNotional: usdc(100_000), maxLeverage: 20 },
      { maxNotional: usdc(1_000_000), maxLeverage: 10 },
    ],
    initialIndexPx: BigInt(50 + ((id * 977) % 1_951)),
  };
}

/** The default market with generated contracts added until `activeCount` are Active. */
export function largeMarketSetup(activeCount: number): MarketSetup {
  const base = defaultMarketSetup();
  if (!Number.isInteger(activeCount) || activeCount < defaultActiveCount() || activeCount > MAX_CONTRACTS) {
    throw new Error(`contracts must be a whole number from ${defaultActiveCount()} to ${MAX_CONTRACTS}, got ${activeCount}`);
  }
  const contracts = [...base.contracts];
  let id = Math.max(...contracts.map((c) => c.contractId)) + 1;
  while (contracts.filter((c) => c.status === 'Active').length < activeCount) contracts.push(generated(id++));
  return { ...base, contracts };
}

/**
 * The contracts the bots are not to quote: the Active ones after the first QUOTED_CONTRACTS
 * (by id), listed Delisted at start so the bots pass them by.
 */
export function quietContractIds(setup: MarketSetup): number[] {
  return setup.contracts
    .filter((c) => c.status === 'Active')
    .sort((a, b) => a.contractId - b.contractId)
    .slice(QUOTED_CONTRACTS)
    .map((c) => c.contractId);
}

/**
 * `largeMarketSetup` for startExchange: the market with the quiet contracts held back
 * (Delisted) while the bots are set up, and the extension that lists them once the bots
 * exist. startExchange builds the bots before it runs its extensions, and the bots only
 * quote what is Active then; a quiet contract is otherwise an ordinary Active contract.
 */
export function largeMarket(activeCount: number): { market: MarketSetup; listQuiet: ExchangeExtension } {
  const setup = largeMarketSetup(activeCount);
  const quiet = new Set(quietContractIds(setup));
  const market: MarketSetup = { ...setup, contracts: setup.contracts.map((c) => (quiet.has(c.contractId) ? { ...c, status: 'Delisted' } : c)) };
  const listQuiet: ExchangeExtension = (core) => {
    for (const id of quiet) core.config.setContractStatus(id, 'Active');
  };
  return { market, listQuiet };
}
