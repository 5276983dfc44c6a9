import type { Hex } from '../../protocol/index.js';
import { BUSINESS_ERROR, EXCHANGE_DATA, type ActionOf, type ActionType, type BusinessErrorKey } from '../../protocol/wire/index.js';
import type { SignerRole } from '../auth.js';
import { BusinessError } from '../errors.js';
import type { Account } from '../state/accounts.js';
import type { ExchangeState } from '../state/exchangeState.js';
import type { WireData } from './wireData.js';

export type { WireData };

/** Everything a handler may need about the request it serves; `account` is the master's. */
export interface ActionContext {
  /** The exchange's state (the ExchangeCore in a running exchange), not its request pipeline. */
  core: ExchangeState;
  account: Account;
  /** Lowercase address that signed: the master itself or one of its agents. */
  signer: Hex;
  signerRole: SignerRole;
  nonce: number;
  /** Exchange time at which the request is applied. */
  now: number;
}

/**
 * A handler validates first and mutates last, all synchronously: that is what makes the
 * exchange a single writer (no await can let another request see a half-applied change).
 * It throws BusinessError for rejections; the registry answers them in the action's shape.
 */
export type ActionHandler<T extends ActionType = ActionType> = (ctx: ActionContext, action: ActionOf<T>) => WireData;

interface Entry {
  handler: ActionHandler;
}

export class ActionRegistry {
  private readonly handlers = new Map<ActionType, Entry>();

  /** One handler per action type: a second registration is a wiring mistake and throws. */
  register<T extends ActionType>(type: T, handler: ActionHandler<T>): void {
    if (this.handlers.has(type)) throw new Error(`action ${type} already has a handler`);
    this.handlers.set(type, { handler: handler as unknown as ActionHandler });
  }

  has(type: ActionType): boolean {
    return this.handlers.has(type);
  }

  run(ctx: ActionContext, action: ActionOf<ActionType>): WireData {
    const entry = this.handlers.get(action.type);
    if (!entry) return rejectionData(action, 'NOT_IMPLEMENTED');
    try {
      return entry.handler(ctx, action);
    } catch (e) {
      if (e instanceof BusinessError) return rejectionData(action, e.key);
      throw e;
    }
  }
}

interface SchemaLike {
  type: string;
  entries?: Record<string, SchemaLike>;
}

/**
 * The action's data shape with every number 0, strings echoed from the action (or empty),
 * batch `statuses` one error per request item, plus errorCode/errorMessage (spec 4.2 rule 2).
 * Derived from the shared EXCHANGE_DATA schemas, so every action answers a rejection in its own shape.
 */
export function rejectionData(action: ActionOf<ActionType>, key: BusinessErrorKey): WireData {
  const { code, message } = BUSINESS_ERROR[key];
  const schema = EXCHANGE_DATA[action.type] as unknown as SchemaLike;
  const fields = action as unknown as Record<string, unknown>;
  const data: WireData = {};
  for (const [name, entry] of Object.entries(schema.entries ?? {})) {
    if (entry.type === 'number') data[name] = 0;
    else if (entry.type === 'string') data[name] = typeof fields[name] === 'string' ? fields[name] : '';
    else if (entry.type === 'array' && name === 'statuses') {
      const items = Array.isArray(fields.orders) ? fields.orders : Array.isArray(fields.cancels) ? fields.cancels : [];
      data[name] = items.map(() => ({ error: message }));
    }
  }
  data.errorCode = code;
  data.errorMessage = message;
  return data;
}
