// src/protocol/nonce.ts
var MemoryNonceStore = class {
  values = /* @__PURE__ */ new Map();
  load(signer) {
    return this.values.get(signer);
  }
  save(signer, reservedUpTo) {
    this.values.set(signer, reservedUpTo);
  }
};
var NonceManager = class {
  now;
  store;
  reserveMs;
  signers = /* @__PURE__ */ new Map();
  constructor(opts = {}) {
    this.now = opts.now ?? Date.now;
    this.store = opts.store ?? new MemoryNonceStore();
    this.reserveMs = opts.reserveMs ?? 5e3;
  }
  next(signer) {
    const key = signer.toLowerCase();
    let state = this.signers.get(key);
    if (!state) {
      const reserved = this.store.load(key) ?? 0;
      state = { last: reserved, reservedUpTo: reserved };
      this.signers.set(key, state);
    }
    let value = Math.max(this.now(), state.last + 1);
    if (value > state.reservedUpTo) {
      if (this.store.claim) {
        const block = this.store.claim(key, value, this.reserveMs);
        value = block.first;
        state.reservedUpTo = block.reservedUpTo;
      } else {
        state.reservedUpTo = value + this.reserveMs;
        this.store.save(key, state.reservedUpTo);
      }
    }
    state.last = value;
    return value;
  }
  /** The last value handed out for a signer (0 when none), for diagnostics. */
  peek(signer) {
    return this.signers.get(signer.toLowerCase())?.last ?? 0;
  }
};

// src/protocol/canonicalJson.ts
var CanonicalJsonError = class extends Error {
  constructor(path, problem) {
    super(`canonical JSON: ${path || "(root)"}: ${problem}`);
    this.name = "CanonicalJsonError";
  }
};
var LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function canonicalJson(value) {
  return write(value, "");
}
function write(value, path) {
  switch (typeof value) {
    case "string":
      if (LONE_SURROGATE.test(value)) throw new CanonicalJsonError(path, "lone surrogate in string");
      return JSON.stringify(value);
    case "number":
      if (!Number.isFinite(value)) throw new CanonicalJsonError(path, `${value} is not a finite number`);
      if (!Number.isInteger(value)) throw new CanonicalJsonError(path, `${value} is not an integer`);
      if (!Number.isSafeInteger(value)) throw new CanonicalJsonError(path, `${value} is not a safe integer`);
      return Object.is(value, -0) ? "0" : String(value);
    case "boolean":
      return value ? "true" : "false";
    case "bigint":
      if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
        throw new CanonicalJsonError(path, `${value} is not a safe integer`);
      }
      return value.toString();
    case "object": {
      if (value === null) throw new CanonicalJsonError(path, "null is only allowed as an object member");
      if (Array.isArray(value)) {
        const parts2 = [];
        for (let i = 0; i < value.length; i++) {
          const item = value[i];
          if (item === null || item === void 0) {
            throw new CanonicalJsonError(`${path}[${i}]`, "null or undefined array element");
          }
          parts2.push(write(item, `${path}[${i}]`));
        }
        return `[${parts2.join(",")}]`;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        throw new CanonicalJsonError(path, "only plain objects can be serialised");
      }
      const record = value;
      const keys = Object.keys(record).sort();
      const parts = [];
      for (const key of keys) {
        const member = record[key];
        if (member === null || member === void 0) continue;
        if (LONE_SURROGATE.test(key)) throw new CanonicalJsonError(path, "lone surrogate in key");
        parts.push(`${JSON.stringify(key)}:${write(member, path ? `${path}.${key}` : key)}`);
      }
      return `{${parts.join(",")}}`;
    }
    default:
      throw new CanonicalJsonError(path, `${typeof value} cannot be serialised`);
  }
}

// src/protocol/hex.ts
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex as nobleBytesToHex, hexToBytes as nobleHexToBytes } from "@noble/hashes/utils.js";
var utf8 = new TextEncoder();
function utf8Bytes(text) {
  return utf8.encode(text);
}
function keccak256(data) {
  return keccak_256(data);
}
function keccakUtf8(text) {
  return keccak_256(utf8.encode(text));
}
function toHex(bytes) {
  return `0x${nobleBytesToHex(bytes)}`;
}
function fromHex(hex, byteLength, what) {
  const body = hex.startsWith("0x") || hex.startsWith("0X") ? hex.slice(2) : hex;
  if (body.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(body)) {
    throw new Error(`${what}: not a hex string`);
  }
  if (byteLength !== void 0 && body.length !== byteLength * 2) {
    throw new Error(`${what}: expected ${byteLength} bytes, got ${body.length / 2}`);
  }
  return nobleHexToBytes(body);
}
function concatBytes(...parts) {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
function uintBytes(value, byteLength, what) {
  if (value < 0n || value >= 1n << BigInt(byteLength * 8)) {
    throw new Error(`${what}: ${value} does not fit in ${byteLength * 8} unsigned bits`);
  }
  const out = new Uint8Array(byteLength);
  let v5 = value;
  for (let i = byteLength - 1; i >= 0; i--) {
    out[i] = Number(v5 & 0xffn);
    v5 >>= 8n;
  }
  return out;
}

// src/protocol/eip712.ts
var DOMAIN = {
  name: "Exchange",
  version: "1",
  chainId: 9767,
  verifyingContract: "0x0000000000000000000000000000000000000000"
};
var DOMAIN_TYPE = "EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)";
var AGENT_TYPE = "Agent(string source,bytes32 actionHash)";
var AGENT_SOURCE = "b";
var TYPED_STRUCTS = {
  registerAccount: "RegisterAccount(address address,uint64 nonce)",
  approveAgent: "ApproveAgent(address agentAddress,string agentName,uint64 validUntil,uint64 nonce)",
  revokeAgent: "RevokeAgent(address agentAddress,uint64 nonce)",
  lockCollateral: "LockCollateral(uint32 marketDeployerId,uint32 coinId,string amount,uint64 nonce)",
  unlockCollateral: "UnlockCollateral(uint32 marketDeployerId,uint32 coinId,string amount,uint64 nonce)",
  transferBetweenDeployers: "TransferBetweenDeployers(uint32 fromMarketDeployerId,uint32 toMarketDeployerId,uint32 coinId,string amount,uint64 nonce)"
};
function isTypedAction(type) {
  return Object.prototype.hasOwnProperty.call(TYPED_STRUCTS, type);
}
function signingPath(action) {
  return isTypedAction(action.type) ? "typed" : "agent";
}
function parseStruct(typeString) {
  const open = typeString.indexOf("(");
  const fields = typeString.slice(open + 1, -1).split(",").map((part) => {
    const [type, name] = part.split(" ");
    return { type, name };
  });
  return { typeHash: keccakUtf8(typeString), fields };
}
var STRUCTS = new Map(
  Object.entries(TYPED_STRUCTS).map(([action, typeString]) => [action, parseStruct(typeString)])
);
var DOMAIN_SEPARATOR = keccak256(
  concatBytes(
    keccakUtf8(DOMAIN_TYPE),
    keccakUtf8(DOMAIN.name),
    keccakUtf8(DOMAIN.version),
    uintBytes(BigInt(DOMAIN.chainId), 32, "chainId"),
    uintBytes(0n, 32, "verifyingContract")
  )
);
var AGENT_TYPE_HASH = keccakUtf8(AGENT_TYPE);
var AGENT_SOURCE_HASH = keccakUtf8(AGENT_SOURCE);
var DIGEST_PREFIX = new Uint8Array([25, 1]);
function toBigInt(value, what) {
  if (typeof value === "bigint") return value;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`${what}: ${value} is not a safe integer`);
    return BigInt(value);
  }
  if (typeof value === "string" && /^[0-9]+$/.test(value)) return BigInt(value);
  throw new Error(`${what}: expected an unsigned integer`);
}
function encodeField(field, value) {
  const what = field.name;
  if (field.type === "string") {
    if (typeof value !== "string") throw new Error(`${what}: expected a string`);
    return keccak256(utf8Bytes(value));
  }
  if (field.type === "address") {
    if (typeof value !== "string") throw new Error(`${what}: expected an address`);
    const bytes = fromHex(value, 20, what);
    return concatBytes(new Uint8Array(12), bytes);
  }
  const m = /^uint(\d+)$/.exec(field.type);
  if (m) {
    const bits = Number(m[1]);
    const v5 = toBigInt(value, what);
    if (v5 >= 1n << BigInt(bits)) throw new Error(`${what}: ${v5} does not fit in uint${bits}`);
    return uintBytes(v5, 32, what);
  }
  throw new Error(`${what}: unsupported EIP-712 type ${field.type}`);
}
function typedHashStruct(action, nonce) {
  const def = STRUCTS.get(action.type);
  if (!def) throw new Error(`action.type ${action.type} is not a typed action`);
  const parts = [def.typeHash];
  for (const field of def.fields) {
    const value = field.name === "nonce" ? nonce : action[field.name];
    if (value === void 0 || value === null) throw new Error(`action.${field.name}: required for ${action.type}`);
    parts.push(encodeField(field, value));
  }
  return keccak256(concatBytes(...parts));
}
function actionHash(action, nonce) {
  const json = utf8Bytes(canonicalJson(action));
  return keccak256(concatBytes(json, uintBytes(toBigInt(nonce, "nonce"), 8, "nonce")));
}
function agentHashStruct(action, nonce) {
  return keccak256(concatBytes(AGENT_TYPE_HASH, AGENT_SOURCE_HASH, actionHash(action, nonce)));
}
function hashStruct(action, nonce) {
  return signingPath(action) === "typed" ? typedHashStruct(action, nonce) : agentHashStruct(action, nonce);
}
function digestBytes(action, nonce) {
  return keccak256(concatBytes(DIGEST_PREFIX, DOMAIN_SEPARATOR, hashStruct(action, nonce)));
}

