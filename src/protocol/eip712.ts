import { canonicalJson } from './canonicalJson.js';
import { concatBytes, fromHex, keccak256, keccakUtf8, toHex, uintBytes, utf8Bytes, type Hex } from './hex.js';

/** Fixed domain of spec 5.3-5.4. */
export const DOMAIN = {
  name: 'Exchange',
  version: '1',
  chainId: 9767,
  verifyingContract: '0x0000000000000000000000000000000000000000',
} as const;

export const DOMAIN_TYPE = 'EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)';
export const AGENT_TYPE = 'Agent(string source,bytes32 actionHash)';
export const AGENT_SOURCE = 'b';

/** Struct strings of spec 5.1; the only actions signed on the typed path. */
export const TYPED_STRUCTS = {
  registerAccount: 'RegisterAccount(address address,uint64 nonce)',
  approveAgent: 'ApproveAgent(address agentAddress,string agentName,uint64 validUntil,uint64 nonce)',
  revokeAgent: 'RevokeAgent(address agentAddress,uint64 nonce)',
  lockCollateral: 'LockCollateral(uint32 marketDeployerId,uint32 coinId,string amount,uint64 nonce)',
  unlockCollateral: 'UnlockCollateral(uint32 marketDeployerId,uint32 coinId,string amount,uint64 nonce)',
  transferBetweenDeployers:
    'TransferBetweenDeployers(uint32 fromMarketDeployerId,uint32 toMarketDeployerId,uint32 coinId,string amount,uint64 nonce)',
} as const;

export type TypedActionType = keyof typeof TYPED_STRUCTS;
export type SigningPath = 'typed' | 'agent';

export function isTypedAction(type: string): type is TypedActionType {
  return Object.prototype.hasOwnProperty.call(TYPED_STRUCTS, type);
}

/** The path depends on `action.type` alone, so a typed action can never be signed on the agent path. */
export function signingPath(action: { type: string }): SigningPath {
  return isTypedAction(action.type) ? 'typed' : 'agent';
}

interface StructField {
  name: string;
  type: string;
}

interface StructDef {
  typeHash: Uint8Array;
  fields: StructField[];
}

function parseStruct(typeString: string): StructDef {
  const open = typeString.indexOf('(');
  const fields = typeString
    .slice(open + 1, -1)
    .split(',')
    .map((part) => {
      const [type, name] = part.split(' ') as [string, string];
      return { type, name };
    });
  return { typeHash: keccakUtf8(typeString), fields };
}

/** Parsed on first use: an agent-path signer never hashes the typed structs' strings. */
const STRUCTS = new Map<string, StructDef>();

function structOf(type: string): StructDef | undefined {
  let def = STRUCTS.get(type);
  if (!def && isTypedAction(type)) {
    def = parseStruct(TYPED_STRUCTS[type]);
    STRUCTS.set(type, def);
  }
  return def;
}

export const DOMAIN_SEPARATOR: Uint8Array = keccak256(
  concatBytes(
    keccakUtf8(DOMAIN_TYPE),
    keccakUtf8(DOMAIN.name),
    keccakUtf8(DOMAIN.version),
    uintBytes(BigInt(DOMAIN.chainId), 32, 'chainId'),
    uintBytes(0n, 32, 'verifyingContract'),
  ),
);

const AGENT_TYPE_HASH = keccakUtf8(AGENT_TYPE);
const AGENT_SOURCE_HASH = keccakUtf8(AGENT_SOURCE);
const DIGEST_PREFIX = new Uint8Array([0x19, 0x01]);

function toBigInt(value: unknown, what: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`${what}: ${value} is not a safe integer`);
    return BigInt(value);
  }
  if (typeof value === 'string' && /^[0-9]+$/.test(value)) return BigInt(value);
  throw new Error(`${what}: expected an unsigned integer`);
}

