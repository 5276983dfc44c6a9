import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { AlgoBoard } from '../../../src/algo/algoBoard.js';
import { DEFAULT_BINDINGS } from '../../../src/keymap/index.js';
import { build, type Action, type OrderSpec } from '../../../src/protocol/wire/index.js';
import { askedBy } from '../../../src/session/askedBy.js';
import { createSession, type Session } from '../../../src/session/index.js';
import { mountDashboard, type DashboardCore, type MountedScreen } from '../../../src/ui/app/mountDashboard.js';
import { viewerSession } from '../../../src/ui/serve/viewerSession.js';
import { listThemes, themesDir } from '../../../src/ui/theme/loadTheme.js';
import { createViewStore, type ViewStore } from '../../../src/ui/view/viewStore.js';
import { exchangeData, startTestExchange, type TestExchange } from '../../support/exchangeHarness.js';
import { waitFor } from '../../support/waitFor.js';
import { createVirtualTerminal, type VirtualTerminal } from './virtualTerminal.js';

/**
 * Several dashboards in one process over one real session on the embedded exchange, as
 * `perpdesk serve` mounts them (mountDashboard, a viewer's session naming its asker), each
 * on a virtual terminal of its own. Every order the session signs is recorded with the
 * screen that asked for it, then goes to the exchange.
 */
export interface SignedOrder {
  by: string | undefined;
  /** The order action exactly as it went to the signer. */
  action: Action;
  /** Its orders read back into the request's words. */
  specs: OrderSpec[];
}

/** An order action's orders in the words of an OrderSpec (other actions: none). */
export function specsOf(action: Action): OrderSpec[] {
  if (action.type !== 'order') return [];
  return action.orders.map((w) => ({
    contractId: w.a,
    isBuy: w.b,
    size: w.s,
    reduceOnly: w.r,
    tif: 'market' in w.t ? 'Market' : w.t.limit.tif,
    ...(w.p !== undefined ? { price: w.p } : {}),
    ...(w.c !== undefined ? { cloid: w.c } : {}),
  }));
}

/** Wraps a session's submit so that every order action it is given is recorded with its asker. */
export function recordOrders(exchange: Pick<Session['exchange'], 'submit'>, signed: SignedOrder[]): void {
  const submit = exchange.submit.bind(exchange);
  exchange.submit = ((action: Action, ...rest: unknown[]) => {
    if (action.type === 'order') signed.push({ by: askedBy(), action: structuredClone(action), specs: specsOf(action) });
    return (submit as (a: Action, ...r: unknown[]) => unknown)(action, ...rest);
  }) as typeof exchange.submit;
}

export interface TestScreen {
  name: string;
  vt: VirtualTerminal;
  view: ViewStore;
  mounted: MountedScreen;
  /** One key per write, each its own read. */
  press(...keys: string[]): Promise<void>;
  unmount(): void;
}

export interface Screens {
  ex: TestExchange;
  session: Session;
  core: DashboardCore;
  signed: SignedOrder[];
  mount(name: string, o?: { readOnly?: boolean; cols?: number; rows?: number }): TestScreen;
  close(): Promise<void>;
}

export async function startScreens(o: { contract?: string } = {}): Promise<Screens> {
  const ex = await startTestExchange();
  const alice = await ex.registerFunded();
  exchangeData(await ex.signedPost(build.enroll(1), alice.key));
  exchangeData(await ex.signedPost(build.lockCollateral(1, 0, '5000000000'), alice.key));
  // ETH1 is on the second market deployer: enrolled there too, so both contracts trade.
  exchangeData(await ex.signedPost(build.enroll(2), alice.key));
  exchangeData(await ex.signedPost(build.lockCollateral(2, 0, '3000000000'), alice.key));
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-i30-screens-'));
  const session = createSession({ url: ex.url }, { master: alice.key }, { contractName: o.contract ?? 'SOL1', flushMs: 20, poll: { accountMs: 200, agentsMs: 1000, marketStateMs: 200 } });
  const ready = await session.ready;
  if (!ready.ok) throw new Error(ready.error.message);
  const signed: SignedOrder[] = [];
  recordOrders(session.exchange, signed);
  await waitFor(() => session.store.getState().account.raw !== null, 'the account');
  const core: DashboardCore = {
    session,
    settings: {},
    bindings: DEFAULT_BINDINGS,
    level: 'truecolor',
    themeNames: listThemes(),
    themeDirs: [themesDir()],
    staleAfterMs: {},
    stateDir,
    algos: AlgoBoard.open({ stateDir, noRunnerWhy: 'not in this test' }),
  };
  const screens: TestScreen[] = [];
  return {
    ex,
    session,
    core,
    signed,
    mount(name, m = {}) {
      const vt = createVirtualTerminal(m.cols ?? 120, m.rows ?? 40);
      const viewStore = createViewStore();
      const mounted = mountDashboard(core, {
        stdin: vt.stdin,
        stdout: vt.stdout,
        viewStore,
        readOnly: m.readOnly ?? false,
        readOnlyWhy: `read-only test screen ${name}`,
        session: viewerSession(session, name),
      });
      let gone = false;
      const s: TestScreen = {
        name,
        vt,
        view: viewStore,
        mounted,
        press: (...keys) => vt.press(...keys),
        unmount() {
          if (gone) return;
          gone = true;
          mounted.unmount();
          vt.dispose();
        },
      };
      screens.push(s);
      return s;
    },
    async close() {
      for (const s of screens) s.unmount();
      await core.algos.close('test over');
      await session.close();
      await ex.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** Screens for a whole test file: started before its tests, closed after them. */
export function screensForFile(o: { contract?: string } = {}): () => Screens {
  let s: Screens | undefined;
  beforeAll(async () => {
    s = await startScreens(o);
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });
  return () => s!;
}