// src/protocol/signature.ts
import { secp256k1 as secp256k12 } from "@noble/curves/secp256k1.js";

// src/protocol/address.ts
import { secp256k1 } from "@noble/curves/secp256k1.js";
function secretKeyBytes(key) {
  if (key instanceof Uint8Array) return checkSecret(key);
  if (typeof key === "string") {
    let bytes;
    try {
      bytes = fromHex(key, 32, "private key");
    } catch {
      throw new Error("private key: expected 32 bytes of hex");
    }
    return checkSecret(bytes);
  }
  return checkSecret(key.bytes());
}
function checkSecret(bytes) {
  if (bytes.length !== 32 || !secp256k1.utils.isValidSecretKey(bytes)) {
    throw new Error("private key: not a valid secp256k1 secret key");
  }
  return bytes;
}
function checksumAddress(address) {
  const lower = normalizeAddress(address).slice(2);
  const hash = keccak256(utf8Bytes(lower));
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const c = lower[i];
    const nibble = hash[i >> 1] >> (i % 2 === 0 ? 4 : 0) & 15;
    out += nibble >= 8 ? c.toUpperCase() : c;
  }
  return out;
}
var ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
function isAddress(value) {
  return typeof value === "string" && ADDRESS_RE.test(value);
}
function normalizeAddress(address) {
  if (!ADDRESS_RE.test(address)) throw new Error(`address: expected 0x followed by 40 hex digits`);
  return address.toLowerCase();
}
function addressFromPublicKey(publicKey) {
  const uncompressed = publicKey.length === 65 ? publicKey : secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return toHex(keccak256(uncompressed.subarray(1)).subarray(12));
}
function addressOf(privateKey) {
  return addressFromPublicKey(secp256k1.getPublicKey(secretKeyBytes(privateKey), false));
}

// src/protocol/signature.ts
secp256k12.Point.BASE.precompute(8, true);
var N = secp256k12.Point.Fn.ORDER;
var HALF_N = N >> 1n;
var SIG_HEX = /^0x[0-9a-f]{64}$/;
var SignatureError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "SignatureError";
  }
};
function signDigest(digest, privateKey) {
  const sig = secp256k12.sign(digest, secretKeyBytes(privateKey), { prehash: false, format: "recovered" });
  return {
    r: toHex(sig.subarray(1, 33)),
    s: toHex(sig.subarray(33, 65)),
    v: 27 + sig[0]
  };
}
function signAction(action, nonce, privateKey) {
  return signDigest(digestBytes(action, nonce), privateKey);
}
function validateSignature(signature) {
  if (typeof signature !== "object" || signature === null) throw new SignatureError("signature: expected an object");
  const { r, s, v: v5 } = signature;
  if (typeof r !== "string" || !SIG_HEX.test(r)) throw new SignatureError("signature.r: expected 0x + 64 lowercase hex digits");
  if (typeof s !== "string" || !SIG_HEX.test(s)) throw new SignatureError("signature.s: expected 0x + 64 lowercase hex digits");
  if (v5 !== 27 && v5 !== 28) throw new SignatureError(`signature.v: expected 27 or 28, got ${String(v5)}`);
  const rn = BigInt(r);
  const sn = BigInt(s);
  if (rn === 0n || rn >= N) throw new SignatureError("signature.r: out of range");
  if (sn === 0n || sn >= N) throw new SignatureError("signature.s: out of range");
  if (sn > HALF_N) throw new SignatureError("signature.s: high-s signatures are not accepted");
  return { r, s, v: v5 };
}
function recoverFromDigest(digest, signature) {
  const sig = validateSignature(signature);
  const bytes = new Uint8Array(65);
  bytes[0] = sig.v - 27;
  bytes.set(fromHex(sig.r, 32, "signature.r"), 1);
  bytes.set(fromHex(sig.s, 32, "signature.s"), 33);
  let publicKey;
  try {
    publicKey = secp256k12.recoverPublicKey(bytes, digest, { prehash: false });
  } catch {
    throw new SignatureError("signature: no public key recovers from it");
  }
  return addressFromPublicKey(publicKey);
}
function recoverSigner(action, nonce, signature) {
  return recoverFromDigest(digestBytes(action, nonce), signature);
}

