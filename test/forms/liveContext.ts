import { HttpTransport, type HttpOutcome } from '../../src/client/http.js';
import { InfoClient } from '../../src/client/infoClient.js';
import type { ExchangeCore } from '../../src/exchange/core.js';
import { toJson } from '../../src/exchange/json.js';
import type { FormContext } from '../../src/forms/index.js';
import type { Configs, OpenOrder } from '../../src/protocol/wire/index.js';
import type { TestExchange } from '../support/exchangeHarness.js';

/**
 * A form context built the way the dashboard builds it, from the exchange's own answers
 * (configs, userAccount, userOrders, l2Book, marketState, shareGroupState) read through the
 * real InfoClient, so an estimate made from it can be compared with what the exchange then
 * reports. Over loopback HTTP, or straight into the exchange's read handler in-process
 * (same handler, same JSON, same wire validation; no socket).
 */
export interface LiveReader {
  info: InfoClient;
  configs: Configs;
  context(who: { address: string }, contractId: number, extra?: Partial<FormContext>): Promise<FormContext>;
  close(): Promise<void>;
}

function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

async function reader(info: InfoClient, close: () => Promise<void>): Promise<LiveReader> {
  const configs = must(await info.configs());
  return {
    info,
    configs,
    async context(who, contractId, extra = {}) {
      const [account, book, state, groups] = await Promise.all([info.userAccount(who.address), info.l2Book(contractId), info.marketState(contractId), info.shareGroupState()]);
      const acct = must(account);
      const openOrders: OpenOrder[] = [];
      for (const md of acct.marketDeployers) openOrders.push(...must(await info.userOrders(who.address, md.marketDeployerId)));
      return {
        now: Date.now(),
        configs,
        contract: configs.contracts.find((c) => c.contractId === contractId),
        book: must(book),
        bookStale: false,
        markPx: must(state).markPx,
        indexPx: must(state).indexPx,
        account: acct,
        positions: acct.marketDeployers.flatMap((m) => m.positions),
        openOrders,
        agents: [],
        shareGroupDefs: must(groups),
        keys: { master: true, agent: false, masterAddress: who.address },
        settings: {},
        ...extra,
      };
    },
    close,
  };
}

/** Reads over loopback HTTP. */
export async function liveReader(ex: TestExchange): Promise<LiveReader> {
  const http = new HttpTransport({ baseUrl: ex.url, requestTimeoutMs: 5_000 });
  return reader(new InfoClient(http), () => http.close());
}

/** Reads answered by the exchange's read handler in-process, serialized as the server serializes them. */
export async function inProcessReader(core: ExchangeCore): Promise<LiveReader> {
  const transport = {
    async post(_path: string, payload: string): Promise<HttpOutcome> {
      const reply = core.handleInfo(JSON.parse(payload));
      const text = toJson(reply.body);
      return { ok: true, response: { status: reply.status, body: JSON.parse(text), text, sentAt: 0, receivedAt: 0 } };
    },
  };
  return reader(new InfoClient(transport as unknown as HttpTransport), async () => {});
}