function encodeField(field: StructField, value: unknown): Uint8Array {
  const what = field.name;
  if (field.type === 'string') {
    if (typeof value !== 'string') throw new Error(`${what}: expected a string`);
    return keccak256(utf8Bytes(value));
  }
  if (field.type === 'address') {
    if (typeof value !== 'string') throw new Error(`${what}: expected an address`);
    const bytes = fromHex(value, 20, what);
    return concatBytes(new Uint8Array(12), bytes);
  }
  const m = /^uint(\d+)$/.exec(field.type);
  if (m) {
    const bits = Number(m[1]);
    const v = toBigInt(value, what);
    if (v >= 1n << BigInt(bits)) throw new Error(`${what}: ${v} does not fit in uint${bits}`);
    return uintBytes(v, 32, what);
  }
  throw new Error(`${what}: unsupported EIP-712 type ${field.type}`);
}

export function typedHashStruct(action: Record<string, unknown> & { type: string }, nonce: number | bigint): Uint8Array {
  const def = structOf(action.type);
  if (!def) throw new Error(`action.type ${action.type} is not a typed action`);
  const parts: Uint8Array[] = [def.typeHash];
  for (const field of def.fields) {
    const value = field.name === 'nonce' ? nonce : action[field.name];
    if (value === undefined || value === null) throw new Error(`action.${field.name}: required for ${action.type}`);
    parts.push(encodeField(field, value));
  }
  return keccak256(concatBytes(...parts));
}

/** keccak256(canonical JSON bytes || nonce as 8 bytes big-endian), spec 5.2 step 2. */
export function actionHash(action: object, nonce: number | bigint): Uint8Array {
  const json = utf8Bytes(canonicalJson(action));
  const bytes = new Uint8Array(json.length + 8);
  bytes.set(json);
  writeNonce(bytes, json.length, nonce);
  return keccak256(bytes);
}

/** The nonce as 8 bytes big-endian at `at`; a number (every request's) without going through a bigint. */
function writeNonce(into: Uint8Array, at: number, nonce: number | bigint): void {
  if (typeof nonce === 'number' && Number.isSafeInteger(nonce) && nonce >= 0) {
    const hi = Math.floor(nonce / 0x1_0000_0000);
    const lo = nonce >>> 0;
    into[at] = hi >>> 24;
    into[at + 1] = hi >>> 16;
    into[at + 2] = hi >>> 8;
    into[at + 3] = hi;
    into[at + 4] = lo >>> 24;
    into[at + 5] = lo >>> 16;
    into[at + 6] = lo >>> 8;
    into[at + 7] = lo;
    return;
  }
  into.set(uintBytes(toBigInt(nonce, 'nonce'), 8, 'nonce'), at);
}

/**
 * The fixed-prefix preimages of the last two hashes, filled in place: keccak256 reads its
 * input before it returns and nothing here is asynchronous, so one buffer each serves all.
 */
const AGENT_PREIMAGE = concatBytes(AGENT_TYPE_HASH, AGENT_SOURCE_HASH, new Uint8Array(32));
const DIGEST_PREIMAGE = concatBytes(DIGEST_PREFIX, DOMAIN_SEPARATOR, new Uint8Array(32));

export function agentHashStruct(action: object, nonce: number | bigint): Uint8Array {
  AGENT_PREIMAGE.set(actionHash(action, nonce), 64);
  return keccak256(AGENT_PREIMAGE);
}

export function hashStruct(action: { type: string }, nonce: number | bigint): Uint8Array {
  return signingPath(action) === 'typed'
    ? typedHashStruct(action as Record<string, unknown> & { type: string }, nonce)
    : agentHashStruct(action, nonce);
}

export function digestBytes(action: { type: string }, nonce: number | bigint): Uint8Array {
  DIGEST_PREIMAGE.set(hashStruct(action, nonce), 34);
  return keccak256(DIGEST_PREIMAGE);
}

/** EIP-712 digest of (action, nonce) as 0x-hex; the bytes that are signed, never hashed again. */
export function actionDigest(action: { type: string }, nonce: number | bigint): Hex {
  return toHex(digestBytes(action, nonce));
}
