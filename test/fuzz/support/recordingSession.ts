import { clientError } from '../../../src/client/errors.js';
import type { Session } from '../../../src/session/index.js';
import { SignerSet } from '../../../src/client/signers.js';
import { parseAction, type Action } from '../../../src/protocol/wire/index.js';
import type { FormSender } from '../../../src/session/sendCall.js';

/**
 * A session whose exchange client records every request and checks it with the wire's own
 * validation (`parseAction`) instead of sending it; orders and cancels "succeed", the rest
 * are refused, so forms reach their result stage both ways.
 */
export interface Sent {
  method: string;
  action: unknown;
  problem?: string;
}

export function recordingSession(sent: Sent[]): Session {
  const check = (method: string, action: unknown) => {
    const parsed = parseAction(action);
    sent.push({ method, action, ...(parsed.ok ? {} : { problem: parsed.error }) });
  };
  const meta = { nonce: 1, signer: { role: 'agent' as const, address: '0x0' } };
  const refused = { ok: false as const, error: clientError('business', 'recorded by the fuzz double, not sent'), outcomeUnknown: false };
  const exchange: FormSender = {
    submit: (async (action: Action) => {
      switch (action.type) {
        case 'order':
          check('order', action);
          return { ok: true, statuses: action.orders.map((_, i) => ({ resting: { oid: 500 + i } })), requestId: 'req-1', ...meta, cloids: action.orders.map((o) => o.c ?? '') };
        case 'cancel':
          check('cancel', action);
          return { ok: true, statuses: action.cancels.map(() => 'success' as const), requestId: 'req-2', ...meta };
        case 'cancelByCloid':
        case 'modify':
        case 'cancelAll':
          check(action.type, action);
          return refused;
        default:
          check('send', action);
          return refused;
      }
    }) as FormSender['submit'],
  };
  const signers = new SignerSet({ agent: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' });
  // The rest of the session the keys can reach: chart subscriptions and contract holds.
  const ws = { subscribe: () => {}, unsubscribe: () => {} };
  const holdContract = () => ({ ok: false as const, error: clientError('network', 'no exchange in this test') });
  const watchCandles = () => () => {};
  // The contract picker reads every contract's market state while it is open.
  const watchMarkets = () => () => {};
  let cloid = 5_000;
  const newCloid = () => String(++cloid);
  return { exchange: Object.assign(exchange, { signers, newCloid }), ws, holdContract, watchCandles, watchMarkets } as unknown as Session;
}