// src/protocol/decimal.ts
var DecimalError = class extends Error {
  constructor(field, problem) {
    super(`${field}: ${problem}`);
    this.field = field;
    this.name = "DecimalError";
  }
  field;
};
var DECIMAL_RE = /^(-)?(\d+)(?:\.(\d+))?$/;
var POW10 = [];
for (let i = 0, v5 = 1n; i <= 36; i++, v5 *= 10n) POW10.push(v5);
function pow10(scale) {
  const v5 = POW10[scale];
  if (v5 === void 0) throw new RangeError(`scale ${scale} out of range 0..36`);
  return v5;
}
function parseDecimal(text, scale, field, opts = {}) {
  if (typeof text !== "string") throw new DecimalError(field, "expected a decimal string");
  const m = DECIMAL_RE.exec(text.trim() === text ? text : "");
  if (!m) throw new DecimalError(field, `"${text}" is not a decimal number`);
  const [, minus, whole, frac = ""] = m;
  if (minus && !opts.signed) throw new DecimalError(field, "must not be negative");
  const trimmedFrac = frac.replace(/0+$/, "");
  if (trimmedFrac.length > scale) {
    throw new DecimalError(field, scale === 0 ? "must be a whole number" : `at most ${scale} decimal places`);
  }
  const raw = BigInt(whole) * pow10(scale) + (trimmedFrac ? BigInt(trimmedFrac) * pow10(scale - trimmedFrac.length) : 0n);
  return minus ? -raw : raw;
}
function formatDecimal(raw, scale) {
  const negative = raw < 0n;
  const abs = negative ? -raw : raw;
  const unit = pow10(scale);
  const whole = abs / unit;
  const frac = scale > 0 ? (abs % unit).toString().padStart(scale, "0").replace(/0+$/, "") : "";
  const body = frac ? `${whole}.${frac}` : whole.toString();
  return negative && abs !== 0n ? `-${body}` : body;
}
function formatFixed(raw, scale, digits) {
  const rescaled = rescale(raw, scale, digits, "half-up");
  const negative = rescaled < 0n;
  const abs = negative ? -rescaled : rescaled;
  const unit = pow10(digits);
  const whole = (abs / unit).toString();
  const body = digits > 0 ? `${whole}.${(abs % unit).toString().padStart(digits, "0")}` : whole;
  return negative ? `-${body}` : body;
}
function divRound(numerator, denominator, rounding) {
  if (denominator === 0n) throw new RangeError("division by zero");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let q = n / d;
  const r = n % d;
  if (r !== 0n) {
    if (rounding === "up" || rounding === "half-up" && r * 2n >= d) q += 1n;
  }
  return negative ? -q : q;
}
function rescale(raw, from, to, rounding = "down") {
  if (to >= from) return raw * pow10(to - from);
  return divRound(raw, pow10(from - to), rounding);
}
var AMOUNT_RE = /^(0|[1-9]\d*)$/;
function parseAmount(text, field, opts = {}) {
  if (typeof text !== "string" || !AMOUNT_RE.test(text)) {
    throw new DecimalError(field, "expected a whole number of smallest units (digits only, no sign or leading zeros)");
  }
  const v5 = BigInt(text);
  if (v5 === 0n && !opts.allowZero) throw new DecimalError(field, "must be above zero");
  if (v5 >= 1n << 63n) throw new DecimalError(field, "exceeds int64");
  return v5;
}
function parsePrice(text, c, field = "price") {
  const raw = parseDecimal(text, c.priceScale, field);
  if (raw <= 0n) throw new DecimalError(field, "must be positive");
  const tick = BigInt(c.tickSize);
  if (raw % tick !== 0n) {
    throw new DecimalError(field, `must be a multiple of the tick size ${formatDecimal(tick, c.priceScale)}`);
  }
  if (raw / tick > BigInt(c.maxTicks)) throw new DecimalError(field, `price ${raw} exceeds maxTicks ${c.maxTicks}`);
  return raw;
}
function parseSize(text, c, field = "size") {
  let raw;
  try {
    raw = parseDecimal(text, c.qtyScale, field);
  } catch (e) {
    if (e instanceof DecimalError && typeof text === "string" && text.startsWith("-")) {
      throw new DecimalError(field, "size must be positive");
    }
    throw e;
  }
  if (raw <= 0n) throw new DecimalError(field, "size must be positive");
  const step = BigInt(c.stepSize);
  if (raw % step !== 0n) {
    throw new DecimalError(field, `must be a multiple of the step size ${formatDecimal(step, c.qtyScale)}`);
  }
  return raw;
}
function minBig(a, b) {
  return a < b ? a : b;
}
function absBig(a) {
  return a < 0n ? -a : a;
}

// src/protocol/wire/primitives.ts
import * as v from "valibot";
var SafeInt = v.pipe(v.number(), v.safeInteger());
var Int32 = v.pipe(v.number(), v.integer(), v.minValue(-(2 ** 31)), v.maxValue(2 ** 31 - 1));
var UInt32 = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(2 ** 32 - 1));
var Address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, "expected a 0x address of 40 hex digits"));
var DecimalString = v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/, "expected a decimal string"));
var RawIntString = v.pipe(v.string(), v.regex(/^-?\d+$/, "expected an integer string"));
var CloidString = v.pipe(v.string(), v.regex(/^\d{1,19}$/, "expected int64 decimal digits"));
var Tif = v.picklist(["Gtc", "Ioc", "Alo"]);

// src/protocol/wire/actions.ts
import * as v2 from "valibot";
var OrderType = v2.union([
  v2.object({ limit: v2.object({ tif: Tif }) }),
  v2.object({ market: v2.object({}) })
]);
var OrderWire = v2.object({
  a: Int32,
  b: v2.boolean(),
  p: v2.optional(v2.string()),
  s: v2.string(),
  r: v2.boolean(),
  t: OrderType,
  c: v2.optional(CloidString)
});
var MAX_ORDERS_PER_REQUEST = 10;
var MAX_CANCELS_PER_REQUEST = 10;
var TpSlLeg = v2.object({ triggerPx: DecimalString, sz: v2.optional(DecimalString) });
var ACTION_SCHEMAS = {
  registerAccount: v2.object({ type: v2.literal("registerAccount"), address: Address }),
  enrollUserToMarketDeployer: v2.object({ type: v2.literal("enrollUserToMarketDeployer"), marketDeployerId: UInt32 }),
  order: v2.object({
    type: v2.literal("order"),
    orders: v2.pipe(v2.array(OrderWire), v2.minLength(1, "at least one order"), v2.maxLength(MAX_ORDERS_PER_REQUEST, "at most 10 per request")),
    grouping: v2.literal("na")
  }),
  cancel: v2.object({
    type: v2.literal("cancel"),
    cancels: v2.pipe(v2.array(v2.object({ a: Int32, o: SafeInt })), v2.minLength(1), v2.maxLength(MAX_CANCELS_PER_REQUEST, "at most 10 per request"))
  }),
  cancelByCloid: v2.object({
    type: v2.literal("cancelByCloid"),
    cancels: v2.pipe(v2.array(v2.object({ asset: Int32, cloid: CloidString })), v2.minLength(1), v2.maxLength(MAX_CANCELS_PER_REQUEST, "at most 10 per request"))
  }),
  cancelAll: v2.object({ type: v2.literal("cancelAll"), a: Int32 }),
  modify: v2.object({
    type: v2.literal("modify"),
    a: Int32,
    oid: v2.optional(SafeInt),
    cloid: v2.optional(CloidString),
    p: v2.optional(v2.string()),
    s: v2.optional(v2.string()),
    tif: v2.optional(v2.string()),
    c: v2.optional(CloidString)
  }),
  updateIsolatedMargin: v2.object({ type: v2.literal("updateIsolatedMargin"), asset: Int32, isBuy: v2.optional(v2.boolean()), ntli: SafeInt }),
  updateLeverage: v2.object({ type: v2.literal("updateLeverage"), asset: Int32, leverage: SafeInt }),
  updateMarginMode: v2.object({ type: v2.literal("updateMarginMode"), asset: Int32, marginMode: v2.picklist(["cross", "isolated"]) }),
  tpSl: v2.object({ type: v2.literal("tpSl"), asset: Int32, isBuy: v2.optional(v2.boolean()), tp: v2.optional(TpSlLeg), sl: v2.optional(TpSlLeg) }),
  cancelTpSl: v2.object({ type: v2.literal("cancelTpSl"), asset: Int32, isBuy: v2.optional(v2.boolean()) }),
  cancelConditional: v2.object({ type: v2.literal("cancelConditional"), asset: Int32, id: SafeInt }),
  lockCollateral: v2.object({ type: v2.literal("lockCollateral"), marketDeployerId: UInt32, coinId: UInt32, amount: v2.string() }),
  unlockCollateral: v2.object({ type: v2.literal("unlockCollateral"), marketDeployerId: UInt32, coinId: UInt32, amount: v2.string() }),
  transferBetweenDeployers: v2.object({
    type: v2.literal("transferBetweenDeployers"),
    fromMarketDeployerId: UInt32,
    toMarketDeployerId: UInt32,
    coinId: UInt32,
    amount: v2.string()
  }),
  setMarginShareType: v2.object({ type: v2.literal("setMarginShareType"), marginShareType: v2.picklist([0, 1]) }),
  transferMdToShareGroup: v2.object({ type: v2.literal("transferMdToShareGroup"), marketDeployerId: UInt32, groupId: Int32, coinId: UInt32, amount: v2.string() }),
  transferShareGroupToMd: v2.object({ type: v2.literal("transferShareGroupToMd"), marketDeployerId: UInt32, groupId: Int32, coinId: UInt32, amount: v2.string() }),
  lockIntoShareGroup: v2.object({ type: v2.literal("lockIntoShareGroup"), groupId: Int32, coinId: UInt32, amount: v2.string() }),
  unlockFromShareGroup: v2.object({ type: v2.literal("unlockFromShareGroup"), groupId: Int32, coinId: UInt32, amount: v2.string() }),
  updateFeeSetting: v2.object({
    type: v2.literal("updateFeeSetting"),
    marketDeployerId: UInt32,
    user: Address,
    takerFeeRate: DecimalString,
    makerFeeRate: DecimalString
  }),
  approveAgent: v2.object({ type: v2.literal("approveAgent"), agentAddress: Address, agentName: v2.string(), validUntil: SafeInt }),
  revokeAgent: v2.object({ type: v2.literal("revokeAgent"), agentAddress: Address })
};
var ACTION_TYPES = Object.keys(ACTION_SCHEMAS);
function isActionType(type) {
  return typeof type === "string" && Object.prototype.hasOwnProperty.call(ACTION_SCHEMAS, type);
}
var AGENT_ACTIONS = /* @__PURE__ */ new Set([
  "order",
  "cancel",
  "cancelByCloid",
  "cancelAll",
  "modify",
  "tpSl",
  "cancelTpSl",
  "cancelConditional",
  "updateLeverage",
  "updateMarginMode",
  "updateIsolatedMargin"
]);
function agentMaySend(type) {
  return AGENT_ACTIONS.has(type);
}
var WsAuthAction = v2.object({ type: v2.literal("wsAuth"), time: SafeInt });
function describeIssues(issues) {
  const issue = issues[0];
  if (!issue) return "invalid";
  const path = issue.path?.map((p) => String(p.key)).join(".") ?? "";
  return path ? `${path}: ${issue.message}` : issue.message;
}
function parseAction(action) {
  if (typeof action !== "object" || action === null || Array.isArray(action)) {
    return { ok: false, error: "action: expected an object" };
  }
  const type = action.type;
  if (!isActionType(type)) return { ok: false, error: `action.type: unknown action ${JSON.stringify(type)}` };
  const result = v2.safeParse(ACTION_SCHEMAS[type], action);
  if (!result.success) return { ok: false, error: `action.${describeIssues(result.issues)}` };
  return { ok: true, value: result.output };
}

