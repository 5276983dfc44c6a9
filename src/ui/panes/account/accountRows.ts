import type { Configs, UserAccount } from '../../../protocol/wire/index.js';
import { poolRisk, type AccountSummary } from '../../../state/accountSummary.js';
import { formatCoin } from '../../format/coin.js';
import { coinOf, collateralCoin, deployerNames } from '../lookups.js';
import { memoLast } from '../memo.js';
import { marginRatioText } from './marginRatioText.js';

/**
 * The account pane's table: chain-level balances first (one row per coin), then each
 * market-deployer cross pool with its equity, margin used, available and withdrawable
 * (collateral coin) and margin ratio (the account summary's), followed by any other coin the
 * pool holds. Amounts are raw coin
 * units from the wire, formatted with the coin's own decimals. Empty balances of
 * non-collateral coins are left out.
 */
export interface AccountRow {
  key: string;
  /** 'focus': the selected contract's pool, pinned by the pane above the list (focusPool.ts). */
  kind: 'chain' | 'pool' | 'poolCoin' | 'focus';
  where: string;
  coin: string;
  balance: string;
  equity: string;
  used: string;
  available: string;
  withdrawable: string;
  /** The pool's margin ratio ("12.5%"); '' on rows that are not a pool. */
  ratio: string;
}

const BLANK = { equity: '', used: '', available: '', withdrawable: '', ratio: '' };

export const accountRows = memoLast(
  (
    chainBalances: UserAccount['chainBalances'],
    pools: UserAccount['marketDeployers'],
    configs: Configs | null,
    summary?: AccountSummary,
  ): readonly AccountRow[] => {
    const collateral = collateralCoin(configs);
    const names = deployerNames(configs);
    const amount = (raw: string, decimals: number) => formatCoin(raw, { decimals });
    const rows: AccountRow[] = [];
    for (const b of chainBalances) {
      // An empty balance of a coin that is not the collateral is noise.
      if (b.coinId !== collateral.coinId && !/[1-9]/.test(b.total)) continue;
      const coin = coinOf(configs, b.coinId);
      rows.push({ key: `chain:${b.coinId}`, kind: 'chain', where: 'Chain', coin: coin.name, balance: amount(b.total, coin.decimals), ...BLANK });
    }
    for (const p of pools) {
      const own = p.balances.find((b) => b.coinId === collateral.coinId);
      const name = names.get(p.marketDeployerId);
      const risk = poolRisk(summary, 'md', p.marketDeployerId);
      rows.push({
        key: `md:${p.marketDeployerId}`,
        kind: 'pool',
        where: name ? `MD${p.marketDeployerId} ${name}` : `MD${p.marketDeployerId}`,
        coin: collateral.name,
        balance: own ? amount(own.total, collateral.decimals) : amount('0', collateral.decimals),
        equity: amount(p.equity, collateral.decimals),
        used: amount(p.marginUsed, collateral.decimals),
        available: amount(p.available, collateral.decimals),
        withdrawable: amount(p.withdrawable, collateral.decimals),
        ratio: risk ? marginRatioText(risk).text : '',
      });
      for (const b of p.balances) {
        if (b.coinId === collateral.coinId || !/[1-9]/.test(b.total)) continue;
        const coin = coinOf(configs, b.coinId);
        rows.push({ key: `md:${p.marketDeployerId}:${b.coinId}`, kind: 'poolCoin', where: '', coin: coin.name, balance: amount(b.total, coin.decimals), ...BLANK });
      }
    }
    return rows;
  },
);
