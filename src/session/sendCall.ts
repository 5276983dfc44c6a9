import type { ExchangeClient, SendOptions } from '../client/exchangeClient.js';
import {
  collateralCoin,
  contractById,
  renderActionOutcome,
  renderCancelAllResult,
  renderCancelResult,
  renderModifyResult,
  renderOrderResult,
  type RenderOptions,
  type ResultView,
} from '../forms/index.js';
import type { ActionOutcome, CancelAllResult, CancelResult, ModifyResult, OrderResult } from '../model/actionOutcome.js';
import type { Action, ActionType, Configs } from '../protocol/wire/index.js';

/** The part of the client a form sends through (a test double implements just this). */
export type FormSender = Pick<ExchangeClient, 'submit'>;

/** The client's typed answer to one call, whichever method sent it. */
export type CallOutcome = OrderResult | CancelResult | ModifyResult | CancelAllResult | ActionOutcome<ActionType>;

export interface SentCall {
  outcome: CallOutcome;
  /** The answer in the exchange's own words, as every face shows it. */
  view: ResultView;
}

/**
 * Sends a built form's action, the very object the form built (and a confirm step or a dry
 * run showed), through the client's `submit`: orders, cancels and modify go through the
 * methods that reconcile a lost answer from the exchange's records. `send` options go with
 * the other actions (a TP/SL placed for an order names it for the journal).
 */
export async function sendCall(client: FormSender, action: Action, opts: RenderOptions = {}, send: SendOptions = {}): Promise<SentCall> {
  const outcome = (await client.submit(action, send)) as CallOutcome;
  return { outcome, view: viewOf(action, outcome, opts) };
}

function viewOf(action: Action, outcome: CallOutcome, opts: RenderOptions): ResultView {
  switch (action.type) {
    case 'order':
      return renderOrderResult(outcome as OrderResult, opts);
    case 'cancel':
    case 'cancelByCloid':
      return renderCancelResult(outcome as CancelResult, opts);
    case 'modify':
      return renderModifyResult(outcome as ModifyResult, opts);
    case 'cancelAll':
      return renderCancelAllResult(outcome as CancelAllResult);
    default:
      return renderActionOutcome(action.type, outcome as ActionOutcome<ActionType>, opts);
  }
}

/** Units to render an action's answer in: its contract's scales when it names one contract, the collateral coin. */
export function renderOptionsFor(configs: Configs | null, action: Action): RenderOptions {
  const opts: RenderOptions = { coin: collateralCoin(configs), configs };
  const ids =
    action.type === 'modify'
      ? [action.a]
      : action.type === 'order'
        ? action.orders.map((o) => o.a)
        : action.type === 'cancel'
          ? action.cancels.map((c) => c.a)
          : action.type === 'cancelByCloid'
            ? action.cancels.map((c) => c.asset)
            : [];
  if (ids.length > 0 && ids.every((id) => id === ids[0])) opts.contract = contractById(configs, ids[0] as number);
  return opts;
}
