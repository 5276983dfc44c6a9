import {
  atCursor,
  bestPrices,
  closeHalf,
  flatten,
  joinBest,
  defaultSizeRaw,
  reverse,
  type BookActionResult,
  type FormContext,
} from '../../forms/index.js';
import { markRaw } from '../../forms/orderContext.js';
import { formatDecimal } from '../../protocol/index.js';
import type { AppContextValue } from '../context/AppContext.js';
import { formContextOf } from '../forms/formContext.js';
import { backForm, cyclePriceSource, openForm, overrideGuards, skipConfirmUnder, stepField, submitForm, toggleField, type OpenOptions } from '../forms/formActions.js';
import type { Captured } from '../forms/formState.js';
import { selectedAgent, selectedOrder, selectedPosition } from '../panes/selection.js';
import { view } from '../view/viewStore.js';
import type { CommandContext, CommandHandler, CommandTable } from './types.js';

/**
 * The trading keys: each opens a form (or a menu of forms) on the current contract and
 * the selected row. Book and position keys fill the order form and go straight on to
 * validation and the confirm policy; nothing here signs: src/ui/forms does, after checks.
 */

function open(formId: string, take: (app: AppContextValue) => Captured = () => ({}), o: Omit<OpenOptions, 'captured'> = {}): CommandHandler {
  return ({ app }) => openForm(app, formId, { ...o, captured: take(app) });
}

const order = (app: AppContextValue): Captured => {
  const o = selectedOrder(app.store.getState(), app.view.getState());
  return o ? { order: o } : {};
};

/** The position the positions pane has selected, when it has the focus; else the form picks the contract's only one. */
const position = (app: AppContextValue): Captured => {
  const v = app.view.getState();
  const p = v.focus === 'positions' ? selectedPosition(app.store.getState(), v) : undefined;
  return p ? { position: p } : {};
};

const agent = (app: AppContextValue): Captured => {
  const a = selectedAgent(app.store.getState(), app.view.getState());
  return a ? { agent: a } : {};
};

/** What a book key proposes: an order, or a scale (an algo form). */
type Proposal = BookActionResult | { ok: true; form: 'algoScale'; values: Record<string, string>; note: string };

/** A book or position key: the order it proposes, through the same form, checks and confirm policy. */
function fromBook(make: (ctx: FormContext, app: AppContextValue) => Proposal, take: (app: AppContextValue) => Captured = () => ({}), submit = true): CommandHandler {
  return ({ app }: CommandContext) => {
    const { ctx } = formContextOf(app, take(app));
    const r = make(ctx, app);
    if (!r.ok) {
      view.notify(app.view, r.error, 'warning');
      return;
    }
    openForm(app, r.form, { params: r.values, note: r.note, submit });
  };
}

const cursor = (app: AppContextValue) => app.view.getState().bookCursorRaw;

/** Orders a scale from the book cursor proposes, one price group apart. */
const CURSOR_SCALE_ORDERS = 5;

/**
 * A scale proposed from the book cursor: five orders of the default size from the cursor
 * away from the market, one price group apart (buys below the middle of the book, sells
 * above), in the scale form to adjust before anything is sent.
 */
function scaleFromCursor(ctx: FormContext, app: AppContextValue): Proposal {
  const raw = cursor(app);
  const c = ctx.contract;
  if (!c) return { ok: false, error: 'select a contract first' };
  if (raw === null) return { ok: false, error: 'move the book cursor to a price level first (j/k)' };
  const at = BigInt(raw);
  const best = bestPrices(ctx.book ? { bids: ctx.book.levels[0], asks: ctx.book.levels[1] } : undefined, c.priceScale);
  const middle = best.bid !== undefined && best.ask !== undefined ? (best.bid + best.ask) / 2n : (best.bid ?? best.ask);
  const isBuy = middle === undefined ? true : at <= middle;
  const step = BigInt(Math.max(1, app.view.getState().bookGroupTicks)) * BigInt(c.tickSize);
  const span = step * BigInt(CURSOR_SCALE_ORDERS - 1);
  const last = isBuy ? at - span : at + span;
  if (last < BigInt(c.tickSize)) return { ok: false, error: 'the cursor is too close to zero for a scale below it' };
  const each = defaultSizeRaw(c, ctx.settings, markRaw(ctx, c));
  const px = (x: bigint) => formatDecimal(x, c.priceScale);
  return {
    ok: true,
    form: 'algoScale',
    values: { side: isBuy ? 'buy' : 'sell', size: formatDecimal(each * BigInt(CURSOR_SCALE_ORDERS), c.qtyScale), orders: String(CURSOR_SCALE_ORDERS), from: px(at), to: px(last) },
    note: `Scale of ${CURSOR_SCALE_ORDERS} ${isBuy ? 'buys' : 'sells'} from the cursor ${px(at)}, one price group apart`,
  };
}

