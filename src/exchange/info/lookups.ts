import { HttpError } from '../errors.js';
import type { Account } from '../state/accounts.js';
import type { ExchangeState } from '../state/exchangeState.js';
import type { ContractDef } from '../state/marketConfig.js';

/** Reads name accounts by master address (open-points "Reads"); an unknown one is a 404. */
export function accountOf(core: ExchangeState, user: string): Account {
  const account = core.accounts.byAddress(user);
  if (!account) throw new HttpError('NOT_FOUND', `user: no account is registered for ${user.toLowerCase()}`);
  return account;
}

export function contractOf(core: ExchangeState, contractId: number): ContractDef {
  const contract = core.config.contract(contractId);
  if (!contract) throw new HttpError('NOT_FOUND', `contractId: no contract ${contractId}; see the configs query`);
  return contract;
}

export function requireMarketDeployerId(core: ExchangeState, marketDeployerId: number): void {
  if (!core.config.marketDeployer(marketDeployerId)) {
    throw new HttpError('NOT_FOUND', `marketDeployerId: no market deployer ${marketDeployerId}; see the configs query`);
  }
}
