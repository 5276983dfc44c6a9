import type { Session } from '../../../src/session/index.js';
import { SignerSet } from '../../../src/client/signers.js';
import type { FormSettings } from '../../../src/forms/index.js';
import type { CommandId } from '../../../src/keymap/index.js';
import type { Action, OrderSpec } from '../../../src/protocol/wire/index.js';
import type { AppContextValue } from '../../../src/ui/context/AppContext.js';
import { runCommand } from '../../../src/ui/commands/registry.js';
import { commandContext } from './commandContext.js';
import { formKey, formTakesText, formText, resolveForm } from '../../../src/ui/forms/formActions.js';
import { formScreen } from '../../../src/ui/forms/formScreen.js';
import { fullStore } from './paneFixtures.js';
import { createViewStore } from '../../../src/ui/view/viewStore.js';
import { AlgoBoard } from '../../../src/algo/algoBoard.js';
import { AlgoRunner } from '../../../src/algo/index.js';
import { keysLoaded } from '../../../src/session/keysLoaded.js';
import { screenStore } from '../../../src/ui/view/screenStore.js';

/**
 * The form controller as the keyboard drives it (commands and typed text), over the real
 * stores filled from fixtures and an exchange double that records what it was asked to
 * send. Nothing here needs a network: the double stands in only for the answer.
 */

export type Sent = { kind: string; payload: unknown };

const unreachable = { ok: false as const, error: { kind: 'network' as const, message: 'no exchange in this test' } };

const MASTER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const AGENT_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';

function exchangeDouble(sent: Sent[], o: { master?: boolean; agent?: boolean } = {}) {
  const signers = new SignerSet({ ...(o.master !== false ? { master: MASTER_KEY } : {}), ...(o.agent !== false ? { agent: AGENT_KEY } : {}) });
  const ok = { nonce: 1, signer: { role: 'agent' as const, address: '0x0' } };
  let cloid = 7_000;
  const double = {
    signers,
    newCloid: () => String(++cloid),
    /** The client's one way in for a built action: recorded in the shape of the method it goes to. */
    submit: (action: Action) => {
      switch (action.type) {
        case 'order':
          return double.order(action.orders.map(specOf));
        case 'cancel':
          return double.cancel(action.cancels.map((c) => ({ contractId: c.a, oid: c.o })));
        case 'cancelByCloid':
          return double.cancelByCloid(action.cancels.map((c) => ({ contractId: c.asset, cloid: c.cloid })));
        case 'modify':
          return double.modify(modifyParamsOf(action));
        case 'cancelAll':
          return double.cancelAll(action.a);
        default:
          return double.send(action);
      }
    },
    order: async (specs: OrderSpec[]) => {
      sent.push({ kind: 'order', payload: specs });
      return { ok: true as const, statuses: specs.map((_, i) => ({ resting: { oid: 900 + i } })), requestId: 'req-1', cloids: [], ...ok };
    },
    cancel: async (cancels: unknown) => {
      sent.push({ kind: 'cancel', payload: cancels });
      return { ok: true as const, statuses: ['success' as const], requestId: 'req-2', ...ok };
    },
    cancelByCloid: async (cancels: unknown) => {
      sent.push({ kind: 'cancelByCloid', payload: cancels });
      return { ok: true as const, statuses: ['success' as const], requestId: 'req-3', ...ok };
    },
    modify: async (params: unknown) => {
      sent.push({ kind: 'modify', payload: params });
      return { ok: true as const, data: { orderId: 11, limitPrice: 148, totalSize: 5, leavesSize: 3, clientOrderId: 0 }, requestId: 'req-4', ...ok };
    },
    cancelAll: async (contractId: number) => {
      sent.push({ kind: 'cancelAll', payload: contractId });
      return { ok: true as const, data: { cancelledOrders: 2, cancelledConditionals: 1 }, requestId: 'req-5', ...ok };
    },
    send: async (action: Action) => {
      sent.push({ kind: 'send', payload: action });
      if (action.type === 'updateMarginMode') {
        return { ok: false as const, error: { kind: 'business' as const, message: 'open positions or orders on contract', code: 3011, requestId: 'req-7' }, outcomeUnknown: false };
      }
      return { ok: true as const, data: { leverage: 3, asset: 1 }, requestId: 'req-6', ...ok };
    },
  };
  return double;
}

