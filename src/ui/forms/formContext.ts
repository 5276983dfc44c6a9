import { contextFromState, type FormContext, type FormSettings, type KeysLoaded } from '../../forms/index.js';
import { keysLoaded } from '../../session/keysLoaded.js';
import type { AppContextValue } from '../context/AppContext.js';
import type { Captured } from './formState.js';

/**
 * The forms' view of the dashboard: store state, the keys the session holds (addresses
 * only), the config's settings, and the rows captured when the form opened, refreshed from
 * the store so a modify acts on the order as it is now, not as it was.
 */
export function keysOf(app: AppContextValue): KeysLoaded {
  const signers = app.session?.exchange.signers;
  if (signers) return keysLoaded(signers, app.session?.exchange.vaultAddress);
  // No session (component tests): the mode says which key signs.
  const keys: KeysLoaded = { master: app.mode.signer === 'master', agent: app.mode.signer === 'agent' };
  if (app.mode.address && app.mode.signer === 'master') keys.masterAddress = app.mode.address;
  return keys;
}

/** The config file's settings, with the confirm policies changed while running on top. */
export function settingsOf(app: AppContextValue): FormSettings {
  const base = app.settings ?? {};
  const over = app.view.getState().confirmOverrides;
  return Object.keys(over).length === 0 ? base : { ...base, confirm: { ...base.confirm, ...over } };
}

export function formContextOf(app: AppContextValue, captured: Captured = {}, now = Date.now()): { ctx: FormContext; gone?: string } {
  const s = app.store.getState();
  const v = app.view.getState();
  let gone: string | undefined;
  const order = captured.order ? s.orders.open[captured.order.oid] : undefined;
  if (captured.order && !order) gone = `order ${captured.order.oid} is no longer open (filled or cancelled)`;
  const position = captured.position
    ? s.account.positions.find((p) => p.contractId === captured.position!.contractId && p.isBuy === captured.position!.isBuy && p.size !== '0')
    : undefined;
  if (captured.position && !position) gone = 'the position is closed';
  // A revoked agent can still be named: the form then says the exchange will answer for it.
  const agent = captured.agent ? (s.account.agents.find((a) => a.address.toLowerCase() === captured.agent!.address.toLowerCase()) ?? captured.agent) : undefined;
  const ctx = contextFromState(s, {
    keys: keysOf(app),
    settings: settingsOf(app),
    now,
    selectedOrder: order,
    selectedPosition: position,
    selectedAgent: agent,
    leverageOf: v.leverageOf,
  });
  return gone === undefined ? { ctx } : { ctx, gone };
}
