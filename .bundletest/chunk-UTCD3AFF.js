import {
  EXCHANGE_DATA,
  ErrorEnvelope,
  INFO_QUERIES,
  NonceManager,
  OkEnvelope,
  addressFromPublicKey,
  addressOf,
  agentMaySend,
  build,
  checksumAddress,
  describeIssues,
  parseAction,
  responseTypeOf,
  signAction
} from "./chunk-VTVBDURB.js";

// src/wallet/errors.ts
var KeySourceError = class extends Error {
  name = "KeySourceError";
  kind;
  constructor(kind, message, options) {
    super(message, options);
    this.kind = kind;
  }
};

// src/wallet/secret.ts
import { timingSafeEqual } from "node:crypto";
import { inspect } from "node:util";
import { secp256k1 } from "@noble/curves/secp256k1.js";
var REDACTED = "PrivateKey(<redacted>)";
var HEX_KEY = /^(?:0[xX])?([0-9a-fA-F]{64})$/;
var PrivateKey = class _PrivateKey {
  #bytes;
  #address;
  #wiped = false;
  constructor(bytes) {
    this.#bytes = bytes;
  }
  /** Copies the input, so the caller may wipe its own buffer afterwards. */
  static fromBytes(bytes) {
    if (!(bytes instanceof Uint8Array) || bytes.length !== 32) {
      throw new KeySourceError("format", "private key must be exactly 32 bytes");
    }
    assertInRange(bytes);
    return new _PrivateKey(Uint8Array.from(bytes));
  }
  /** Accepts 64 hex digits, optional 0x, surrounding whitespace. Errors never echo the input. */
  static fromHex(hex2) {
    const m = typeof hex2 === "string" ? HEX_KEY.exec(hex2.trim()) : null;
    if (!m) {
      throw new KeySourceError(
        "format",
        "private key must be 64 hex digits (32 bytes), optionally prefixed with 0x"
      );
    }
    const bytes = decodeHex(m[1]);
    try {
      assertInRange(bytes);
    } catch (e) {
      bytes.fill(0);
      throw e;
    }
    return new _PrivateKey(bytes);
  }
  static generate() {
    return new _PrivateKey(secp256k1.utils.randomSecretKey());
  }
  /** A fresh copy for signing; wipe it when done if you care. */
  bytes() {
    if (this.#wiped) throw new Error("PrivateKey has been wiped");
    return Uint8Array.from(this.#bytes);
  }
  /** EIP-55 checksummed address. Cached: the EC multiplication is not free. */
  get address() {
    if (this.#address === void 0) {
      if (this.#wiped) throw new Error("PrivateKey has been wiped");
      this.#address = checksumAddress(addressFromPublicKey(secp256k1.getPublicKey(this.#bytes, false)));
    }
    return this.#address;
  }
  /** Constant-time comparison, so equality checks do not become a timing oracle. */
  equals(other) {
    return other instanceof _PrivateKey && !this.#wiped && !other.#wiped && timingSafeEqual(this.#bytes, other.#bytes);
  }
  /** Best-effort zeroing; JS cannot guarantee no copies exist elsewhere. */
  wipe() {
    this.#bytes.fill(0);
    this.#wiped = true;
  }
  toString() {
    return REDACTED;
  }
  toJSON() {
    return REDACTED;
  }
  [Symbol.toPrimitive]() {
    return REDACTED;
  }
  [inspect.custom]() {
    return REDACTED;
  }
};
function assertInRange(bytes) {
  if (!secp256k1.utils.isValidSecretKey(bytes)) {
    throw new KeySourceError("format", "private key is out of range for secp256k1 (must be 0 < k < n)");
  }
}
function decodeHex(hex2) {
  const out = new Uint8Array(hex2.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex2.slice(i * 2, i * 2 + 2), 16);
  return out;
}

// src/wallet/keystore.ts
import { createCipheriv, createDecipheriv, pbkdf2, randomBytes, randomUUID, scrypt, timingSafeEqual as timingSafeEqual2 } from "node:crypto";
import { scryptAsync } from "@noble/hashes/scrypt.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
var SCRYPT_STANDARD_N = 262144;
var SCRYPT_STANDARD_R = 8;
var SCRYPT_STANDARD_P = 1;
var PBKDF2_DEFAULT_ITERATIONS = 262144;
var MAX_SCRYPT_MEMORY = 1024 * 1024 * 1024;
var MAX_PBKDF2_ITERATIONS = 1e7;
async function encryptKeystore(privateKey, password, opts = {}) {
  if (typeof password !== "string") throw new TypeError("password must be a string");
  const owned = !(privateKey instanceof PrivateKey);
  const key = privateKey instanceof PrivateKey ? privateKey : PrivateKey.fromBytes(privateKey);
  const kdf = opts.kdf ?? "scrypt";
  const salt = randomBytes(32).toString("hex");
  const kdfparams = kdf === "scrypt" ? { dklen: 32, n: opts.scryptN ?? SCRYPT_STANDARD_N, r: SCRYPT_STANDARD_R, p: SCRYPT_STANDARD_P, salt } : { c: opts.pbkdf2Iterations ?? PBKDF2_DEFAULT_ITERATIONS, dklen: 32, prf: "hmac-sha256", salt };
  const params = checkKdfParams(kdf, kdfparams, "keystore");
  const derived = await deriveKey(password, params);
  const iv = randomBytes(16);
  const plain = key.bytes();
  try {
    const cipher = createCipheriv("aes-128-ctr", derived.subarray(0, 16), iv);
    const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()]);
    return {
      version: 3,
      id: randomUUID(),
      address: key.address.slice(2).toLowerCase(),
      crypto: {
        cipher: "aes-128-ctr",
        cipherparams: { iv: iv.toString("hex") },
        ciphertext: ciphertext.toString("hex"),
        kdf,
        kdfparams,
        mac: hex(computeMac(derived, ciphertext))
      }
    };
  } finally {
    plain.fill(0);
    derived.fill(0);
    if (owned) key.wipe();
  }
}
async function decryptKeystore(json, password, opts = {}) {
  if (typeof password !== "string") throw new TypeError("password must be a string");
  const label = opts.source ?? "keystore";
  const ks = parseKeystore(json, label);
  const derived = await deriveKey(password, ks.kdf);
  let plain;
  try {
    const mac = computeMac(derived, ks.ciphertext);
    if (!timingSafeEqual2(mac, ks.mac)) {
      throw new KeySourceError("password", `wrong password or corrupt keystore${opts.source ? ` ${opts.source}` : ""}`);
    }
    const decipher = createDecipheriv("aes-128-ctr", derived.subarray(0, 16), ks.iv);
    plain = new Uint8Array(32);
    const decrypted = Buffer.concat([decipher.update(ks.ciphertext), decipher.final()]);
    plain.set(decrypted, 32 - decrypted.length);
    decrypted.fill(0);
    const key = PrivateKey.fromBytes(plain);
    try {
      if (ks.address !== void 0 && key.address.slice(2).toLowerCase() !== ks.address) {
        throw new KeySourceError("format", `${label}: decrypted key does not match the keystore address 0x${ks.address}`);
      }
    } finally {
      key.wipe();
    }
    return plain;
  } catch (e) {
    plain?.fill(0);
    throw e;
  } finally {
    derived.fill(0);
  }
}
function parseKeystore(json, label) {
  const bad = (what) => new KeySourceError("format", `${label}: not a v3 keystore (${what})`);
  if (!isRecord(json)) throw bad("expected a JSON object");
  if (json.version !== 3) throw bad("version must be 3");
  const c = json.crypto ?? json.Crypto;
  if (!isRecord(c)) throw bad("missing crypto section");
  if (c.cipher !== "aes-128-ctr") throw bad("only aes-128-ctr is supported");
  const iv = hexField(isRecord(c.cipherparams) ? c.cipherparams.iv : void 0, "cipherparams.iv", bad);
  if (iv.length !== 16) throw bad("cipherparams.iv must be 16 bytes");
  const ciphertext = hexField(c.ciphertext, "ciphertext", bad);
  if (ciphertext.length === 0 || ciphertext.length > 32) throw bad("ciphertext must be at most 32 bytes");
  const mac = hexField(c.mac, "mac", bad);
  if (mac.length !== 32) throw bad("mac must be 32 bytes");
  if (c.kdf !== "scrypt" && c.kdf !== "pbkdf2") throw bad("kdf must be scrypt or pbkdf2");
  const kdf = checkKdfParams(c.kdf, c.kdfparams, label);
  let address;
  if (json.address !== void 0) {
    if (typeof json.address !== "string" || !/^(?:0x)?[0-9a-fA-F]{40}$/.test(json.address)) throw bad("bad address");
    address = json.address.replace(/^0x/, "").toLowerCase();
  }
  return { kdf, iv, ciphertext, mac, address };
}
function checkKdfParams(kdf, p, label) {
  const bad = (what) => new KeySourceError("format", `${label}: bad kdfparams (${what})`);
  if (!isRecord(p)) throw bad("missing");
  const int = (v3, name, min) => {
    if (typeof v3 !== "number" || !Number.isSafeInteger(v3) || v3 < min) throw bad(`${name} must be an integer >= ${min}`);
    return v3;
  };
  const dklen = int(p.dklen, "dklen", 32);
  if (dklen > 64) throw bad("dklen too large");
  if (typeof p.salt !== "string") throw bad("salt must be hex");
  hexField(p.salt, "salt", () => bad("salt must be hex"));
  const salt = p.salt;
  if (kdf === "scrypt") {
    const n = int(p.n, "n", 2);
    const r = int(p.r, "r", 1);
    const pp = int(p.p, "p", 1);
    if ((n & n - 1) !== 0) throw bad("n must be a power of two");
    if (128 * n * r > MAX_SCRYPT_MEMORY || pp > 64) throw bad("scrypt cost too large");
    return { dklen, n, r, p: pp, salt };
  }
  if (p.prf !== "hmac-sha256") throw bad("prf must be hmac-sha256");
  const c = int(p.c, "c", 1);
  if (c > MAX_PBKDF2_ITERATIONS) throw bad("pbkdf2 iteration count too large");
  return { c, dklen, prf: "hmac-sha256", salt };
}
async function deriveKey(password, params) {
  const pw = Buffer.from(password, "utf8");
  const salt = Buffer.from(params.salt.replace(/^0x/, ""), "hex");
  try {
    if ("c" in params) {
      return await new Promise(
        (resolve2, reject) => pbkdf2(pw, salt, params.c, params.dklen, "sha256", (err, dk2) => err ? reject(err) : resolve2(dk2))
      );
    }
    const { n, r, p, dklen } = params;
    if (n < 2 ** (16 * r)) {
      const maxmem = 128 * r * (n + p + 2) + 1024 * 1024;
      return await new Promise(
        (resolve2, reject) => scrypt(pw, salt, dklen, { N: n, r, p, maxmem }, (err, dk2) => err ? reject(err) : resolve2(dk2))
      );
    }
    const dk = await scryptAsync(pw, salt, { N: n, r, p, dkLen: dklen, maxmem: 128 * r * (n + p + 2) });
    return Buffer.from(dk.buffer, dk.byteOffset, dk.byteLength);
  } finally {
    pw.fill(0);
  }
}
function computeMac(derived, ciphertext) {
  const body = new Uint8Array(16 + ciphertext.length);
  body.set(derived.subarray(16, 32), 0);
  body.set(ciphertext, 16);
  const mac = keccak_256(body);
  body.fill(0);
  return Buffer.from(mac.buffer, mac.byteOffset, mac.byteLength);
}
function hexField(v3, name, bad) {
  if (typeof v3 !== "string") throw bad(`${name} missing`);
  const s = v3.replace(/^0x/, "");
  if (s.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(s)) throw bad(`${name} must be hex`);
  return Buffer.from(s, "hex");
}
function hex(b) {
  return Buffer.from(b).toString("hex");
}
function isRecord(v3) {
  return typeof v3 === "object" && v3 !== null && !Array.isArray(v3);
}

// src/wallet/fsutil.ts
import { randomBytes as randomBytes2 } from "node:crypto";
import { promises as fsp } from "node:fs";
import * as path from "node:path";
var CHECK_MODES = process.platform !== "win32";
function formatMode(mode) {
  return (mode & 511).toString(8).padStart(4, "0");
}
async function readSecretFile(file, what, maxBytes, policy) {
  let fh;
  try {
    fh = await fsp.open(file, "r");
  } catch (e) {
    throw mapFsError(e, file, `${what} file`, "read");
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new KeySourceError("format", `${what} file '${file}' is not a regular file`);
    const warnings = [];
    if (CHECK_MODES && (st.mode & 63) !== 0 && policy !== "ignore") {
      if (policy === "refuse") {
        const title = what.toUpperCase();
        throw new KeySourceError(
          "permissions",
          `UNPROTECTED ${title} FILE! Permissions ${formatMode(st.mode)} for '${file}' are too open. It is required that your ${what} files are NOT accessible by others. Fix with: chmod 600 '${file}'`
        );
      }
      warnings.push(
        `${what} file '${file}' has permissions ${formatMode(st.mode)}; other users can copy it and attack the password offline. Fix with: chmod 600 '${file}'`
      );
    }
    if (st.size > maxBytes) {
      throw new KeySourceError("format", `${what} file '${file}' is too large (${st.size} bytes) to be a ${what} file`);
    }
    const data = await fh.readFile();
    return { data, warnings };
  } catch (e) {
    throw e instanceof KeySourceError ? e : mapFsError(e, file, `${what} file`, "read");
  } finally {
    await fh.close();
  }
}
async function writeFileAtomic(file, data, overwrite) {
  const target = path.resolve(file);
  const dir = path.dirname(target);
  const tmp = path.join(dir, `.${path.basename(target)}.${randomBytes2(6).toString("hex")}.tmp`);
  try {
    await fsp.mkdir(dir, { recursive: true, mode: 448 });
    const fh = await fsp.open(tmp, "wx", 384);
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    if (overwrite) {
      await fsp.rename(tmp, target);
    } else {
      await publishExclusive(tmp, target, file);
    }
  } catch (e) {
    await fsp.rm(tmp, { force: true }).catch(() => void 0);
    throw e instanceof KeySourceError ? e : mapFsError(e, file, "file", "write");
  }
  await syncDir(dir);
}
async function publishExclusive(tmp, target, file) {
  const exists = () => new KeySourceError("exists", `refusing to overwrite existing file '${file}' (pass overwrite: true to replace it)`);
  try {
    await fsp.link(tmp, target);
    await fsp.unlink(tmp);
    return;
  } catch (e) {
    if (errCode(e) === "EEXIST") throw exists();
    if (!["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS", "EXDEV"].includes(errCode(e) ?? "")) throw e;
  }
  const present = await fsp.lstat(target).then(
    () => true,
    () => false
  );
  if (present) throw exists();
  await fsp.rename(tmp, target);
}
async function syncDir(dir) {
  try {
    const fh = await fsp.open(dir, "r");
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
  }
}
function errCode(e) {
  return typeof e === "object" && e !== null && "code" in e && typeof e.code === "string" ? e.code : void 0;
}
function mapFsError(e, file, what, op) {
  switch (errCode(e)) {
    case "ENOENT":
      return new KeySourceError("not-found", `${what} '${file}' not found`, { cause: e });
    case "EACCES":
    case "EPERM":
      return new KeySourceError("permissions", `cannot ${op} ${what} '${file}': permission denied`, { cause: e });
    case "EISDIR":
      return new KeySourceError("format", `${what} '${file}' is a directory`, { cause: e });
    default:
      return e instanceof Error ? e : new Error(String(e));
  }
}

// src/wallet/prompt.ts
import { StringDecoder } from "node:string_decoder";
var NO_PASSWORD_MESSAGE = "no password: set PERPDESK_PASSWORD or use a password file";
function promptHidden(question, streams = {}) {
  const input = streams.input ?? process.stdin;
  const output = streams.output ?? process.stderr;
  const setRawMode = input.setRawMode?.bind(input);
  if (!input.isTTY || !setRawMode) {
    return Promise.reject(new KeySourceError("password", NO_PASSWORD_MESSAGE));
  }
  return new Promise((resolve2, reject) => {
    const wasRaw = input.isRaw === true;
    const wasFlowing = input.readableFlowing === true;
    const decoder = new StringDecoder("utf8");
    let chars = [];
    let done = false;
    const finish = (err) => {
      if (done) return;
      done = true;
      input.removeListener("data", onData);
      input.removeListener("end", onEnd);
      input.removeListener("error", onError);
      setRawMode(wasRaw);
      if (!wasFlowing) input.pause();
      output.write("\n");
      if (err) reject(err);
      else resolve2(chars.join(""));
      chars = [];
    };
    const cancelled = () => new KeySourceError("password", "password prompt cancelled");
    const onData = (chunk) => {
      const text = typeof chunk === "string" ? chunk : decoder.write(chunk);
      for (const ch of text) {
        if (done) return;
        if (ch === "\r" || ch === "\n") return finish();
        if (ch === "") return finish(cancelled());
        if (ch === "") {
          if (chars.length === 0) return finish(cancelled());
          continue;
        }
        if (ch === "\x7F" || ch === "\b") {
          chars.pop();
          continue;
        }
        if (ch === "") {
          chars = [];
          continue;
        }
        if (ch === "\x1B") break;
        if (ch < " ") continue;
        chars.push(ch);
      }
    };
    const onEnd = () => finish(cancelled());
    const onError = (e) => finish(new KeySourceError("password", "password prompt failed", { cause: e }));
    output.write(question);
    setRawMode(true);
    input.on("data", onData);
    input.once("end", onEnd);
    input.once("error", onError);
    input.resume();
  });
}

// src/wallet/loadKey.ts
var ENV_PRIVATE_KEY = "PERPDESK_PRIVATE_KEY";
var ENV_PASSWORD = "PERPDESK_PASSWORD";
var MAX_KEY_FILE_BYTES = 4096;
var MAX_KEYSTORE_BYTES = 1024 * 1024;
var MAX_PASSWORD_FILE_BYTES = 64 * 1024;
async function loadKeyFile(file) {
  const { data } = await readSecretFile(file, "private key", MAX_KEY_FILE_BYTES, "refuse");
  try {
    const text = data.toString("utf8");
    if (text.trimStart().startsWith("{")) {
      throw new KeySourceError("format", `'${file}' looks like a JSON keystore, not a raw hex key; load it as a keystore`);
    }
    try {
      return { key: PrivateKey.fromHex(text), warnings: [] };
    } catch (e) {
      const why = e instanceof KeySourceError ? e.message : "not a valid private key";
      throw new KeySourceError("format", `'${file}' does not hold a usable private key: ${why}`);
    }
  } finally {
    data.fill(0);
  }
}
async function loadKeystoreFile(file, source = {}) {
  const { data, warnings } = await readSecretFile(file, "keystore", MAX_KEYSTORE_BYTES, "warn");
  let json;
  try {
    json = JSON.parse(data.toString("utf8"));
  } catch {
    throw new KeySourceError("format", `keystore '${file}' is not valid JSON`);
  }
  const { password, origin } = await resolvePassword({
    ...source,
    promptQuestion: source.promptQuestion ?? `Password for keystore ${file}: `
  });
  let bytes;
  try {
    bytes = await decryptKeystore(json, password, { source: file });
  } catch (e) {
    if (e instanceof KeySourceError && e.kind === "password" && origin !== "prompt") {
      throw new KeySourceError("password", `${e.message} (password taken from ${describeOrigin(origin, source)})`);
    }
    throw e;
  }
  try {
    return { key: PrivateKey.fromBytes(bytes), warnings };
  } finally {
    bytes.fill(0);
  }
}
async function resolvePassword(source = {}) {
  if (source.password !== void 0) return { password: source.password, origin: "option" };
  const env = source.env ?? process.env;
  const fromEnv = env[ENV_PASSWORD];
  if (fromEnv !== void 0 && fromEnv !== "") return { password: fromEnv, origin: "env" };
  if (source.passwordFile !== void 0) {
    const { data } = await readSecretFile(source.passwordFile, "password", MAX_PASSWORD_FILE_BYTES, "refuse");
    try {
      const first = data.toString("utf8").split("\n", 1)[0] ?? "";
      return { password: first.replace(/\r$/, ""), origin: "file" };
    } finally {
      data.fill(0);
    }
  }
  if (source.prompt === false) throw new KeySourceError("password", NO_PASSWORD_MESSAGE);
  const password = await promptHidden(source.promptQuestion ?? "Password: ", source.prompt ?? {});
  return { password, origin: "prompt" };
}
function loadKeyFromEnv(env = process.env) {
  const raw = env[ENV_PRIVATE_KEY];
  if (raw === void 0 || raw.trim() === "") return void 0;
  let key;
  try {
    key = PrivateKey.fromHex(raw);
  } catch (e) {
    const why = e instanceof KeySourceError ? e.message : "not a valid private key";
    throw new KeySourceError("format", `${ENV_PRIVATE_KEY} is not usable: ${why}`);
  }
  return {
    key,
    warnings: [
      `using a private key from ${ENV_PRIVATE_KEY}: environment variables can leak through process listings (/proc/<pid>/environ, ps e), child processes, shell history and crash reports; prefer an encrypted keystore`
    ]
  };
}
async function saveKeystoreFile(file, key, password, opts = {}) {
  const ks = await encryptKeystore(key, password, opts);
  await writeFileAtomic(file, new TextEncoder().encode(JSON.stringify(ks)), opts.overwrite ?? false);
  return ks;
}
async function saveKeyFile(file, key, opts = {}) {
  const bytes = key.bytes();
  const text = new Uint8Array(65);
  const digits = "0123456789abcdef";
  for (let i = 0; i < 32; i++) {
    text[i * 2] = digits.charCodeAt(bytes[i] >> 4);
    text[i * 2 + 1] = digits.charCodeAt(bytes[i] & 15);
  }
  text[64] = 10;
  bytes.fill(0);
  try {
    await writeFileAtomic(file, text, opts.overwrite ?? false);
  } finally {
    text.fill(0);
  }
}
function describeOrigin(origin, source) {
  if (origin === "env") return ENV_PASSWORD;
  if (origin === "file") return `password file '${source.passwordFile}'`;
  return "the password option";
}

// src/client/infoClient.ts
import * as v from "valibot";

// src/client/errors.ts
function clientError(kind, message, extra = {}) {
  const e = { kind, message };
  if (extra.code !== void 0) e.code = extra.code;
  if (extra.httpStatus !== void 0) e.httpStatus = extra.httpStatus;
  if (extra.requestId !== void 0) e.requestId = extra.requestId;
  return Object.freeze(e);
}
function kindOfHttpCode(code) {
  if (code === "SIGNATURE_INVALID") return "signature";
  if (code === "NONCE_INVALID") return "nonce";
  return "http";
}
function describeError(e) {
  const head = [e.kind, e.httpStatus, e.code].filter((x) => x !== void 0).join(" ");
  const tail = e.requestId ? ` (${e.requestId})` : "";
  return `${head}: ${e.message}${tail}`;
}
function excerpt(text, max = 80) {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ");
  return clean.length > max ? `${clean.slice(0, max)}\u2026` : clean;
}

// src/client/infoClient.ts
var InfoClient = class {
  constructor(http) {
    this.http = http;
  }
  http;
  async query(request) {
    const type = request.type;
    const out = await this.http.post("/info", JSON.stringify(request));
    if (!out.ok) return { ok: false, error: prefix(type, out.error) };
    return interpretInfoResponse(type, out.response);
  }
  configs() {
    return this.query({ type: "configs" });
  }
  marketState(contractId) {
    return this.query({ type: "marketState", contractId });
  }
  l2Book(contractId, depth) {
    return this.query(depth === void 0 ? { type: "l2Book", contractId } : { type: "l2Book", contractId, depth });
  }
  candleSnapshot(contractId, interval, startTime, endTime) {
    return this.query({ type: "candleSnapshot", contractId, interval, startTime, endTime });
  }
  userOrders(user, marketDeployerId, contractId) {
    return this.query(
      contractId === void 0 ? { type: "userOrders", user, marketDeployerId } : { type: "userOrders", user, marketDeployerId, contractId }
    );
  }
  ordersByIds(user, oids) {
    return this.query({ type: "ordersByIds", user, oids });
  }
  ordersByCloids(user, cloids) {
    return this.query({ type: "ordersByCloids", user, cloids });
  }
  userAccount(user, marketDeployerId) {
    return this.query(marketDeployerId === void 0 ? { type: "userAccount", user } : { type: "userAccount", user, marketDeployerId });
  }
  userAgents(accountId) {
    return this.query({ type: "userAgents", accountId: String(accountId) });
  }
  userMarketDeployers(user) {
    return this.query({ type: "userMarketDeployers", user });
  }
  shareGroupState(groupId) {
    return this.query(groupId === void 0 ? { type: "shareGroupState" } : { type: "shareGroupState", groupId });
  }
};
function interpretInfoResponse(type, res) {
  if (res.status !== 200) return { ok: false, error: httpFailure(type, res) };
  if (res.jsonError !== void 0) {
    return { ok: false, error: clientError("validation", `${type}: ${res.jsonError}`, { httpStatus: res.status }) };
  }
  const parsed = v.safeParse(INFO_QUERIES[type].result, res.body);
  if (!parsed.success) {
    return { ok: false, error: clientError("validation", `${type}: ${describeIssues(parsed.issues)}`, { httpStatus: res.status }) };
  }
  return { ok: true, value: parsed.output };
}
function httpFailure(what, res) {
  const env = v.safeParse(ErrorEnvelope, res.body);
  if (env.success) {
    const { code, message, requestId } = env.output;
    return clientError(kindOfHttpCode(code), message, { code, httpStatus: res.status, requestId });
  }
  const detail = res.jsonError !== void 0 ? excerpt(res.text, 60) : "unexpected error body";
  return clientError("http", `${what}: HTTP ${res.status} (${detail})`, { httpStatus: res.status });
}
function prefix(type, e) {
  return clientError(e.kind, `${type}: ${e.message}`, e);
}

// src/client/undiciPool.ts
import { createRequire } from "node:module";
var require2 = createRequire(import.meta.url);
function load() {
  try {
    return { Pool: require2("undici/lib/dispatcher/pool.js"), request: require2("undici/lib/api/api-request.js") };
  } catch {
    const undici = require2("undici");
    return { Pool: undici.Pool, request: undici.Pool.prototype.request };
  }
}
var loaded = load();
var UndiciPool = loaded.Pool;
function poolRequest(pool, options) {
  return loaded.request.call(pool, options);
}

// src/client/http.ts
var DEFAULTS = { connectTimeoutMs: 5e3, requestTimeoutMs: 1e4, keepAliveMs: 3e4, connections: 8, maxBodyBytes: 4 * 1024 * 1024 };
var NOT_SENT = /* @__PURE__ */ new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT"]);
var HttpTransport = class {
  pool;
  listeners = /* @__PURE__ */ new Set();
  prefix;
  opts;
  origin;
  constructor(options) {
    const url = new URL(options.baseUrl);
    this.origin = url.origin;
    this.prefix = url.pathname.replace(/\/+$/, "");
    this.opts = {
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs,
      requestTimeoutMs: options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs,
      keepAliveMs: options.keepAliveMs ?? DEFAULTS.keepAliveMs,
      connections: options.connections ?? DEFAULTS.connections,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULTS.maxBodyBytes
    };
    this.pool = new UndiciPool(url.origin, {
      connections: this.opts.connections,
      connectTimeout: this.opts.connectTimeoutMs,
      headersTimeout: this.opts.requestTimeoutMs,
      bodyTimeout: this.opts.requestTimeoutMs,
      keepAliveTimeout: this.opts.keepAliveMs,
      // Writes must never be replayed by the transport: a resent order is a double order.
      pipelining: 1
    });
  }
  async post(path3, payload) {
    const sentAt = Date.now();
    const where = `${this.origin}${this.prefix}${path3}`;
    let status;
    let headers;
    let body;
    try {
      const res = await poolRequest(this.pool, {
        path: `${this.prefix}${path3}`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: payload,
        idempotent: false,
        signal: AbortSignal.timeout(this.opts.requestTimeoutMs)
      });
      status = res.statusCode;
      headers = res.headers;
      body = res.body;
    } catch (e) {
      return { ok: false, sentAt, ...mapTransportError(e, where, this.opts) };
    }
    const chunks = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        size += chunk.length;
        if (size > this.opts.maxBodyBytes) {
          body.destroy();
          return {
            ok: false,
            sentAt,
            delivered: "maybe",
            error: clientError("validation", `${path3}: response body larger than ${this.opts.maxBodyBytes} bytes (HTTP ${status})`, { httpStatus: status })
          };
        }
        chunks.push(chunk);
      }
    } catch (e) {
      return { ok: false, sentAt, ...mapTransportError(e, where, this.opts) };
    }
    const receivedAt = Date.now();
    const text = Buffer.concat(chunks).toString("utf8");
    const response = { status, body: void 0, text, sentAt, receivedAt };
    try {
      response.body = JSON.parse(text);
    } catch {
      response.jsonError = text.length === 0 ? "empty body" : `body is not JSON: ${excerpt(text, 60)}`;
    }
    const date = headers["date"];
    if (typeof date === "string") {
      const t = Date.parse(date);
      if (Number.isFinite(t)) response.serverDate = t;
    }
    for (const fn of this.listeners) fn(response);
    return { ok: true, response };
  }
  /** Every answer, for clock-offset and latency estimates. */
  onResponse(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
  async close() {
    await this.pool.destroy();
  }
};
function mapTransportError(e, where, opts) {
  const err = e;
  const code = err?.code ?? err?.cause?.code;
  if (code === "UND_ERR_CONNECT_TIMEOUT") {
    return { delivered: "no", error: clientError("timeout", `${where}: no connection within ${opts.connectTimeoutMs} ms`) };
  }
  if (code !== void 0 && NOT_SENT.has(code)) {
    return { delivered: "no", error: clientError("network", `${where}: cannot connect (${code})`) };
  }
  if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT" || err?.name === "TimeoutError" || err?.name === "AbortError" || code === "UND_ERR_ABORTED") {
    return { delivered: "maybe", error: clientError("timeout", `${where}: no complete answer within ${opts.requestTimeoutMs} ms`) };
  }
  if (code === "UND_ERR_RES_CONTENT_LENGTH_MISMATCH") {
    return { delivered: "maybe", error: clientError("network", `${where}: response truncated`) };
  }
  const why = code ?? err?.message ?? "unknown error";
  return { delivered: "maybe", error: clientError("network", `${where}: connection lost (${excerpt(String(why), 60)})`) };
}