export const TRADING_COMMANDS = {
  'order.buy': open('order', undefined, { params: { side: 'Buy' } }),
  'order.sell': open('order', undefined, { params: { side: 'Sell' } }),
  'order.batch': open('orderBatch'),
  'order.modify': open('modify', order),
  'order.cancel': open('cancel', order, { submit: true }),
  'order.cancelByCloid': open('cancelByCloid', order),
  'order.cancelAll': open('cancelAll', undefined, { submit: true }),
  'orders.scope': ({ app }) => {
    view.toggleOrdersScope(app.view);
    view.notify(app.view, app.view.getState().ordersScope === 'all' ? 'open orders: every contract' : 'open orders: this contract', 'info');
  },

  'position.tpsl': open('tpSl', position),
  'position.cancelTpSl': open('cancelTpSl', position, { submit: true }),
  'conditional.cancel': open('cancelConditional', position),
  'position.flatten': fromBook((ctx) => flatten(ctx), position),
  'position.reverse': fromBook((ctx) => reverse(ctx), position),
  'position.closeHalf': fromBook((ctx) => closeHalf(ctx), position),

  'book.buyAtCursor': fromBook((ctx, app) => atCursor(ctx, true, cursor(app))),
  'book.sellAtCursor': fromBook((ctx, app) => atCursor(ctx, false, cursor(app))),
  'book.joinBid': fromBook((ctx) => joinBest(ctx, true)),
  'book.joinAsk': fromBook((ctx) => joinBest(ctx, false)),
  'book.scale': fromBook(scaleFromCursor, undefined, false),

  'algo.menu': open('menu:algos'),
  'algo.twap': open('algoTwap'),
  'algo.scale': open('algoScale'),
  'algo.chase': open('algoChase'),
  'algo.trail': open('algoTrail'),

  'margin.leverage': open('leverage'),
  'margin.mode': open('marginMode'),
  'margin.isolated': open('isolatedMargin', position),

  'collateral.move': open('menu:collateral'),
  'collateral.lock': open('lockCollateral'),
  'collateral.unlock': open('unlockCollateral'),
  'collateral.transfer': open('transferBetweenDeployers'),
  'collateral.toGroup': open('transferMdToShareGroup'),
  'collateral.fromGroup': open('transferShareGroupToMd'),
  'collateral.lockGroup': open('lockIntoShareGroup'),
  'collateral.unlockGroup': open('unlockFromShareGroup'),
  'collateral.shareType': open('setMarginShareType'),

  'agents.manage': open('menu:agents', agent),
  'agents.generate': open('generateAgent'),
  'agents.approve': open('approveAgent'),
  'agents.revoke': open('revokeAgent', agent),
  'deployer.enroll': open('enroll'),
  'fees.set': open('updateFeeSetting'),

  'form.submit': ({ app }) => submitForm(app),
  'form.cancel': ({ app }) => backForm(app),
  'form.nextField': ({ app }) => stepField(app, 1),
  'form.prevField': ({ app }) => stepField(app, -1),
  'form.toggle': ({ app }) => toggleField(app),
  'form.override': ({ app }) => overrideGuards(app),
  'form.skipConfirm': ({ app }) => skipConfirmUnder(app),
  'form.priceSource': ({ app }) => cyclePriceSource(app),
} satisfies CommandTable;
