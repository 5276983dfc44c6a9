import {
  INVITE_CODE_RE,
  startExchange
} from "./chunk-PWVQO4SK.js";
import "./chunk-VTVBDURB.js";

// src/exchange/cli.ts
import { randomBytes } from "node:crypto";
import { promises as fsp } from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
var EXCHANGE_USAGE = `usage: perpdesk exchange [options]
  --host HOST              listen address (default 127.0.0.1)
  --port N                 port, 0 picks a free one (default 0)
  --invite-codes A1B2C3,.. invite codes to accept (6 letters or digits each)
  --invite-count N         invite codes to generate (default 10, or 0 when --invite-codes is given)
  --seed N                 seed for invite codes, operator keys and the market (default random)
  --credit-delay-ms N      delay of the 10,000 USDC registration credit (default 2000)
  --rate-limit N           requests per minute per IP and per signer, 0 = off (default 1200)
  --control                serve POST /control to loopback clients (test hooks)
  --activity LEVEL         market bots: off, calm, normal, busy, stress (default normal)
  --block-ms N             block cadence of books, bots and settlement (default 100)
  --operator-keys-file P   write the market deployers' operator keys to P (mode 0600)
  -h, --help               this text`;
var defaultIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stopSignal: () => new Promise((resolve2) => {
    const on = (signal) => {
      process.off("SIGINT", on);
      process.off("SIGTERM", on);
      resolve2(signal);
    };
    process.on("SIGINT", on);
    process.on("SIGTERM", on);
  })
};
var UsageError = class extends Error {
};
function integer(name, text, min, max) {
  if (text === void 0) return void 0;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${name} expects a whole number from ${min} to ${max}, got "${text}"`);
  }
  return Number(text);
}
function parseExchangeArgs(argv) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: "string" },
        port: { type: "string" },
        "invite-codes": { type: "string" },
        "invite-count": { type: "string" },
        seed: { type: "string" },
        "credit-delay-ms": { type: "string" },
        "rate-limit": { type: "string" },
        control: { type: "boolean" },
        activity: { type: "string" },
        "block-ms": { type: "string" },
        "operator-keys-file": { type: "string" },
        help: { type: "boolean", short: "h" }
      }
    });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  const o = parsed.values;
  if (o.help) return "help";
  const codes = o["invite-codes"]?.split(",").map((c) => c.trim()).filter((c) => c !== "");
  for (const code of codes ?? []) {
    if (!INVITE_CODE_RE.test(code)) throw new UsageError(`--invite-codes: "${code}" is not 6 letters or digits`);
  }
  const activity = o.activity;
  if (activity !== void 0 && !["off", "calm", "normal", "busy", "stress"].includes(activity)) {
    throw new UsageError(`--activity expects off, calm, normal, busy or stress, got "${activity}"`);
  }
  const opts = {
    host: o.host ?? "127.0.0.1",
    port: integer("port", o.port, 0, 65535) ?? 0,
    seed: integer("seed", o.seed, 0, 2 ** 32 - 1) ?? randomBytes(4).readUInt32BE(0),
    control: o.control ?? false
  };
  if (codes) opts.inviteCodes = codes;
  const count = integer("invite-count", o["invite-count"], 0, 1e4);
  if (count !== void 0) opts.inviteCount = count;
  const delay = integer("credit-delay-ms", o["credit-delay-ms"], 0, 36e5);
  if (delay !== void 0) opts.creditDelayMs = delay;
  const rate = integer("rate-limit", o["rate-limit"], 0, 1e6);
  if (rate !== void 0) opts.rateLimitPerMin = rate;
  if (activity !== void 0) opts.activity = activity;
  const blockMs = integer("block-ms", o["block-ms"], 1, 6e4);
  if (blockMs !== void 0) opts.blockMs = blockMs;
  if (o["operator-keys-file"] !== void 0) opts.operatorKeysFile = o["operator-keys-file"];
  return opts;
}
async function writeOperatorKeys(file, exchange) {
  const target = path.resolve(file);
  const tmp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
  const body = exchange.operators.map((op) => ({ marketDeployerId: op.marketDeployerId, address: op.address, privateKey: op.privateKey }));
  try {
    await fsp.writeFile(tmp, `${JSON.stringify(body, null, 2)}
`, { mode: 384, flag: "wx" });
    await fsp.rename(tmp, target);
  } catch (e) {
    await fsp.rm(tmp, { force: true }).catch(() => void 0);
    throw new Error(`cannot write --operator-keys-file ${file}: ${e.code ?? "error"}`);
  }
}
async function exchangeMain(argv, io = defaultIo) {
  let opts;
  try {
    opts = parseExchangeArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`perpdesk exchange: ${e.message}
${EXCHANGE_USAGE}
`);
    return 2;
  }
  if (opts === "help") {
    io.stdout(`${EXCHANGE_USAGE}
`);
    return 0;
  }
  const { operatorKeysFile, ...startOpts } = opts;
  let exchange;
  try {
    exchange = await startExchange({ ...startOpts, log: (line) => io.stderr(`perpdesk exchange: ${line}
`) });
  } catch (e) {
    const code = e.code;
    const why = code === "EADDRINUSE" ? "the port is in use" : code === "EACCES" ? "permission denied" : e instanceof Error ? e.message : String(e);
    io.stderr(`perpdesk exchange: cannot listen on ${startOpts.host}:${startOpts.port}: ${why}
`);
    return 1;
  }
  try {
    if (operatorKeysFile !== void 0) await writeOperatorKeys(operatorKeysFile, exchange);
  } catch (e) {
    io.stderr(`perpdesk exchange: ${e instanceof Error ? e.message : String(e)}
`);
    await exchange.close();
    return 1;
  }
  const stopped = io.stopSignal();
  io.stdout(`perpdesk exchange listening on ${exchange.url} (${exchange.wsUrl})
`);
  for (const code of exchange.inviteCodes) io.stdout(`${code}
`);
  await stopped;
  await exchange.close();
  return 0;
}
export {
  EXCHANGE_USAGE,
  exchangeMain,
  parseExchangeArgs
};
