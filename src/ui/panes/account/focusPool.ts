import { formatMoney } from '../../../format/money.js';
import { poolView } from '../../../forms/poolView.js';
import type { Configs, ContractConfig, ShareGroupDef, UserAccount } from '../../../protocol/wire/index.js';
import { poolRisk, type AccountSummary } from '../../../state/accountSummary.js';
import { collateralCoin, deployerNames } from '../lookups.js';
import type { AccountRow } from './accountRows.js';
import { marginRatioText } from './marginRatioText.js';

/**
 * The pool an order on the selected contract draws on, as the account pane pins it above
 * its list: the contract's deployer pool, or in PORTFOLIO mode the share group the
 * contract belongs to. Its figures are the exchange's (`userAccount`): equity, margin used
 * and available of that pool, not of whichever pool happens to be listed first. A deployer
 * the account is not enrolled in has no pool: everything is 0 and the pane says so.
 */
export interface FocusPool {
  /** The pool in the columns of the account table ("ETH1 → MD2 alt"). */
  row: AccountRow;
  contract: string;
  /** "MD2 alt", "group 1 of MD1". */
  pool: string;
  /** Why orders on the contract cannot draw on it as it stands. */
  status?: 'not enrolled' | 'FROZEN';
}

export function focusPool(
  account: UserAccount | null,
  configs: Configs | null,
  contract: ContractConfig | undefined,
  shareGroupDefs: readonly ShareGroupDef[],
  summary?: AccountSummary,
): FocusPool | undefined {
  if (!account || !contract) return undefined;
  const view = poolView({ account, configs, shareGroupDefs }, contract);
  const coin = collateralCoin(configs);
  const name = deployerNames(configs).get(contract.marketDeployerId);
  const md = `MD${contract.marketDeployerId}`;
  // A group is named by its deployer's short id only, so it never reads as the deployer pool's own line.
  const pool = view.ref.kind === 'group' ? `group ${view.ref.id} of ${md}` : name ? `${md} ${name}` : md;
  const money = (raw: bigint | undefined) => formatMoney(raw ?? 0n, { decimals: coin.decimals });
  const md0 = account.marketDeployers.find((m) => m.marketDeployerId === contract.marketDeployerId);
  const risk = poolRisk(summary, view.ref.kind, view.ref.id);
  const out: FocusPool = {
    contract: contract.name,
    pool,
    row: {
      key: `focus:${contract.contractId}`,
      kind: 'focus',
      where: `${contract.name} → ${pool}`,
      coin: coin.name,
      balance: money(view.collateralBalance),
      equity: money(view.equity),
      used: money(view.marginUsed),
      available: money(view.available),
      // What may leave a group pool is not reported; a deployer pool's is.
      withdrawable: view.ref.kind === 'md' ? money(md0 && /^\d+$/.test(md0.withdrawable) ? BigInt(md0.withdrawable) : 0n) : '',
      ratio: risk && view.enrolled ? marginRatioText(risk).text : '',
    },
  };
  if (!view.enrolled) out.status = 'not enrolled';
  else if (view.frozen) out.status = 'FROZEN';
  return out;
}