// src/client/nonceFileStore.ts
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeFileSync, chmodSync, unlinkSync, linkSync } from "node:fs";
import { join as join2 } from "node:path";
var NonceFileStore = class {
  constructor(stateDir, opts = {}) {
    this.stateDir = stateDir;
    this.now = opts.now ?? Date.now;
    this.freshMarginMs = opts.freshMarginMs ?? 1e4;
    this.path = join2(stateDir, opts.fileName ?? "nonces.json");
    this.lockPath = `${this.path}.lock`;
    this.lockTimeoutMs = opts.lockTimeoutMs ?? 2e3;
    this.lockStaleMs = opts.lockStaleMs ?? 1e4;
    this.values = this.read();
  }
  stateDir;
  path;
  values = {};
  corrupt = false;
  now;
  freshMarginMs;
  lockPath;
  lockTimeoutMs;
  lockStaleMs;
  /** Why the file was ignored, for the session's error list. */
  warning;
  load(signer) {
    const v3 = this.values[signer.toLowerCase()];
    if (v3 !== void 0) return v3;
    return this.corrupt ? this.now() + this.freshMarginMs : void 0;
  }
  /** Raises the persisted mark to `reservedUpTo`; a mark is never lowered. */
  save(signer, reservedUpTo) {
    const key = signer.toLowerCase();
    this.locked(() => {
      const current = this.persistedMark(key);
      if (current === void 0 || reservedUpTo > current) this.write(key, reservedUpTo);
    });
  }
  claim(signer, atLeast, reserveMs) {
    const key = signer.toLowerCase();
    return this.locked(() => {
      const mark = this.persistedMark(key);
      const first = mark === void 0 ? atLeast : Math.max(atLeast, mark + 1);
      const reservedUpTo = first + reserveMs;
      this.write(key, reservedUpTo);
      return { first, reservedUpTo };
    });
  }
  /** The mark on disk now (other processes may have raised it); call under the lock. */
  persistedMark(key) {
    this.corrupt = false;
    this.values = this.read();
    return this.load(key);
  }
  write(key, reservedUpTo) {
    this.values[key] = reservedUpTo;
    const tmp = `${this.path}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, `${JSON.stringify(this.values)}
`, { mode: 384 });
      chmodSync(tmp, 384);
      renameSync(tmp, this.path);
      this.corrupt = false;
    } catch (e) {
      try {
        unlinkSync(tmp);
      } catch {
      }
      throw e;
    }
  }
  locked(critical) {
    mkdirSync(this.stateDir, { recursive: true, mode: 448 });
    this.acquireLock();
    try {
      return critical();
    } finally {
      try {
        unlinkSync(this.lockPath);
      } catch {
      }
    }
  }
  /**
   * Creating the lock file with O_EXCL is the lock. Waiting blocks the thread (Atomics.wait)
   * because next() cannot yield; holders keep the lock for a file read and a rename only.
   */
  acquireLock() {
    const deadline = Date.now() + this.lockTimeoutMs;
    for (; ; ) {
      try {
        const fd = openSync(this.lockPath, "wx", 384);
        try {
          writeFileSync(fd, `${process.pid}
`);
        } finally {
          closeSync(fd);
        }
        return;
      } catch (e) {
        if (e.code !== "EEXIST") throw e;
      }
      if (this.removeIfStale()) continue;
      if (Date.now() >= deadline) {
        throw new Error(
          `nonce lock ${this.lockPath} held for over ${this.lockTimeoutMs} ms by another perpdesk process on this state directory; if none is running, remove the file`
        );
      }
      Atomics.wait(SLEEP, 0, 0, 1);
    }
  }
  /**
   * Removes the lock file if it is older than lockStaleMs. The file is first moved aside and
   * checked to be the very one judged stale, so two processes taking over at once cannot
   * delete the fresh lock one of them has just created.
   */
  removeIfStale() {
    let judged;
    try {
      judged = statSync(this.lockPath);
    } catch {
      return true;
    }
    if (Date.now() - judged.mtimeMs <= this.lockStaleMs) return false;
    const aside = `${this.lockPath}.${process.pid}.stale`;
    try {
      renameSync(this.lockPath, aside);
    } catch {
      return true;
    }
    try {
      if (statSync(aside).ino !== judged.ino) {
        try {
          linkSync(aside, this.lockPath);
        } catch {
        }
      }
    } finally {
      unlinkSync(aside);
    }
    return true;
  }
  read() {
    let text;
    try {
      text = readFileSync(this.path, "utf8");
    } catch (e) {
      if (e.code === "ENOENT") return {};
      this.corrupt = true;
      this.warning = `nonce file ${this.path} unreadable (${e.code ?? "error"}); starting nonces above the clock`;
      return {};
    }
    try {
      const parsed = JSON.parse(text);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not an object");
      const out = {};
      for (const [k, v3] of Object.entries(parsed)) {
        if (!Number.isSafeInteger(v3) || v3 < 0) throw new Error("bad value");
        out[k.toLowerCase()] = v3;
      }
      return out;
    } catch {
      this.corrupt = true;
      this.warning = `nonce file ${this.path} is corrupt; starting nonces above the clock`;
      return {};
    }
  }
};
var SLEEP = new Int32Array(new SharedArrayBuffer(4));

// src/session/demoKey.ts
async function demoKey(file) {
  try {
    return (await loadKeyFile(file)).key;
  } catch (e) {
    if (!(e instanceof KeySourceError) || e.kind !== "not-found") throw e;
    const key = PrivateKey.generate();
    await saveKeyFile(file, key);
    return key;
  }
}

// src/client/cloid.ts
import { randomInt } from "node:crypto";
var EPOCH_MS = 17040672e5;
var LOW_BITS = 4096;
var LIMIT = Number.MAX_SAFE_INTEGER;
var CloidGenerator = class {
  constructor(now = Date.now, salt) {
    this.now = now;
    this.salt = salt ?? randomInt(LOW_BITS / 2);
  }
  now;
  last = 0;
  salt;
  next() {
    const base = Math.max(0, this.now() - EPOCH_MS) * LOW_BITS + this.salt;
    const value = Math.max(base, this.last + 1);
    if (value > LIMIT) throw new RangeError("cloid space exhausted (clock beyond 2093?)");
    this.last = value;
    return String(value);
  }
};

// src/client/exchangeResponse.ts
import * as v2 from "valibot";
function interpretExchange(type, out) {
  if (!out.ok) return out.delivered === "no" ? { kind: "failed", error: out.error } : { kind: "unknown", error: out.error };
  const res = out.response;
  if (res.status >= 500) return { kind: "unknown", error: httpFailure(type, res) };
  if (res.status !== 200) return { kind: "failed", error: httpFailure(type, res) };
  if (res.jsonError !== void 0) {
    return { kind: "unknown", error: clientError("validation", `${type}: ${res.jsonError}`, { httpStatus: 200 }) };
  }
  const env = v2.safeParse(OkEnvelope, res.body);
  if (!env.success) {
    return { kind: "unknown", error: clientError("validation", `${type}: response ${describeIssues(env.issues)}`, { httpStatus: 200 }) };
  }
  const { requestId, response } = env.output;
  const expected = responseTypeOf(type);
  if (response.type !== expected) {
    return {
      kind: "unknown",
      error: clientError("validation", `${type}: response.type is ${JSON.stringify(response.type)}, expected ${JSON.stringify(expected)}`, { requestId })
    };
  }
  const data = v2.safeParse(EXCHANGE_DATA[type], response.data);
  if (!data.success) {
    return { kind: "unknown", error: clientError("validation", `${type}: response.data.${describeIssues(data.issues)}`, { requestId }) };
  }
  const value = data.output;
  if (value.errorCode !== void 0 && value.errorCode !== 0) {
    return {
      kind: "failed",
      error: clientError("business", value.errorMessage ?? `rejected with errorCode ${value.errorCode}`, { code: value.errorCode, requestId })
    };
  }
  return { kind: "ok", data: value, requestId };
}

// src/client/reconcile.ts
var DEFAULT_LOOKUP = { attempts: 3, delayMs: 250 };
var sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function lookupUntilFound(keys, fetch, keyOf, policy = DEFAULT_LOOKUP) {
  const found = /* @__PURE__ */ new Map();
  let pending = [...new Set(keys)];
  let answered = false;
  let lastError;
  for (let i = 0; i < Math.max(1, policy.attempts) && pending.length > 0; i++) {
    if (i > 0) await sleep(policy.delayMs);
    const r = await fetch(pending);
    if (!r.ok) {
      lastError = r.error;
      continue;
    }
    answered = true;
    for (const l of r.value) {
      const k = keyOf(l);
      if (k !== void 0 && pending.includes(k)) found.set(k, l);
    }
    pending = pending.filter((k) => !found.has(k));
  }
  if (!answered && lastError) return { ok: false, error: lastError };
  for (const k of pending) found.set(k, void 0);
  return { ok: true, value: found };
}
function reconciledFrom(lookup, ids) {
  if (!lookup) return { reconciled: { status: "absent", ...ids } };
  const r = { status: lookup.status, oid: lookup.order.oid, order: lookup.order, statusTimestamp: lookup.statusTimestamp };
  const cloid = lookup.order.cloid ?? ids.cloid;
  if (cloid !== void 0) r.cloid = cloid;
  return { reconciled: r };
}
function sameDecimal(a, b) {
  const norm = (s) => {
    const m = /^(-)?0*(\d*?)(?:\.(\d*?)0*)?$/.exec(s.trim());
    if (!m) return s;
    const whole = m[2] || "0";
    const frac = m[3] ?? "";
    const sign = m[1] && (whole !== "0" || frac !== "") ? "-" : "";
    return `${sign}${whole}${frac ? `.${frac}` : ""}`;
  };
  return norm(a) === norm(b);
}
function modifyApplied(req, l) {
  if (!l || l.status !== "open") return void 0;
  if (req.p !== void 0 && !sameDecimal(req.p, l.order.limitPx)) return false;
  if (req.s !== void 0 && !sameDecimal(req.s, l.order.origSz)) return false;
  if (req.c !== void 0 && l.order.cloid !== req.c) return false;
  if (req.tif !== void 0 && l.order.tif !== req.tif) return false;
  return true;
}

// src/client/exchangeClient.ts
var ExchangeClient = class {
  constructor(o) {
    this.o = o;
    this.address = o.address.toLowerCase();
    this.nonces = o.nonces ?? new NonceManager();
    this.cloidGen = o.cloids ?? new CloidGenerator();
    this.lookup = o.lookup ?? DEFAULT_LOOKUP;
  }
  o;
  address;
  nonces;
  cloidGen;
  lookup;
  listeners = /* @__PURE__ */ new Set();
  seq = 0;
  get signers() {
    return this.o.signers;
  }
  onJournal(fn) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
  newCloid() {
    return this.cloidGen.next();
  }
  /** Any action, signed by the right key; typed result, journalled. */
  async send(action, opts = {}) {
    return this.finish(action.type, await this.sendRaw(action, opts));
  }
  // ---- orders, with reconciliation ----
  async order(specs) {
    const withIds = specs.map((s) => s.cloid === void 0 ? { ...s, cloid: this.cloidGen.next() } : s);
    const cloids = withIds.map((s) => s.cloid);
    const action = build.order(withIds);
    const r = await this.sendRaw(action);
    if (r.kind === "ok") {
      const errors = r.data.statuses.filter((s) => "error" in s).length;
      const outcome = errors === 0 ? "ok" : errors === r.data.statuses.length ? "rejected" : "partial";
      this.record("order", r, outcome, summariseStatuses(r.data.statuses), cloids);
      return { ok: true, statuses: r.data.statuses, requestId: r.requestId, nonce: r.nonce, signer: r.signer, cloids };
    }
    if (r.kind === "failed") {
      this.record("order", r, outcomeOf(r.error), r.error.message, cloids);
      return { ok: false, error: r.error, outcomeUnknown: false, cloids, ...meta(r) };
    }
    const found = await lookupUntilFound(cloids, (pending) => this.o.info.ordersByCloids(this.address, pending), (l) => l.order.cloid, this.lookup);
    if (!found.ok) {
      const detail = `${r.error.message}; lookup failed too (${found.error.message}): check open orders before retrying`;
      this.record("order", r, "unknown", detail, cloids);
      return { ok: false, error: r.error, outcomeUnknown: true, cloids, ...meta(r) };
    }
    const statuses = cloids.map((cloid) => reconciledFrom(found.value.get(cloid), { cloid }));
    this.record("order", r, "reconciled", `${r.error.message}; exchange records: ${summariseReconciled(statuses)}`, cloids);
    return { ok: true, statuses, nonce: r.nonce, signer: r.signer, reconciledBecause: r.error, cloids };
  }
  async cancel(cancels) {
    const oids = cancels.map((c) => c.oid);
    return this.cancelWith(build.cancel(cancels), oids, (pending) => this.o.info.ordersByIds(this.address, pending), (l) => l.order.oid, (oid) => ({ oid }));
  }
  async cancelByCloid(cancels) {
    const cloids = cancels.map((c) => c.cloid);
    return this.cancelWith(
      build.cancelByCloid(cancels),
      cloids,
      (pending) => this.o.info.ordersByCloids(this.address, pending),
      (l) => l.order.cloid,
      (cloid) => ({ cloid })
    );
  }
  async cancelWith(action, keys, fetch, keyOf, ids) {
    const r = await this.sendRaw(action);
    if (r.kind === "ok") {
      const errors = r.data.statuses.filter((s) => s !== "success").length;
      this.record(action.type, r, errors === 0 ? "ok" : errors === r.data.statuses.length ? "rejected" : "partial", summariseStatuses(r.data.statuses));
      return { ok: true, statuses: r.data.statuses, requestId: r.requestId, nonce: r.nonce, signer: r.signer };
    }
    if (r.kind === "failed") {
      this.record(action.type, r, outcomeOf(r.error), r.error.message);
      return { ok: false, error: r.error, outcomeUnknown: false, ...meta(r) };
    }
    const found = await lookupUntilFound(keys, fetch, keyOf, this.lookup);
    if (!found.ok) {
      this.record(action.type, r, "unknown", `${r.error.message}; lookup failed too (${found.error.message})`);
      return { ok: false, error: r.error, outcomeUnknown: true, ...meta(r) };
    }
    const statuses = keys.map((k) => reconciledFrom(found.value.get(k), ids(k)));
    this.record(action.type, r, "reconciled", `${r.error.message}; exchange records: ${summariseReconciled(statuses)}`);
    return { ok: true, statuses, nonce: r.nonce, signer: r.signer, reconciledBecause: r.error };
  }
  async modify(m) {
    const action = build.modify(m);
    const r = await this.sendRaw(action);
    if (r.kind !== "unknown") return this.finish("modify", r);
    const byCloid = [action.c, action.cloid].filter((c) => c !== void 0);
    const lookups = action.oid !== void 0 ? await lookupUntilFound([action.oid], (p) => this.o.info.ordersByIds(this.address, p), (l2) => l2.order.oid, this.lookup) : await lookupUntilFound(byCloid, (p) => this.o.info.ordersByCloids(this.address, p), (l2) => l2.order.cloid, this.lookup);
    if (!lookups.ok) return this.finish("modify", r);
    const l = [...lookups.value.values()].find((x) => x !== void 0);
    const item = reconciledFrom(l, { oid: action.oid, cloid: action.c ?? action.cloid }).reconciled;
    const applied = modifyApplied(action, l);
    if (applied !== void 0) item.applied = applied;
    const verdict = applied === void 0 ? `order ${item.status}` : applied ? "change applied" : "change not applied";
    this.record("modify", r, "reconciled", `${r.error.message}; exchange records: ${verdict}`);
    return { ok: true, reconciled: item, reconciledBecause: r.error, nonce: r.nonce, signer: r.signer };
  }
  async cancelAll(contractId) {
    const r = await this.sendRaw(build.cancelAll(contractId));
    const md = this.o.marketDeployerOf?.(contractId);
    if (r.kind !== "unknown" || md === void 0) return this.finish("cancelAll", r);
    const open = await this.o.info.userOrders(this.address, md, contractId);
    if (!open.ok) return this.finish("cancelAll", r);
    this.record("cancelAll", r, "reconciled", `${r.error.message}; exchange records: ${open.value.length} open orders left`);
    return { ok: true, reconciled: { openOrdersLeft: open.value.length }, reconciledBecause: r.error, nonce: r.nonce, signer: r.signer };
  }
  // ---- the rest of the catalog: no order records to reconcile against ----
  registerAccount(inviteCode) {
    const address = this.o.signers.masterAddress ?? this.address;
    return this.send(build.registerAccount(address), inviteCode === void 0 ? {} : { inviteCode });
  }
  enroll(marketDeployerId) {
    return this.send(build.enroll(marketDeployerId));
  }
  updateIsolatedMargin(asset, ntli, isBuy) {
    return this.send(build.updateIsolatedMargin(asset, ntli, isBuy));
  }
  updateLeverage(asset, leverage) {
    return this.send(build.updateLeverage(asset, leverage));
  }
  updateMarginMode(asset, marginMode) {
    return this.send(build.updateMarginMode(asset, marginMode));
  }
  tpSl(t) {
    return this.send(build.tpSl(t));
  }
  cancelTpSl(asset, isBuy) {
    return this.send(build.cancelTpSl(asset, isBuy));
  }
  cancelConditional(asset, id) {
    return this.send(build.cancelConditional(asset, id));
  }
  lockCollateral(marketDeployerId, coinId, amount) {
    return this.send(build.lockCollateral(marketDeployerId, coinId, amount));
  }
  unlockCollateral(marketDeployerId, coinId, amount) {
    return this.send(build.unlockCollateral(marketDeployerId, coinId, amount));
  }
  transferBetweenDeployers(from, to, coinId, amount) {
    return this.send(build.transferBetweenDeployers(from, to, coinId, amount));
  }
  setMarginShareType(marginShareType) {
    return this.send(build.setMarginShareType(marginShareType));
  }
  transferMdToShareGroup(marketDeployerId, groupId, coinId, amount) {
    return this.send(build.transferMdToShareGroup(marketDeployerId, groupId, coinId, amount));
  }
  transferShareGroupToMd(marketDeployerId, groupId, coinId, amount) {
    return this.send(build.transferShareGroupToMd(marketDeployerId, groupId, coinId, amount));
  }
  lockIntoShareGroup(groupId, coinId, amount) {
    return this.send(build.lockIntoShareGroup(groupId, coinId, amount));
  }
  unlockFromShareGroup(groupId, coinId, amount) {
    return this.send(build.unlockFromShareGroup(groupId, coinId, amount));
  }
  updateFeeSetting(marketDeployerId, user, takerFeeRate, makerFeeRate) {
    return this.send(build.updateFeeSetting(marketDeployerId, user, takerFeeRate, makerFeeRate));
  }
  approveAgent(agentAddress, agentName, validUntil) {
    return this.send(build.approveAgent(agentAddress, agentName, validUntil));
  }
  revokeAgent(agentAddress) {
    return this.send(build.revokeAgent(agentAddress));
  }
  /**
   * The request exactly as it would be sent, signed but not sent (a dry run). It uses a
   * nonce, so a later real send is never a replay of it. Not journalled: nothing was asked.
   */
  signOnly(action) {
    const parsed = parseAction(action);
    if (!parsed.ok) return { ok: false, error: clientError("validation", `${action.type}: ${parsed.error}`) };
    const picked = this.o.signers.pick(action.type);
    if (!picked.ok) return picked;
    const signer = picked.value;
    const nonce = this.nonces.next(signer.address);
    return { ok: true, value: { envelope: { action, nonce, signature: signer.sign(action, nonce) }, signer: { role: signer.role, address: signer.address } } };
  }
  // ---- internals ----
  async sendRaw(action, opts = {}) {
    const type = action.type;
    const parsed = parseAction(action);
    if (!parsed.ok) return { kind: "failed", error: clientError("validation", `${type}: ${parsed.error}`) };
    const picked = this.o.signers.pick(type);
    if (!picked.ok) return { kind: "failed", error: picked.error };
    const signer = picked.value;
    const info = { role: signer.role, address: signer.address };
    const nonce = this.nonces.next(signer.address);
    let signature;
    try {
      signature = signer.sign(action, nonce);
    } catch {
      return { kind: "failed", error: clientError("signature", `${type}: the ${signer.role} key cannot sign`), nonce, signer: info };
    }
    const envelope = { action, nonce, signature };
    if (opts.vaultAddress !== void 0) envelope["vaultAddress"] = opts.vaultAddress;
    if (opts.inviteCode !== void 0) envelope["inviteCode"] = opts.inviteCode;
    const out = await this.o.http.post("/exchange", JSON.stringify(envelope));
    const r = interpretExchange(type, out);
    return r.kind === "ok" ? { ...r, nonce, signer: info } : { kind: r.kind, error: r.error, nonce, signer: info };
  }
  finish(type, r) {
    if (r.kind === "ok") {
      this.record(type, r, "ok", "ok");
      return { ok: true, data: r.data, requestId: r.requestId, nonce: r.nonce, signer: r.signer };
    }
    const detail = r.kind === "unknown" ? `${r.error.message}; outcome unknown: check before retrying` : r.error.message;
    this.record(type, r, r.kind === "unknown" ? "unknown" : outcomeOf(r.error), detail);
    return { ok: false, error: r.error, outcomeUnknown: r.kind === "unknown", ...meta(r) };
  }
  record(action, r, outcome, detail, cloids) {
    const entry = { seq: ++this.seq, time: Date.now(), action, outcome, detail };
    if (r.signer) {
      entry.signerRole = r.signer.role;
      entry.signer = r.signer.address;
    }
    if (r.nonce !== void 0) entry.nonce = r.nonce;
    const requestId = r.kind === "ok" ? r.requestId : r.error.requestId;
    if (requestId !== void 0) entry.requestId = requestId;
    if (r.kind !== "ok") entry.errorKind = r.error.kind;
    if (cloids) entry.cloids = cloids;
    for (const fn of this.listeners) fn(entry);
  }
};
function meta(r) {
  const m = {};
  if (r.nonce !== void 0) m.nonce = r.nonce;
  if (r.signer !== void 0) m.signer = r.signer;
  return m;
}
function outcomeOf(e) {
  return e.kind === "business" ? "rejected" : "error";
}
function summariseStatuses(statuses) {
  return statuses.map((s) => {
    if (s === "success") return "cancelled";
    if ("resting" in s) return `resting #${s.resting.oid}`;
    if ("filled" in s) return `filled ${s.filled.totalSz} @ ${s.filled.avgPx} #${s.filled.oid}`;
    return `error: ${s.error}`;
  }).join("; ");
}
function summariseReconciled(items) {
  return items.map((i) => `${i.reconciled.cloid ?? `#${i.reconciled.oid}`} ${i.reconciled.status}`).join("; ");
}

// src/client/signers.ts
var SignerSet = class {
  #master;
  #agent;
  masterAddress;
  agentAddress;
  constructor(keys) {
    this.#master = keys.master;
    this.#agent = keys.agent;
    this.masterAddress = keys.master === void 0 ? void 0 : addressOf(keys.master).toLowerCase();
    this.agentAddress = keys.agent === void 0 ? void 0 : addressOf(keys.agent).toLowerCase();
  }
  has(role) {
    return role === "master" ? this.#master !== void 0 : this.#agent !== void 0;
  }
  get any() {
    return this.#master !== void 0 || this.#agent !== void 0;
  }
  pick(type) {
    if (agentMaySend(type) && this.#agent !== void 0) return { ok: true, value: this.signer("agent") };
    if (this.#master !== void 0) return { ok: true, value: this.signer("master") };
    if (this.#agent !== void 0) {
      return {
        ok: false,
        error: clientError("master-key-required", `${type} must be signed by the master key, but only an agent key is loaded; load the master key to do this`)
      };
    }
    return { ok: false, error: clientError("signature", `${type}: no signing key loaded; load the master key or an agent key`) };
  }
  /** WebSocket auth: the agent when loaded (keeps the master offline), else the master. */
  pickForAuth() {
    if (this.#agent !== void 0) return this.signer("agent");
    if (this.#master !== void 0) return this.signer("master");
    return void 0;
  }
  signer(role) {
    const address = role === "agent" ? this.agentAddress : this.masterAddress;
    const sign = (action, nonce) => signAction(action, nonce, role === "agent" ? this.#agent : this.#master);
    return Object.defineProperty({ role, address }, "sign", { value: sign, enumerable: false });
  }
  toJSON() {
    return { masterAddress: this.masterAddress, agentAddress: this.agentAddress };
  }
};

// src/session/onboarding.ts
var AGENT_NAME = "perpdesk";
var AGENT_LIFETIME_MS = 7 * 24 * 3600 * 1e3;
var OnboardingError = class extends Error {
  constructor(step, detail) {
    super(`${step}: ${detail}`);
    this.name = "OnboardingError";
  }
};
var USDC = 0;
function fail(step, e) {
  throw new OnboardingError(step, describeError(e));
}
function rejection(data) {
  const d = data;
  return d.errorCode ? d.errorMessage ?? `errorCode ${d.errorCode}` : void 0;
}
var sleep2 = (ms) => new Promise((r) => setTimeout(r, ms));
async function runOnboarding(o) {
  const http = new HttpTransport({ baseUrl: o.url });
  try {
    const info = new InfoClient(http);
    const nonces = o.nonces ?? new NonceManager(o.stateDir ? { store: new NonceFileStore(o.stateDir) } : {});
    const signers = new SignerSet({ master: o.master });
    const exchange = new ExchangeClient({ http, info, signers, address: o.address, nonces });
    const user = o.address.toLowerCase();
    const configs = await info.configs();
    if (!configs.ok) fail("configs", configs.error);
    const active = configs.value.contracts.filter((c) => c.status === "Active");
    const contract = o.contractName ? active.find((c) => c.name === o.contractName) : active[0];
    if (!contract) throw new OnboardingError("contract", o.contractName ? `no Active contract named ${o.contractName}` : "the exchange lists no Active contract");
    const md = contract.marketDeployerId;
    let account = await info.userAccount(user);
    if (!account.ok) {
      if (account.error.httpStatus !== 404) fail("account", account.error);
      const code = o.inviteCode ?? (o.ask ? (await o.ask("Invite code (6 letters or digits): ")).trim() : void 0);
      if (!code) throw new OnboardingError("register", "this address is not registered and no invite code was given (--invite-code)");
      o.log("registering the account\u2026");
      const reg = await exchange.registerAccount(code);
      if (!reg.ok) fail("register", reg.error);
      account = await info.userAccount(user);
      if (!account.ok) fail("account", account.error);
    }
    if (o.agent) {
      const agents = await info.userAgents(String(account.value.accountId));
      if (!agents.ok) fail("agents", agents.error);
      const current = agents.value.find((a) => a.address.toLowerCase() === o.agent.address.toLowerCase());
      if (!current || current.expired) {
        o.log(`approving agent ${o.agent.name}\u2026`);
        const r = await exchange.approveAgent(o.agent.address, o.agent.name, o.agent.validUntil);
        if (!r.ok) fail("approve agent", r.error);
        const why = rejection(r.data);
        if (why) throw new OnboardingError("approve agent", why);
      }
    }
    o.onAgentReady?.();
    const balanceOf = (a) => a.ok ? BigInt(a.value.chainBalances.find((b) => b.coinId === USDC)?.total ?? "0") : 0n;
    const poolOf = (a) => a.ok ? a.value.marketDeployers.find((m) => m.marketDeployerId === md) : void 0;
    const deadline = Date.now() + (o.creditTimeoutMs ?? 2e4);
    if (balanceOf(account) === 0n && !poolOf(account)?.balances.some((b) => BigInt(b.total) > 0n)) {
      o.log("waiting for the test USDC credit\u2026");
      while (balanceOf(account) === 0n) {
        if (Date.now() > deadline) throw new OnboardingError("credit", "no USDC arrived in time; the exchange credits new accounts after registration");
        await sleep2(o.pollMs ?? 200);
        account = await info.userAccount(user);
        if (!account.ok) fail("account", account.error);
      }
    }
    const enrolled = await info.userMarketDeployers(user);
    if (!enrolled.ok) fail("enrollment", enrolled.error);
    if (!enrolled.value.includes(md)) {
      o.log(`enrolling in market deployer ${md}\u2026`);
      const r = await exchange.enroll(md);
      if (!r.ok) fail("enroll", r.error);
      const why = rejection(r.data);
      if (why) throw new OnboardingError("enroll", why);
      account = await info.userAccount(user);
      if (!account.ok) fail("account", account.error);
    }
    const pool = poolOf(account);
    if (!pool || BigInt(pool.equity) === 0n) {
      const chain = balanceOf(account);
      const amount = (o.lockAmount ?? ((b) => b / 2n))(chain);
      if (amount > 0n) {
        o.log(`locking ${amount / 1000000n} USDC as collateral\u2026`);
        const r = await exchange.lockCollateral(md, USDC, amount.toString());
        if (!r.ok) fail("lock collateral", r.error);
        const why = rejection(r.data);
        if (why) throw new OnboardingError("lock collateral", why);
      }
    }
    return { accountId: account.value.accountId, contract };
  } finally {
    await http.close();
  }
}

// src/session/endpointFile.ts
import { chmodSync as chmodSync2, mkdirSync as mkdirSync2, readFileSync as readFileSync2, renameSync as renameSync2, unlinkSync as unlinkSync2, writeFileSync as writeFileSync2 } from "node:fs";
import path2 from "node:path";
function endpointPath(stateDir) {
  return path2.join(stateDir, "embedded", "endpoint.json");
}
function writeEndpoint(stateDir, e) {
  const file = endpointPath(stateDir);
  mkdirSync2(path2.dirname(file), { recursive: true, mode: 448 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync2(tmp, `${JSON.stringify(e)}
`, { mode: 384 });
  chmodSync2(tmp, 384);
  renameSync2(tmp, file);
}
function removeEndpoint(stateDir, pid = process.pid) {
  const current = readEndpoint(stateDir, { checkAlive: false });
  if (current && current.pid !== pid) return;
  try {
    unlinkSync2(endpointPath(stateDir));
  } catch {
  }
}
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}
function readEndpoint(stateDir, o = {}) {
  let parsed;
  try {
    parsed = JSON.parse(readFileSync2(endpointPath(stateDir), "utf8"));
  } catch {
    return void 0;
  }
  const e = parsed;
  if (typeof e.url !== "string" || typeof e.wsUrl !== "string" || !Number.isSafeInteger(e.pid)) return void 0;
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(e.url)) return void 0;
  const endpoint = { url: e.url, wsUrl: e.wsUrl, pid: e.pid };
  if ((o.checkAlive ?? true) && !alive(endpoint.pid)) return void 0;
  return endpoint;
}

export {
  KeySourceError,
  PrivateKey,
  formatMode,
  errCode,
  loadKeyFile,
  loadKeystoreFile,
  resolvePassword,
  loadKeyFromEnv,
  saveKeystoreFile,
  clientError,
  excerpt,
  InfoClient,
  ExchangeClient,
  HttpTransport,
  NonceFileStore,
  SignerSet,
  demoKey,
  AGENT_NAME,
  AGENT_LIFETIME_MS,
  OnboardingError,
  runOnboarding,
  writeEndpoint,
  removeEndpoint,
  readEndpoint
};
