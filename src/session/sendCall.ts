import type { ExchangeClient, SendOptions } from '../client/exchangeClient.js';
import {
  collateralCoin,
  contractById,
  renderActionOutcome,
  renderCancelAllResult,
  renderCancelResult,
  renderModifyResult,
  renderOrderResult,
  type ClientCall,
  type RenderOptions,
  type ResultView,
} from '../forms/index.js';
import type { ActionOutcome, CancelAllResult, CancelResult, ModifyResult, OrderResult } from '../model/actionOutcome.js';
import type { ActionType, Configs } from '../protocol/wire/index.js';

/** The part of the client a form sends through (a test double implements just this). */
export type FormSender = Pick<ExchangeClient, 'order' | 'cancel' | 'cancelByCloid' | 'modify' | 'cancelAll' | 'send'>;

/** The client's typed answer to one call, whichever method sent it. */
export type CallOutcome = OrderResult | CancelResult | ModifyResult | CancelAllResult | ActionOutcome<ActionType>;

export interface SentCall {
  outcome: CallOutcome;
  /** The answer in the exchange's own words, as every face shows it. */
  view: ResultView;
}

/**
 * Sends a built form through the client method that matches its call: orders, cancels and
 * modify go through the methods that reconcile a lost answer from the exchange's records.
 * `send` goes with the other actions (a TP/SL placed for an order names it for the journal).
 */
export async function sendCall(client: FormSender, call: ClientCall, opts: RenderOptions = {}, send: SendOptions = {}): Promise<SentCall> {
  switch (call.kind) {
    case 'order': {
      const outcome = await client.order(call.specs);
      return { outcome, view: renderOrderResult(outcome, opts) };
    }
    case 'cancel': {
      const outcome = await client.cancel(call.cancels);
      return { outcome, view: renderCancelResult(outcome, opts) };
    }
    case 'cancelByCloid': {
      const outcome = await client.cancelByCloid(call.cancels);
      return { outcome, view: renderCancelResult(outcome, opts) };
    }
    case 'modify': {
      const outcome = await client.modify(call.params);
      return { outcome, view: renderModifyResult(outcome, opts) };
    }
    case 'cancelAll': {
      const outcome = await client.cancelAll(call.contractId);
      return { outcome, view: renderCancelAllResult(outcome) };
    }
    case 'send': {
      const outcome = await client.send(call.action as never, send);
      return { outcome: outcome as CallOutcome, view: renderActionOutcome(call.action.type, outcome, opts) };
    }
  }
}

/** Units to render a call's answer in: its contract's scales when it names one contract, the collateral coin. */
export function renderOptionsFor(configs: Configs | null, call: ClientCall): RenderOptions {
  const opts: RenderOptions = { coin: collateralCoin(configs) };
  const ids =
    call.kind === 'modify'
      ? [call.params.contractId]
      : call.kind === 'order'
        ? call.specs.map((s) => s.contractId)
        : call.kind === 'cancel' || call.kind === 'cancelByCloid'
          ? call.cancels.map((c) => c.contractId)
          : [];
  if (ids.length > 0 && ids.every((id) => id === ids[0])) opts.contract = contractById(configs, ids[0] as number);
  return opts;
}
