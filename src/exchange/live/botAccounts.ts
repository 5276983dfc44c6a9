/**
 * The market bots' accounts: ordinary accounts of kind `bot`, enrolled in every market
 * deployer and funded by a mint (like a registration credit) that is locked into the
 * deployer pools. They have no key: bots act in-process, never over HTTP, so nobody can
 * sign as one. Addresses derive from the seed so a seed replays the same market.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { toHex, type Hex } from '../../protocol/index.js';
import type { ExchangeCore } from '../core.js';
import { bucket } from '../ledger.js';
import type { Account } from '../state/accounts.js';

/** Whole USDC per bot per market deployer pool. */
export const BOT_FUNDING_PER_DEPLOYER = 2_500_000n;

export function botAddress(seed: number, label: string): Hex {
  const hash = keccak_256(new TextEncoder().encode(`perpdesk-bot:${seed}:${label}`));
  return toHex(hash.slice(12));
}

export function ensureBotAccount(core: ExchangeCore, label: string): Account {
  const address = botAddress(core.seed, label);
  const existing = core.accounts.byAddress(address);
  if (existing) return existing;
  const account = core.accounts.create(address, 'bot', core.clock.now());
  const coin = core.config.collateralCoinId;
  const decimals = core.config.coin(coin)?.decimals ?? 6;
  const perPool = BOT_FUNDING_PER_DEPLOYER * 10n ** BigInt(decimals);
  const chain = bucket.chain(account.id, coin);
  core.ledger.mint(chain, perPool * BigInt(core.config.marketDeployers.size), `bot funding ${label}`);
  for (const md of core.config.marketDeployers.keys()) {
    core.accounts.enroll(account.id, md);
    core.ledger.transfer(chain, bucket.md(account.id, md, coin), perPool, { memo: 'bot collateral' });
  }
  return account;
}