/** An order of the wire back in the spec form the tests name orders in. */
function specOf(o: Extract<Action, { type: 'order' }>['orders'][number]): OrderSpec {
  const spec: OrderSpec = { contractId: o.a, isBuy: o.b, size: o.s, reduceOnly: o.r, tif: 'market' in o.t ? 'Market' : o.t.limit.tif };
  if (o.p !== undefined) spec.price = o.p;
  if (o.c !== undefined) spec.cloid = o.c;
  return spec;
}

function modifyParamsOf(m: Extract<Action, { type: 'modify' }>): Record<string, unknown> {
  const out: Record<string, unknown> = { contractId: m.a };
  if (m.oid !== undefined) out['oid'] = m.oid;
  if (m.cloid !== undefined) out['cloid'] = m.cloid;
  if (m.p !== undefined) out['price'] = m.p;
  if (m.s !== undefined) out['size'] = m.s;
  if (m.tif !== undefined) out['tif'] = m.tif;
  if (m.c !== undefined) out['newCloid'] = m.c;
  return out;
}

/**
 * `session`: a real session (on the embedded exchange) instead of the fixture store and the
 * double; `sent` then stays empty and the exchange's own reads say what arrived.
 */
/**
 * `algosIn`: a state directory whose algos this app runs (a real runner over the double; its
 * reads of the exchange fail, so forms can be reviewed but nothing started reaches a market).
 */
export function setup(o: { settings?: FormSettings; readOnly?: boolean; master?: boolean; agent?: boolean; stateDir?: string; session?: Session; algosIn?: string } = {}) {
  const viewStore = createViewStore();
  // The session's store as this screen sees it (its own contract in view), as mountDashboard builds it.
  const store = screenStore(o.session?.store ?? fullStore(), viewStore);
  const sent: Sent[] = [];
  const app: AppContextValue = {
    store,
    view: viewStore,
    session: o.session ?? (o.readOnly ? null : ({ exchange: exchangeDouble(sent, o) } as unknown as Session)),
    mode: { readOnly: o.readOnly ?? false, embedded: true, signer: o.readOnly ? 'none' : 'agent', address: null },
    staleAfterMs: {},
    settings: o.settings ?? {},
    ...(o.stateDir ? { stateDir: o.stateDir } : {}),
  };
  if (o.algosIn !== undefined && app.session) {
    const exchange = app.session.exchange;
    const noReads = { marketState: async () => unreachable, l2Book: async () => unreachable, ordersByCloids: async () => unreachable } as never;
    const host = { store, sender: exchange, info: noReads, address: '0x0000000000000000000000000000000000000001', keys: keysLoaded(exchange.signers) };
    app.algos = AlgoBoard.open({ stateDir: o.algosIn, makeRunner: () => new AlgoRunner({ host, stateDir: o.algosIn!, settings: app.settings ?? {} }) });
  }
  const ctx = commandContext(app);
  const run = (...ids: CommandId[]) => ids.forEach((id) => runCommand(id, ctx));
  const type = (text: string) => [...text].forEach((ch) => (formTakesText(app) ? formText(app, ch) : formKey(app, ch)));
  const form = () => viewStore.getState().form;
  const screen = () => {
    const st = form();
    if (!st) return '';
    return formScreen(st, resolveForm(app, st), 80).rows.map((r) => r.map((s) => s.text).join('')).join('\n');
  };
  /** Lets the send's promise settle. */
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { app, store, viewStore, sent, run, type, form, screen, settle };
}

