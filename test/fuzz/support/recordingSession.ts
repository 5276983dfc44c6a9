import { clientError } from '../../../src/client/errors.js';
import type { Session } from '../../../src/session/index.js';
import { SignerSet } from '../../../src/client/signers.js';
import { build, parseAction, type OrderSpec } from '../../../src/protocol/wire/index.js';
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
    order: async (specs: OrderSpec[]) => {
      check('order', specs.length >= 1 && specs.length <= 10 ? build.order(specs) : { type: 'order', orders: [] });
      return { ok: true, statuses: specs.map((_, i) => ({ resting: { oid: 500 + i } })), requestId: 'req-1', ...meta, cloids: [] };
    },
    cancel: async (cancels) => {
      check('cancel', build.cancel(cancels));
      return { ok: true, statuses: cancels.map(() => 'success' as const), requestId: 'req-2', ...meta };
    },
    cancelByCloid: async (cancels) => {
      check('cancelByCloid', build.cancelByCloid(cancels));
      return refused;
    },
    modify: async (params) => {
      check('modify', build.modify(params));
      return refused;
    },
    cancelAll: async (contractId) => {
      check('cancelAll', build.cancelAll(contractId));
      return refused;
    },
    send: (async (action: unknown) => {
      check('send', action);
      return refused;
    }) as FormSender['send'],
  };
  const signers = new SignerSet({ agent: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' });
  // The rest of the session the keys can reach: chart subscriptions and contract holds.
  const ws = { subscribe: () => {}, unsubscribe: () => {} };
  const holdContract = () => ({ ok: false as const, error: clientError('network', 'no exchange in this test') });
  const watchCandles = () => () => {};
  return { exchange: Object.assign(exchange, { signers }), ws, holdContract, watchCandles } as unknown as Session;
}

