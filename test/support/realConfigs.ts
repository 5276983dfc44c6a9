import * as v from 'valibot';
import { ExchangeCore, toJson } from '../../src/exchange/index.js';
import { Configs, type ContractConfig } from '../../src/protocol/wire/index.js';

/**
 * The embedded exchange's market exactly as a client receives it from `/info configs`:
 * serialised the way the server writes it and parsed with the wire schema, so tick, step and
 * maxTicks are numbers as on the wire. Every test fixture that needs `configs` takes it from
 * here, so no copy can drift from the exchange. A test that needs a market the exchange does
 * not have derives it from these with an explicit override.
 */
export const REAL_CONFIGS: Configs = v.parse(Configs, JSON.parse(toJson(new ExchangeCore({ seed: 1 }).handleInfo({ type: 'configs' }).body)));

/** One contract of the real market by name; throws on a name the market does not list. */
export function realContract(name: string): ContractConfig {
  const c = REAL_CONFIGS.contracts.find((x) => x.name === name);
  if (!c) throw new Error(`the embedded exchange lists no contract ${name}`);
  return c;
}
