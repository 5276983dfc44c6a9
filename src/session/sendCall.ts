import type { ExchangeClient } from '../../client/exchangeClient.js';
import {
  renderActionOutcome,
  renderCancelAllResult,
  renderCancelResult,
  renderModifyResult,
  renderOrderResult,
  type ClientCall,
  type RenderOptions,
  type ResultView,
} from '../../forms/index.js';

/** The part of the client a form sends through (a test double implements just this). */
export type FormSender = Pick<ExchangeClient, 'order' | 'cancel' | 'cancelByCloid' | 'modify' | 'cancelAll' | 'send'>;

/**
 * Sends a built form through the client method that matches its call: orders, cancels and
 * modify go through the methods that reconcile a lost answer from the exchange's records.
 * The answer comes back rendered in the exchange's own words.
 */
export async function sendCall(client: FormSender, call: ClientCall, opts: RenderOptions = {}): Promise<ResultView> {
  switch (call.kind) {
    case 'order':
      return renderOrderResult(await client.order(call.specs), opts);
    case 'cancel':
      return renderCancelResult(await client.cancel(call.cancels), opts);
    case 'cancelByCloid':
      return renderCancelResult(await client.cancelByCloid(call.cancels), opts);
    case 'modify':
      return renderModifyResult(await client.modify(call.params), opts);
    case 'cancelAll':
      return renderCancelAllResult(await client.cancelAll(call.contractId));
    case 'send':
      return renderActionOutcome(call.action.type, await client.send(call.action as never), opts);
  }
}