// src/protocol/wire/responses.ts
import * as v3 from "valibot";
var ErrorEnvelope = v3.object({
  status: v3.literal("error"),
  requestId: v3.string(),
  code: v3.string(),
  message: v3.string()
});
var OkEnvelope = v3.object({
  status: v3.literal("ok"),
  requestId: v3.pipe(v3.string(), v3.regex(/^req-\d+$/)),
  response: v3.object({ type: v3.string(), data: v3.unknown() })
});
var Rejection = {
  errorCode: v3.optional(v3.number()),
  errorMessage: v3.optional(v3.string())
};
var OrderStatus = v3.union([
  v3.object({ resting: v3.object({ oid: SafeInt }) }),
  v3.object({ filled: v3.object({ totalSz: DecimalString, avgPx: DecimalString, oid: SafeInt }) }),
  v3.object({ error: v3.string() })
]);
var CancelStatus = v3.union([v3.literal("success"), v3.object({ error: v3.string() })]);
var FundMovement = v3.object({
  coinId: v3.number(),
  amount: v3.number(),
  fromBalanceAfter: v3.number(),
  toBalanceAfter: v3.number(),
  ...Rejection
});
var EXCHANGE_DATA = {
  registerAccount: v3.object({ accountId: SafeInt }),
  enrollUserToMarketDeployer: v3.object({ marketDeployerId: v3.number(), ...Rejection }),
  order: v3.object({ statuses: v3.array(OrderStatus) }),
  cancel: v3.object({ statuses: v3.array(CancelStatus) }),
  cancelByCloid: v3.object({ statuses: v3.array(CancelStatus) }),
  cancelAll: v3.object({ cancelledOrders: v3.number(), cancelledConditionals: v3.number(), ...Rejection }),
  modify: v3.object({
    orderId: v3.number(),
    limitPrice: v3.number(),
    totalSize: v3.number(),
    leavesSize: v3.number(),
    clientOrderId: v3.number(),
    ...Rejection
  }),
  updateIsolatedMargin: v3.object({ isoBefore: v3.number(), isoAfter: v3.number(), ...Rejection }),
  updateLeverage: v3.object({ asset: v3.number(), leverage: v3.number(), ...Rejection }),
  updateMarginMode: v3.object({ asset: v3.number(), marginMode: v3.string(), ...Rejection }),
  tpSl: v3.object({ tpId: v3.optional(v3.number()), slId: v3.optional(v3.number()), ...Rejection }),
  cancelTpSl: v3.object({ cancelled: v3.number(), ...Rejection }),
  cancelConditional: v3.object({ cancelled: v3.number(), ...Rejection }),
  lockCollateral: FundMovement,
  unlockCollateral: FundMovement,
  transferBetweenDeployers: FundMovement,
  setMarginShareType: v3.object({ marginShareType: v3.number(), ...Rejection }),
  transferMdToShareGroup: FundMovement,
  transferShareGroupToMd: FundMovement,
  lockIntoShareGroup: FundMovement,
  unlockFromShareGroup: FundMovement,
  updateFeeSetting: v3.object({
    marketDeployerId: v3.number(),
    user: v3.string(),
    takerFeeRate: v3.string(),
    makerFeeRate: v3.string(),
    ...Rejection
  }),
  approveAgent: v3.object({ agentAddress: v3.string(), agentName: v3.string(), validUntil: v3.number(), slot: v3.string(), ...Rejection }),
  revokeAgent: v3.object({ agentAddress: v3.string(), ...Rejection })
};
function responseTypeOf(actionType) {
  return actionType === "lockIntoShareGroup" ? "shareGroupFund" : actionType;
}
var LeverageTier = v3.object({ maxNotional: RawIntString, maxLeverage: v3.number() });
var ContractConfig = v3.object({
  contractId: v3.number(),
  name: v3.string(),
  marketDeployerId: v3.number(),
  quoteCoinId: v3.number(),
  status: v3.string(),
  priceScale: v3.number(),
  qtyScale: v3.number(),
  tickSize: v3.number(),
  stepSize: v3.number(),
  maxTicks: v3.number(),
  leverageTiers: v3.array(LeverageTier),
  shareGroupId: v3.optional(v3.number()),
  makerFeeRate: v3.optional(DecimalString),
  takerFeeRate: v3.optional(DecimalString),
  maintenanceMarginRatio: v3.optional(DecimalString),
  fundingIntervalMs: v3.optional(v3.number())
});
var Configs = v3.object({
  coins: v3.array(v3.object({ coinId: v3.number(), name: v3.string(), decimals: v3.number() })),
  marketDeployers: v3.array(v3.object({ marketDeployerId: v3.number(), name: v3.string(), operator: v3.optional(Address) })),
  contracts: v3.array(ContractConfig)
});
var MarketState = v3.object({
  contractId: v3.number(),
  markPx: v3.nullable(DecimalString),
  indexPx: v3.nullable(DecimalString),
  lastPx: v3.nullable(DecimalString),
  fundingRate: DecimalString,
  fundingIndex: DecimalString,
  time: v3.number(),
  nextFundingTime: v3.optional(v3.number()),
  dayOpenPx: v3.optional(v3.nullable(DecimalString)),
  dayVolume: v3.optional(DecimalString)
});
var BookLevel = v3.object({ px: DecimalString, sz: DecimalString, n: v3.number() });
var L2Book = v3.object({
  contractId: v3.number(),
  time: v3.number(),
  levels: v3.tuple([v3.array(BookLevel), v3.array(BookLevel)])
});
var CANDLE_INTERVALS = ["1m", "5m", "15m", "1h", "4h", "1d", "1w", "1M"];
var CANDLE_INTERVAL_MS = {
  "1m": 6e4,
  "5m": 3e5,
  "15m": 9e5,
  "1h": 36e5,
  "4h": 144e5,
  "1d": 864e5,
  "1w": 6048e5,
  "1M": 26784e5
};
var Candle = v3.object({
  t: v3.number(),
  T: v3.number(),
  o: DecimalString,
  h: DecimalString,
  l: DecimalString,
  c: DecimalString,
  v: DecimalString,
  n: v3.number()
});
var OpenOrder = v3.object({
  oid: v3.number(),
  asset: v3.number(),
  isBuy: v3.boolean(),
  limitPx: DecimalString,
  sz: DecimalString,
  tif: v3.string(),
  cloid: v3.optional(v3.string()),
  origSz: DecimalString,
  reduceOnly: v3.boolean(),
  timestamp: v3.number()
});
var ORDER_STATUSES = ["open", "filled", "canceled", "rejected", "triggered"];
var OrderLookup = v3.object({
  order: OpenOrder,
  status: v3.picklist(ORDER_STATUSES),
  statusTimestamp: v3.number()
});
var TriggerLeg = v3.object({ id: v3.number(), triggerPx: DecimalString, sz: v3.optional(DecimalString) });
var Position = v3.object({
  contractId: v3.number(),
  isBuy: v3.boolean(),
  size: DecimalString,
  entryPx: DecimalString,
  marginMode: v3.picklist(["cross", "isolated"]),
  leverage: v3.number(),
  isolatedMargin: RawIntString,
  unrealizedPnl: RawIntString,
  liquidationPx: v3.nullable(DecimalString),
  marginUsed: v3.optional(RawIntString),
  /** The position's maintenance margin at the mark (raw collateral units). */
  maintenanceMargin: v3.optional(RawIntString),
  /** Entry price x size, exact (a decimal at priceScale + qtyScale): entryPx is this / size rounded. */
  entryValue: v3.optional(DecimalString),
  tp: v3.optional(TriggerLeg),
  sl: v3.optional(TriggerLeg)
});
var CoinBalance = v3.object({ coinId: v3.number(), total: RawIntString });
var ContractSetting = v3.object({ contractId: v3.number(), leverage: v3.number(), marginMode: v3.picklist(["cross", "isolated"]) });
var UserAccount = v3.object({
  accountId: v3.number(),
  address: v3.string(),
  positionMode: v3.picklist(["ONE_WAY", "HEDGE"]),
  marginShareType: v3.picklist(["UNIFIED", "PORTFOLIO"]),
  chainBalances: v3.array(CoinBalance),
  marketDeployers: v3.array(
    v3.object({
      marketDeployerId: v3.number(),
      balances: v3.array(CoinBalance),
      equity: RawIntString,
      marginUsed: RawIntString,
      available: RawIntString,
      withdrawable: RawIntString,
      positions: v3.array(Position),
      contractSettings: v3.optional(v3.array(ContractSetting))
    })
  ),
  shareGroups: v3.array(
    v3.object({
      groupId: v3.number(),
      coinId: v3.number(),
      balance: RawIntString,
      equity: RawIntString,
      frozen: v3.boolean(),
      maintenanceMargin: v3.optional(RawIntString),
      /** Initial margin of the group's cross positions and orders plus its isolated buckets (settlement-coin entry). */
      marginUsed: v3.optional(RawIntString),
      /** What new orders on the group's contracts may draw on (settlement-coin entry, >= 0). */
      available: v3.optional(RawIntString)
    })
  )
});
var AgentRecord = v3.object({
  address: v3.string(),
  name: v3.string(),
  validUntil: v3.number(),
  slot: v3.picklist(["anonymous", "named"]),
  expired: v3.boolean()
});
var ShareGroupDef = v3.object({
  groupId: v3.number(),
  members: v3.array(v3.number()),
  settlementCoinId: v3.number(),
  frozen: v3.boolean()
});
var INFO_QUERIES = {
  configs: { request: v3.object({ type: v3.literal("configs") }), result: Configs },
  marketState: { request: v3.object({ type: v3.literal("marketState"), contractId: Int32 }), result: MarketState },
  l2Book: {
    request: v3.object({ type: v3.literal("l2Book"), contractId: Int32, depth: v3.optional(v3.pipe(SafeInt, v3.minValue(1))) }),
    result: L2Book
  },
  candleSnapshot: {
    request: v3.object({
      type: v3.literal("candleSnapshot"),
      contractId: Int32,
      interval: v3.picklist(CANDLE_INTERVALS),
      startTime: SafeInt,
      endTime: SafeInt
    }),
    result: v3.array(Candle)
  },
  userOrders: {
    request: v3.object({ type: v3.literal("userOrders"), user: Address, marketDeployerId: UInt32, contractId: v3.optional(Int32) }),
    result: v3.array(OpenOrder)
  },
  ordersByIds: {
    request: v3.object({ type: v3.literal("ordersByIds"), user: Address, oids: v3.array(SafeInt) }),
    result: v3.array(OrderLookup)
  },
  ordersByCloids: {
    request: v3.object({ type: v3.literal("ordersByCloids"), user: Address, cloids: v3.array(v3.string()) }),
    result: v3.array(OrderLookup)
  },
  userAccount: {
    request: v3.object({ type: v3.literal("userAccount"), user: Address, marketDeployerId: v3.optional(UInt32) }),
    result: UserAccount
  },
  userAgents: { request: v3.object({ type: v3.literal("userAgents"), accountId: v3.string() }), result: v3.array(AgentRecord) },
  userMarketDeployers: { request: v3.object({ type: v3.literal("userMarketDeployers"), user: Address }), result: v3.array(v3.number()) },
  shareGroupState: {
    request: v3.object({ type: v3.literal("shareGroupState"), groupId: v3.optional(Int32) }),
    result: v3.array(ShareGroupDef)
  }
};
var INFO_TYPES = Object.keys(INFO_QUERIES);

