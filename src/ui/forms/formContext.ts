import { contextFromState, type FormContext, type FormSettings, type KeysLoaded } from '../../forms/index.js';
import { keysLoaded } from '../../session/keysLoaded.js';
import { stalenessOf } from '../../state/staleness.js';
import type { AppState } from '../../state/types.js';
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

/**
 * Why the contract a form was opened for can no longer be traded (no longer Active, or no
 * longer listed), when it cannot: the form then says so and signs nothing.
 */
export function contractGone(s: AppState, captured: Captured): string | undefined {
  const name = captured.contract;
  if (name === undefined || s.market.contracts[name]) return undefined;
  const listed = s.market.configs?.contracts.find((c) => c.name === name);
  return listed ? `${name} is not tradable now: its status is ${listed.status}` : `${name} is no longer listed by the exchange`;
}

/** Whether the book of the form's contract is stale now (judged on that contract's channels). */
export function formBookStale(s: AppState, captured: Captured): boolean {
  const id = captured.contract === undefined ? undefined : s.market.contracts[captured.contract]?.contractId;
  // Live for the session is live for every contract; stale only if this contract's own channels are.
  return s.session.staleness.book && (id === undefined || stalenessOf(s.session.channels, s.session.polls, id).book);
}

export function formContextOf(app: AppContextValue, captured: Captured = {}, now = Date.now()): { ctx: FormContext; gone?: string } {
  const s = app.store.getState();
  const v = app.view.getState();
  let gone = contractGone(s, captured);
  const order = captured.order ? s.orders.open[captured.order.oid] : undefined;
  if (captured.order && !order) gone = `order ${captured.order.oid} is no longer open (filled or cancelled)`;
  const position = captured.position
    ? s.account.positions.find((p) => p.contractId === captured.position!.contractId && p.isBuy === captured.position!.isBuy && p.size !== '0')
    : undefined;
  if (captured.position && !position) gone = 'the position is closed';
  // A revoked agent can still be named: the form then says the exchange will answer for it.
  const agent = captured.agent ? (s.account.agents.find((a) => a.address.toLowerCase() === captured.agent!.address.toLowerCase()) ?? captured.agent) : undefined;
  const ctx = contextFromState(s, {
    contract: captured.contract,
    keys: keysOf(app),
    settings: settingsOf(app),
    now,
    selectedOrder: order,
    selectedPosition: position,
    selectedAgent: agent,
    leverageOf: v.leverageOf,
  });
  ctx.bookStale = formBookStale(s, captured);
  return gone === undefined ? { ctx } : { ctx, gone };
}
