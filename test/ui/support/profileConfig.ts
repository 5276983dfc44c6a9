import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addressOf } from '../../../src/protocol/index.js';
import { build } from '../../../src/protocol/wire/index.js';
import { newKey, type TestExchange } from '../../support/exchangeHarness.js';
import { act, type Trader } from '../../exchange/traders.js';

/**
 * A config file under `home` with one profile per account on the test exchange, each trading
 * with an agent approved here as `<name>-desk` (its key in a 0600 file beside the config);
 * the first profile is the default.
 */
export async function writeProfiles(ex: TestExchange, home: string, accounts: readonly (readonly [string, Trader])[]): Promise<void> {
  const dir = path.join(home, 'config', 'perpdesk');
  mkdirSync(path.join(dir, 'keys'), { recursive: true });
  const profiles: Record<string, object> = {};
  for (const [name, who] of accounts) {
    const agent = newKey();
    await act(ex, who, build.approveAgent(addressOf(agent), `${name}-desk`, 0));
    writeFileSync(path.join(dir, 'keys', `${name}.hex`), `${agent}\n`, { mode: 0o600 });
    profiles[name] = { url: ex.url, address: who.address, agentKeyFile: `keys/${name}.hex` };
  }
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ profile: accounts[0]?.[0], profiles }));
}