// src/protocol/wire/ws.ts
import * as v4 from "valibot";
var Subscription = v4.variant("type", [
  v4.object({ type: v4.literal("l2Book"), contractId: Int32 }),
  v4.object({ type: v4.literal("bbo"), contractId: Int32 }),
  v4.object({ type: v4.literal("trades"), contractId: Int32 }),
  v4.object({ type: v4.literal("candle"), contractId: Int32, interval: v4.picklist(CANDLE_INTERVALS) }),
  v4.object({ type: v4.literal("config") }),
  v4.object({ type: v4.literal("openOrders") }),
  v4.object({ type: v4.literal("orderUpdates") }),
  v4.object({ type: v4.literal("userFills") })
]);
var PRIVATE_CHANNELS = /* @__PURE__ */ new Set(["openOrders", "orderUpdates", "userFills"]);
function subscriptionKey(sub) {
  switch (sub.type) {
    case "candle":
      return `candle:${sub.contractId}:${sub.interval}`;
    case "l2Book":
    case "bbo":
    case "trades":
      return `${sub.type}:${sub.contractId}`;
    default:
      return sub.type;
  }
}
var ClientMessage = v4.variant("method", [
  v4.object({ method: v4.literal("subscribe"), subscription: Subscription }),
  v4.object({ method: v4.literal("unsubscribe"), subscription: Subscription }),
  v4.object({
    method: v4.literal("auth"),
    auth: v4.object({
      action: v4.object({ type: v4.literal("wsAuth"), time: v4.number() }),
      nonce: v4.number(),
      signature: v4.unknown()
    })
  }),
  v4.object({ method: v4.literal("ping") })
]);
var Bbo = v4.object({
  contractId: v4.number(),
  time: v4.number(),
  bid: v4.nullable(v4.object({ px: DecimalString, sz: DecimalString, n: v4.number() })),
  ask: v4.nullable(v4.object({ px: DecimalString, sz: DecimalString, n: v4.number() }))
});
var Trade = v4.object({
  contractId: v4.number(),
  tid: v4.number(),
  px: DecimalString,
  sz: DecimalString,
  side: v4.picklist(["B", "A"]),
  time: v4.number()
});
var CandleUpdate = v4.object({ ...Candle.entries, contractId: v4.number(), interval: v4.picklist(CANDLE_INTERVALS), closed: v4.boolean() });
var ConfigEvent = v4.object({
  event: v4.picklist(["listing", "delisting", "freeze", "unfreeze", "update"]),
  contractId: v4.optional(v4.number()),
  groupId: v4.optional(v4.number()),
  time: v4.number()
});
var OpenOrdersMessage = v4.object({
  isSnapshot: v4.boolean(),
  orders: v4.array(OpenOrder),
  removed: v4.optional(v4.array(v4.number()))
});
var ORDER_EVENTS = ["new", "partialFill", "fill", "cancel", "modify", "reject", "tpslCreated", "tpslTriggered", "tpslCanceled"];
var OrderUpdate = v4.object({
  event: v4.picklist(ORDER_EVENTS),
  order: OpenOrder,
  status: v4.picklist(ORDER_STATUSES),
  statusTimestamp: v4.number(),
  triggerId: v4.optional(v4.number())
});
var Fill = v4.object({
  contractId: v4.number(),
  oid: v4.number(),
  cloid: v4.optional(v4.string()),
  tid: v4.number(),
  px: DecimalString,
  sz: DecimalString,
  isBuy: v4.boolean(),
  time: v4.number(),
  liquidity: v4.picklist(["maker", "taker"]),
  /** Raw coin units, positive = paid. */
  fee: RawIntString,
  closedPnl: RawIntString,
  liquidation: v4.optional(v4.boolean())
});
var UserFillsMessage = v4.object({ isSnapshot: v4.boolean(), fills: v4.array(Fill) });
var ServerMessage = v4.variant("channel", [
  v4.object({ channel: v4.literal("subscriptionResponse"), data: v4.object({ method: v4.string(), subscription: Subscription }) }),
  v4.object({ channel: v4.literal("auth"), data: v4.object({ ok: v4.boolean(), address: v4.optional(v4.string()), accountId: v4.optional(v4.number()), message: v4.optional(v4.string()) }) }),
  v4.object({ channel: v4.literal("pong") }),
  v4.object({ channel: v4.literal("error"), data: v4.object({ message: v4.string(), subscription: v4.optional(v4.unknown()) }) }),
  v4.object({ channel: v4.literal("l2Book"), data: L2Book }),
  v4.object({ channel: v4.literal("bbo"), data: Bbo }),
  v4.object({ channel: v4.literal("trades"), data: v4.array(Trade) }),
  v4.object({ channel: v4.literal("candle"), data: CandleUpdate }),
  v4.object({ channel: v4.literal("config"), data: ConfigEvent }),
  v4.object({ channel: v4.literal("openOrders"), data: OpenOrdersMessage }),
  v4.object({ channel: v4.literal("orderUpdates"), data: v4.array(OrderUpdate) }),
  v4.object({ channel: v4.literal("userFills"), data: UserFillsMessage })
]);

