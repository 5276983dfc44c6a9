import { algoHostOf, AlgoRunner } from '../../../src/algo/index.js';
import type { FormSettings } from '../../../src/forms/index.js';
import type { SendOptions } from '../../../src/client/exchangeClient.js';
import type { Action, OrderLookup } from '../../../src/protocol/wire/index.js';
import type { Session } from '../../../src/session/index.js';
import type { Registered, TestExchange } from '../../support/exchangeHarness.js';
import { algoSession, tradingAccount } from './algoAccount.js';
import { ManualClock } from './manualClock.js';

/** A trader's session, a runner on its own state directory and clock, and what it sent (per request). */
export interface AlgoTrader {
  who: Registered;
  session: Session;
  runner: AlgoRunner;
  clock: ManualClock;
  dir: string;
  /** One entry per order request the runner sent: how many orders it carried. */
  orderRequests: number[];
  advance(ms: number): Promise<void>;
  /** A new runner on the same session and state directory, as the next process would start (the old one is dropped, as a kill leaves it). */
  restart(settings?: FormSettings): Promise<{ runner: AlgoRunner; recovery: Awaited<ReturnType<AlgoRunner['start']>>; advance(ms: number): Promise<void> }>;
}

export async function algoTrader(ex: TestExchange, dir: string, o: { settings?: FormSettings; who?: Registered; sessions: Session[] }): Promise<AlgoTrader> {
  const who = o.who ?? (await tradingAccount(ex));
  const session = await algoSession(ex, who);
  o.sessions.push(session);
  const orderRequests: number[] = [];
  const open = async (clock: ManualClock, settings = o.settings ?? {}) => {
    const host = algoHostOf(session, { refresh: true });
    const sender = host.sender;
    host.sender = {
      submit: ((action: Action, s?: SendOptions) => {
        if (action.type === 'order') orderRequests.push(action.orders.length);
        return sender.submit(action, s);
      }) as typeof sender.submit,
    };
    const runner = new AlgoRunner({ host, stateDir: dir, settings, scheduler: clock, recheckMs: 1_000 });
    const recovery = await runner.start();
    return { runner, recovery, advance: (ms: number) => clock.advance(ms, () => runner.idle()) };
  };
  const clock = new ManualClock(ex);
  const first = await open(clock);
  return {
    who,
    session,
    runner: first.runner,
    clock,
    dir,
    orderRequests,
    advance: first.advance,
    restart: (settings) => open(new ManualClock(ex), settings),
  };
}

export async function lookups(ex: TestExchange, who: Registered, cloids: string[]): Promise<OrderLookup[]> {
  const out: OrderLookup[] = [];
  // The info route answers at most ten cloids a request, as the API does.
  for (let i = 0; i < cloids.length; i += 10) out.push(...(await ex.info<OrderLookup[]>({ type: 'ordersByCloids', user: who.address, cloids: cloids.slice(i, i + 10) })).body);
  return out;
}
