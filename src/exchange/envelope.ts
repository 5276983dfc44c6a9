import { normalizeAddress, isAddress, type Hex } from '../protocol/index.js';
import { isActionType, parseAction, type Action } from '../protocol/wire/index.js';
import { isTerminalSafe } from '../protocol/safeText.js';
import { HttpError } from './errors.js';
import { MAX_JSON_DEPTH } from './jsonDepth.js';

/** A `POST /exchange` body that passed the shape checks (spec 4.1). */
export interface ExchangeEnvelope {
  /** The action exactly as received: the signature covers this, not the validated copy. */
  rawAction: { type: string } & Record<string, unknown>;
  action: Action;
  nonce: number;
  /** Shape-checked later by signature recovery (a bad r/s/v is a 401, not a 400). */
  signature: object;
  vaultAddress?: Hex;
  inviteCode?: string;
}

/** The action is a member of the body, which is level 1. */
const ACTION_DEPTH = 2;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Canonical JSON drops null members, so the exchange treats them as absent when it checks
 * types too. defineProperty keeps a "__proto__" key an ordinary property.
 *
 * `depth` is the value's level counted from the request body (the body is 1, the action 2),
 * as `exceedsJsonDepth` counts. The walk refuses anything past MAX_JSON_DEPTH, so it is at
 * most that many frames deep whoever calls it: HTTP bodies are refused before parsing, but
 * in-process callers hand the core values that never went through that check.
 */
function withoutNulls(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_JSON_DEPTH) {
    throw new HttpError('BAD_REQUEST', `action: nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`);
  }
  if (Array.isArray(value)) return value.map((item) => withoutNulls(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (member === null || member === undefined) continue;
    Object.defineProperty(out, key, { value: withoutNulls(member, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Whether withoutNulls would change anything the schema can see: a null or undefined member
 * somewhere, or an object that is not a plain one (its copy would lose a prototype's
 * members). A JSON.parse'd action with no nulls, every request's, is then checked as it is
 * instead of copied. Refuses depth exactly as withoutNulls does.
 */
function needsCopy(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (depth > MAX_JSON_DEPTH) {
    throw new HttpError('BAD_REQUEST', `action: nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`);
  }
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return true;
    for (let i = 0; i < value.length; i++) if (needsCopy(value[i], depth + 1)) return true;
    return false;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return true;
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) return true;
    const member = (value as Record<string, unknown>)[key];
    if (member === null || member === undefined || needsCopy(member, depth + 1)) return true;
  }
  return false;
}

export function parseExchangeEnvelope(body: unknown): ExchangeEnvelope {
  if (!isPlainObject(body)) throw new HttpError('BAD_REQUEST', 'body: expected a JSON object with action, nonce and signature');
  const { action, nonce, signature, vaultAddress, inviteCode } = body;
  if (!isPlainObject(action)) throw new HttpError('BAD_REQUEST', 'action: expected an object');
  if (typeof action.type !== 'string') throw new HttpError('BAD_REQUEST', 'action.type: expected a string');
  if (!isActionType(action.type)) throw new HttpError('UNKNOWN_ACTION', `action.type: unknown action ${JSON.stringify(action.type.slice(0, 64))}`);
  if (action.type === 'approveAgent' && (action.agentName == null || action.validUntil == null)) {
    // Spec 4.9: both fields are part of the signed struct, so leaving one out breaks the signature.
    throw new HttpError(
      'SIGNATURE_INVALID',
      'approveAgent must sign both agentName and validUntil ("" for an anonymous agent, 0 for no expiry)',
    );
  }
  const parsed = parseAction(needsCopy(action, ACTION_DEPTH) ? withoutNulls(action, ACTION_DEPTH) : action);
  if (!parsed.ok) throw new HttpError('BAD_REQUEST', parsed.error);
  if (parsed.value.type === 'approveAgent') {
    const why = agentNameRefusal(parsed.value.agentName);
    if (why) throw new HttpError('BAD_REQUEST', `agentName: ${why}`);
  }
  if (typeof nonce !== 'number' || !Number.isSafeInteger(nonce) || nonce < 0) {
    throw new HttpError('BAD_REQUEST', 'nonce: expected a non-negative integer (Unix milliseconds)');
  }
  if (!isPlainObject(signature)) throw new HttpError('BAD_REQUEST', 'signature: expected an object {r, s, v}');
  if (vaultAddress !== undefined && vaultAddress !== null && !isAddress(vaultAddress)) {
    throw new HttpError('BAD_REQUEST', 'vaultAddress: expected a 0x address of 40 hex digits');
  }
  if (inviteCode !== undefined && inviteCode !== null && typeof inviteCode !== 'string') {
    throw new HttpError('BAD_REQUEST', 'inviteCode: expected a string');
  }
  const env: ExchangeEnvelope = {
    rawAction: action as ExchangeEnvelope['rawAction'],
    action: parsed.value,
    nonce,
    signature,
  };
  if (typeof vaultAddress === 'string') env.vaultAddress = normalizeAddress(vaultAddress);
  if (typeof inviteCode === 'string') env.inviteCode = inviteCode;
  return env;
}

/**
 * The longest agent name the exchange stores, in characters (code points). The spec shows no
 * bound (its section 8); this one is documented in docs/exchange.md. Every face draws the name.
 */
const MAX_AGENT_NAME_CHARS = 64;

/** Why an agent name is refused: too long, or holding a control character (isTerminalSafe). */
function agentNameRefusal(name: string): string | undefined {
  const chars = [...name].length;
  if (chars > MAX_AGENT_NAME_CHARS) return `at most ${MAX_AGENT_NAME_CHARS} characters, got ${chars}`;
  if (!isTerminalSafe(name)) return 'control characters (escape sequences, line breaks, direction overrides) are not allowed';
  return undefined;
}