// src/protocol/wire/errors.ts
var HTTP_ERROR = {
  BAD_REQUEST: 400,
  UNKNOWN_ACTION: 400,
  UNKNOWN_QUERY: 400,
  NONCE_INVALID: 400,
  ALREADY_REGISTERED: 400,
  SIGNATURE_INVALID: 401,
  INVITE_CODE_INVALID: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500
};
var BUSINESS_ERROR = {
  // modify (spec 4.6)
  ORDER_NOT_FOUND: { code: 1001, message: "orderId not found" },
  CLOID_NOT_FOUND: { code: 1002, message: "clOrdId not found" },
  ORDER_ALREADY_CANCELED: { code: 1003, message: "order already canceled" },
  ORDER_NOT_OPEN: { code: 1004, message: "order not open" },
  SIZE_NOT_ABOVE_FILLED: { code: 1005, message: "new size must exceed already-filled amount" },
  MODIFY_TIF: { code: 1006, message: "modify supports resting TIF only (GTC / POST_ONLY)" },
  MODIFY_MARKETABLE: { code: 1007, message: "modified price is marketable (would cross the book); cancel and place a new order instead" },
  CLOID_IN_USE: { code: 1008, message: "newClientOrderId already in use by an active order" },
  MODIFY_MARGIN: { code: 1009, message: "insufficient margin for modified order" },
  // modify, causes the spec's table does not cover (ours)
  INVALID_SIZE: { code: 1010, message: "size is not a positive multiple of the step size" },
  INVALID_PRICE: { code: 1011, message: "price is not a positive multiple of the tick size" },
  PRICE_EXCEEDS_MAX_TICKS: { code: 1012, message: "price exceeds maxTicks" },
  REDUCE_ONLY_EXCEEDS: { code: 1013, message: "reduce only order would increase position" },
  // updateIsolatedMargin (spec 4.7)
  NTLI_ZERO: { code: 2001, message: "action.ntli must be non-zero" },
  NO_ISOLATED_POSITION: { code: 2002, message: "no isolated position to adjust" },
  NO_ISOLATED_SLOT: { code: 2003, message: "no isolated collateral slot" },
  INSUFFICIENT_CROSS: { code: 2004, message: "insufficient cross balance" },
  EXCEEDS_WITHDRAWABLE_CROSS: { code: 2005, message: "amount exceeds withdrawable cross margin" },
  NOT_ENOUGH_ISOLATED: { code: 2006, message: "not enough isolated margin to remove" },
  REMOVAL_LEVERAGE: { code: 2007, message: "removal would push effective leverage above position leverage" },
  MARK_NOT_READY: { code: 2008, message: "mark price not ready" },
  // collateral and share groups (spec 4.8)
  INSUFFICIENT_BALANCE: { code: 3001, message: "insufficient balance" },
  NOT_PORTFOLIO: { code: 3002, message: "account not in PORTFOLIO mode" },
  UNKNOWN_GROUP: { code: 3003, message: "unknown or inaccessible groupId" },
  AMOUNT_NOT_POSITIVE: { code: 3004, message: "amount must be above zero" },
  UNKNOWN_MARKET_DEPLOYER: { code: 3005, message: "unknown market deployer" },
  NOT_ENROLLED: { code: 3006, message: "not enrolled in market deployer" },
  INSUFFICIENT_MARGIN: { code: 3007, message: "insufficient margin" },
  UNKNOWN_COIN: { code: 3008, message: "unknown coin" },
  BAD_AMOUNT: { code: 3009, message: "amount must be a whole number of smallest units" },
  GROUP_FROZEN: { code: 3010, message: "share margin group is FROZEN" },
  // agents (open-points)
  AGENT_NOT_AUTHORIZED: { code: 4001, message: "agent not authorized" },
  NAMED_SLOTS_FULL: { code: 4002, message: "named agent slots full" },
  AGENT_OTHER_MASTER: { code: 4003, message: "agent registered under another master" },
  ANONYMOUS_SLOT_FULL: { code: 4004, message: "anonymous agent slot full" },
  AGENT_NOT_FOUND: { code: 4005, message: "agent not found" },
  AGENT_IS_ACCOUNT: { code: 4006, message: "agent address is a registered account" },
  // leverage, margin mode, conditionals, fees, enrollment
  UNKNOWN_CONTRACT: { code: 5001, message: "unknown contract" },
  CONTRACT_DELISTED: { code: 5002, message: "contract is not active" },
  LEVERAGE_INVALID: { code: 5003, message: "leverage outside the contract tiers" },
  LEVERAGE_MARGIN: { code: 5004, message: "insufficient margin for lower leverage" },
  MARGIN_MODE_OPEN: { code: 5005, message: "cannot change margin mode with an open position or order" },
  NO_POSITION: { code: 5006, message: "no position" },
  CONDITIONAL_NOT_FOUND: { code: 5007, message: "conditional order not found" },
  TPSL_EMPTY: { code: 5008, message: "tp or sl required" },
  TRIGGER_INVALID: { code: 5009, message: "invalid trigger price" },
  NOT_OPERATOR: { code: 5010, message: "only the market deployer operator may update fees" },
  FEE_RATE_INVALID: { code: 5011, message: "fee rate out of range" },
  ALREADY_ENROLLED: { code: 5012, message: "already enrolled" },
  UNKNOWN_ACCOUNT: { code: 5013, message: "unknown account" },
  TRIGGER_SIZE_INVALID: { code: 5014, message: "invalid trigger size" },
  // an action the exchange knows but does not serve yet (embedded exchange while being built)
  NOT_IMPLEMENTED: { code: 9001, message: "not implemented" }
};

// src/protocol/wire/builders.ts
function orderWire(o) {
  const market = o.tif === "Market" || o.price === void 0;
  const w = {
    a: o.contractId,
    b: o.isBuy,
    s: o.size,
    r: o.reduceOnly ?? false,
    t: market ? { market: {} } : { limit: { tif: o.tif ?? "Gtc" } }
  };
  if (!market) w.p = o.price;
  if (o.cloid !== void 0) w.c = o.cloid;
  return w;
}
function compact(obj) {
  for (const k of Object.keys(obj)) if (obj[k] === void 0) delete obj[k];
  return obj;
}
var build = {
  registerAccount: (address) => ({ type: "registerAccount", address }),
  enroll: (marketDeployerId) => ({ type: "enrollUserToMarketDeployer", marketDeployerId }),
  order: (orders) => ({ type: "order", orders: orders.map(orderWire), grouping: "na" }),
  cancel: (cancels) => ({
    type: "cancel",
    cancels: cancels.map((c) => ({ a: c.contractId, o: c.oid }))
  }),
  cancelByCloid: (cancels) => ({
    type: "cancelByCloid",
    cancels: cancels.map((c) => ({ asset: c.contractId, cloid: c.cloid }))
  }),
  cancelAll: (contractId) => ({ type: "cancelAll", a: contractId }),
  modify: (m) => compact({ type: "modify", a: m.contractId, oid: m.oid, cloid: m.cloid, p: m.price, s: m.size, tif: m.tif, c: m.newCloid }),
  updateIsolatedMargin: (asset, ntli, isBuy) => compact({ type: "updateIsolatedMargin", asset, isBuy, ntli }),
  updateLeverage: (asset, leverage) => ({ type: "updateLeverage", asset, leverage }),
  updateMarginMode: (asset, marginMode) => ({ type: "updateMarginMode", asset, marginMode }),
  tpSl: (t) => compact({ type: "tpSl", asset: t.asset, isBuy: t.isBuy, tp: t.tp && compact({ ...t.tp }), sl: t.sl && compact({ ...t.sl }) }),
  cancelTpSl: (asset, isBuy) => compact({ type: "cancelTpSl", asset, isBuy }),
  cancelConditional: (asset, id) => ({ type: "cancelConditional", asset, id }),
  lockCollateral: (marketDeployerId, coinId, amount) => ({
    type: "lockCollateral",
    marketDeployerId,
    coinId,
    amount
  }),
  unlockCollateral: (marketDeployerId, coinId, amount) => ({
    type: "unlockCollateral",
    marketDeployerId,
    coinId,
    amount
  }),
  transferBetweenDeployers: (fromMarketDeployerId, toMarketDeployerId, coinId, amount) => ({
    type: "transferBetweenDeployers",
    fromMarketDeployerId,
    toMarketDeployerId,
    coinId,
    amount
  }),
  setMarginShareType: (marginShareType) => ({ type: "setMarginShareType", marginShareType }),
  transferMdToShareGroup: (marketDeployerId, groupId, coinId, amount) => ({
    type: "transferMdToShareGroup",
    marketDeployerId,
    groupId,
    coinId,
    amount
  }),
  transferShareGroupToMd: (marketDeployerId, groupId, coinId, amount) => ({
    type: "transferShareGroupToMd",
    marketDeployerId,
    groupId,
    coinId,
    amount
  }),
  lockIntoShareGroup: (groupId, coinId, amount) => ({ type: "lockIntoShareGroup", groupId, coinId, amount }),
  unlockFromShareGroup: (groupId, coinId, amount) => ({ type: "unlockFromShareGroup", groupId, coinId, amount }),
  updateFeeSetting: (marketDeployerId, user, takerFeeRate, makerFeeRate) => ({
    type: "updateFeeSetting",
    marketDeployerId,
    user,
    takerFeeRate,
    makerFeeRate
  }),
  approveAgent: (agentAddress, agentName, validUntil) => ({
    type: "approveAgent",
    agentAddress,
    agentName,
    validUntil
  }),
  revokeAgent: (agentAddress) => ({ type: "revokeAgent", agentAddress })
};

// src/protocol/risk/marginMath.ts
var RATE_SCALE = 8;
function floorDiv(n, d) {
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}
function ceilDiv(n, d) {
  return -floorDiv(-n, d);
}
var MarginMath = class {
  /** `tiers` ascending by maxNotional, as the contract lists them. */
  constructor(tiers, priceScale, qtyScale, collateralDecimals, rateScale = RATE_SCALE) {
    this.tiers = tiers;
    const e = collateralDecimals - (priceScale + qtyScale);
    this.mul = e >= 0 ? pow10(e) : 1n;
    this.div = e >= 0 ? 1n : pow10(-e);
    this.rateUnit = pow10(rateScale);
  }
  tiers;
  /** collateral = pxSz x mul / div. */
  mul;
  div;
  rateUnit;
  /** pxSz in collateral units, rounded toward minus infinity (PnL, funding received). */
  floor(pxSz) {
    return floorDiv(pxSz * this.mul, this.div);
  }
  /** pxSz in collateral units, rounded up (notional for requirements, fees, funding paid). */
  ceil(pxSz) {
    return ceilDiv(pxSz * this.mul, this.div);
  }
  /** Leverage the tier holding `notional` allows; past the last tier, the last tier's. */
  maxLeverageAt(notional) {
    for (const t of this.tiers) if (notional <= t.maxNotional) return t.maxLeverage;
    return this.tiers[this.tiers.length - 1]?.maxLeverage ?? 1;
  }
  /** Largest leverage the contract offers (its first tier). */
  get maxLeverage() {
    return this.tiers[0]?.maxLeverage ?? 1;
  }
  /** Largest position notional any tier admits. */
  get maxNotional() {
    return this.tiers[this.tiers.length - 1]?.maxNotional ?? 0n;
  }
  /** notional / min(leverage, tier leverage), rounded up. */
  initialMargin(notional, leverage) {
    if (notional <= 0n) return 0n;
    const lev = Math.max(1, Math.min(leverage, this.maxLeverageAt(notional)));
    return ceilDiv(notional, BigInt(lev));
  }
  /** notional x maintenance ratio, the ratio being half the initial margin at the tier's maximum leverage. */
  maintenanceMargin(notional) {
    if (notional <= 0n) return 0n;
    return ceilDiv(notional, 2n * BigInt(this.maxLeverageAt(notional)));
  }
  /** Fee on a notional at a fixed-point rate: charges round up, rebates (negative rates) toward zero. */
  fee(notional, rate) {
    if (rate >= 0n) return ceilDiv(notional * rate, this.rateUnit);
    return -floorDiv(notional * -rate, this.rateUnit);
  }
};
function marginMathOf(contract, collateralDecimals) {
  const tiers = contract.leverageTiers.map((t) => ({ maxNotional: BigInt(t.maxNotional), maxLeverage: t.maxLeverage }));
  return new MarginMath(tiers, contract.priceScale, contract.qtyScale, collateralDecimals);
}

// src/protocol/risk/positionTrade.ts
var oppositeSide = (side) => side === "long" ? "short" : "long";
function tradeIntoPositions(h, units, isBuy, positionSide, reduceOnly, sz, pxSz, open) {
  const effect = { reducedSide: void 0, reduced: 0n, reducedFrom: 0n, realized: 0n, closed: false, openedSide: void 0, opened: 0n, openedPxSz: 0n, created: false };
  if (sz <= 0n) return effect;
  let reduceSide;
  let openSide;
  if (positionSide !== void 0) {
    reduceSide = reduceOnly ? positionSide : void 0;
    openSide = reduceOnly ? oppositeSide(positionSide) : positionSide;
  } else {
    reduceSide = isBuy ? "short" : "long";
    openSide = isBuy ? "long" : "short";
  }
  let left = sz;
  const target = reduceSide && h[reduceSide];
  if (target) {
    const r = left < target.size ? left : target.size;
    const partPxSz = r === sz ? pxSz : pxSz * r / sz;
    const costPart = r === target.size ? target.cost : (target.cost * r * 2n + target.size) / (2n * target.size);
    const gain = target.side === "long" ? partPxSz - costPart : costPart - partPxSz;
    effect.reducedSide = target.side;
    effect.reduced = r;
    effect.reducedFrom = target.size;
    effect.realized = units.floor(gain);
    target.size -= r;
    target.cost -= costPart;
    if (target.size === 0n) {
      h[target.side] = void 0;
      effect.closed = true;
    }
    left -= r;
  }
  if (left > 0n) {
    const partPxSz = left === sz ? pxSz : pxSz - pxSz * (sz - left) / sz;
    let p = h[openSide];
    if (!p) {
      p = open(openSide);
      h[openSide] = p;
      effect.created = true;
    }
    p.size += left;
    p.cost += partPxSz;
    effect.openedSide = openSide;
    effect.opened = left;
    effect.openedPxSz = partPxSz;
  }
  return effect;
}

// src/protocol/risk/positionFigures.ts
function positionFigures(math, leverage, p, mark) {
  const value = mark === void 0 ? p.cost : mark * p.size;
  const notional = math.ceil(value);
  const upnl = math.floor(p.side === "long" ? value - p.cost : p.cost - value);
  return { notional, upnl, im: math.initialMargin(notional, leverage), mm: math.maintenanceMargin(notional) };
}

// src/protocol/risk/orderMargin.ts
function increasingOrderPxSz(h, hedge) {
  const side = (sz, pxSz, opposite) => {
    if (sz <= 0n) return 0n;
    const inc = hedge ? sz : sz - opposite;
    if (inc <= 0n) return 0n;
    return inc >= sz ? pxSz : pxSz * inc / sz;
  };
  const buy = side(h.buySz, h.buyPxSz, h.short?.size ?? 0n);
  const sell = side(h.sellSz, h.sellPxSz, h.long?.size ?? 0n);
  return buy > sell ? buy : sell;
}
function restingOrderMargin(math, h, leverage, hedge) {
  const pxSz = increasingOrderPxSz(h, hedge);
  return pxSz === 0n ? 0n : math.initialMargin(math.ceil(pxSz), leverage);
}

// src/protocol/risk/liquidationPrice.ts
var GROUP_LIQUIDATION_FRACTION_DEN = 2n;
function liquidationPx(i) {
  if (i.size <= 0n) return void 0;
  const d = 2n * BigInt(i.tierLeverage) * i.fractionDen;
  const px = i.side === "long" ? ceilDiv(d * (i.cost * i.mul - i.backing * i.div), i.size * i.mul * (d - 1n)) : floorDiv(d * (i.cost * i.mul + i.backing * i.div), i.size * i.mul * (d + 1n));
  return px > 0n ? px : void 0;
}
function crossBacking(poolBalance, otherUpnl, otherMaintenance, fractionDen) {
  return poolBalance + otherUpnl - floorDiv(otherMaintenance, fractionDen);
}

// src/protocol/risk/markPrice.ts
function median3(a, b, c) {
  if (a > b) [a, b] = [b, a];
  if (b > c) b = c;
  return a > b ? a : b;
}
function markPrice(bestBid, bestAsk, index, last) {
  if (index === void 0) return bestBid !== void 0 && bestAsk !== void 0 ? (bestBid + bestAsk) / 2n : last;
  if (bestBid === void 0 || bestAsk === void 0) return index;
  return median3(bestBid, bestAsk, index);
}

// src/protocol/risk/marketBound.ts
var MARKET_SLIPPAGE_PCT = 10n;
function marketBound(mark, tick, isBuy) {
  if (isBuy) {
    const raw2 = (mark * (100n + MARKET_SLIPPAGE_PCT) + 99n) / 100n;
    return (raw2 + tick - 1n) / tick * tick;
  }
  const raw = mark * (100n - MARKET_SLIPPAGE_PCT) / 100n;
  const px = raw / tick * tick;
  return px < tick ? tick : px;
}

export {
  MAX_ORDERS_PER_REQUEST,
  isActionType,
  agentMaySend,
  WsAuthAction,
  describeIssues,
  parseAction,
  ErrorEnvelope,
  OkEnvelope,
  EXCHANGE_DATA,
  responseTypeOf,
  ContractConfig,
  Configs,
  L2Book,
  CANDLE_INTERVALS,
  CANDLE_INTERVAL_MS,
  Candle,
  OpenOrder,
  OrderLookup,
  Position,
  UserAccount,
  AgentRecord,
  ShareGroupDef,
  INFO_QUERIES,
  Subscription,
  PRIVATE_CHANNELS,
  subscriptionKey,
  Trade,
  CandleUpdate,
  ServerMessage,
  HTTP_ERROR,
  BUSINESS_ERROR,
  build,
  CanonicalJsonError,
  canonicalJson,
  toHex,
  secretKeyBytes,
  checksumAddress,
  isAddress,
  normalizeAddress,
  addressFromPublicKey,
  addressOf,
  SignatureError,
  signAction,
  recoverSigner,
  NonceManager,
  DecimalError,
  pow10,
  parseDecimal,
  formatDecimal,
  formatFixed,
  divRound,
  rescale,
  parseAmount,
  parsePrice,
  parseSize,
  minBig,
  absBig,
  floorDiv,
  ceilDiv,
  MarginMath,
  marginMathOf,
  oppositeSide,
  tradeIntoPositions,
  positionFigures,
  restingOrderMargin,
  GROUP_LIQUIDATION_FRACTION_DEN,
  liquidationPx,
  crossBacking,
  markPrice,
  MARKET_SLIPPAGE_PCT,
  marketBound
};
