import {
  MINUS,
  MIN_PASSWORD,
  MISSING,
  StartupError,
  WsClient,
  blockerLines,
  coinById,
  collateralCoin,
  confirmPlan,
  contextFromState,
  createSession,
  defaultWsUrl,
  evaluateForm,
  flatten,
  formById,
  formatMoney,
  formatPrice,
  formatSize,
  generateAgentKeystore,
  keysLoaded,
  loadDeploymentKeys,
  needsOverride,
  renderActionOutcome,
  renderOptionsFor,
  resolveContract,
  reverse,
  sendCall,
  toRaw
} from "./chunk-5VB7KZPF.js";
import {
  HttpTransport,
  InfoClient,
  KeySourceError,
  loadKeyFile,
  readEndpoint,
  resolvePassword
} from "./chunk-UTCD3AFF.js";
import {
  AgentRecord,
  CANDLE_INTERVALS,
  CANDLE_INTERVAL_MS,
  Candle,
  CandleUpdate,
  Configs,
  ContractConfig,
  L2Book,
  OpenOrder,
  OrderLookup,
  Position,
  ShareGroupDef,
  Trade,
  UserAccount,
  formatFixed
} from "./chunk-VTVBDURB.js";

// src/command/exitCodes.ts
var EXIT = {
  ok: 0,
  /** The exchange rejected the request (each item's error is in the output). */
  rejected: 1,
  /** Bad arguments or config. */
  usage: 2,
  /** Network failure or timeout: nothing was decided. */
  network: 3,
  /** A guard or pre-trade check refused before signing (override with --force). */
  refused: 4,
  /** The answer was lost and the exchange's records could not settle it. */
  unknown: 5,
  internal: 70
};
var EXIT_HELP = `Exit codes:
  0   ok
  1   the exchange rejected the request (each item's error is in the output)
  2   bad arguments or config
  3   network failure or timeout
  4   a guard or pre-trade check refused before signing (--force overrides a guard)
  5   the answer was lost and could not be settled (what is known is in the output)
  70  internal error
`;
var CommandError = class extends Error {
  constructor(code, message, detail) {
    super(message);
    this.code = code;
    this.detail = detail;
    this.name = "CommandError";
  }
  code;
  detail;
};

// src/command/parseDuration.ts
function parseDuration(text) {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!m) return void 0;
  const n = Number(m[1]);
  const unit = m[2] ?? "ms";
  const ms = n * (unit === "h" ? 36e5 : unit === "m" ? 6e4 : unit === "s" ? 1e3 : 1);
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms) : void 0;
}

// src/command/output.ts
function toJson(value, indent) {
  return JSON.stringify(value, (_k, v2) => typeof v2 === "bigint" ? v2.toString() : v2, indent);
}
var stringWidth = (text) => text.length;
async function prepareTables() {
  stringWidth = (await import("string-width")).default;
}
function renderTable(t) {
  if (t.rows.length === 0) return [t.columns.join("  "), "(none)"];
  const widths = t.columns.map((c, i) => Math.max(stringWidth(c), ...t.rows.map((r) => stringWidth(r[i] ?? ""))));
  const right = new Set(t.right ?? []);
  const line = (cells) => cells.map((cell, i) => {
    const pad = " ".repeat(Math.max(0, (widths[i] ?? 0) - stringWidth(cell)));
    return right.has(i) ? pad + cell : cell + pad;
  }).join("  ").trimEnd();
  return [line(t.columns), ...t.rows.map(line)];
}
function isTable(h) {
  return h !== void 0 && !Array.isArray(h);
}
function humanLines(out) {
  const h = out.human;
  if (h === void 0) return toJson(out.json, 2).split("\n");
  return isTable(h) ? renderTable(h) : [...h];
}
function printOutput(w, mode, out) {
  if (mode === "json") w.write(`${toJson(out.json, 2)}
`);
  else w.write(`${humanLines(out).join("\n")}
`);
}
function printEvent(w, mode, out) {
  if (mode === "json") w.write(`${toJson(out.json)}
`);
  else w.write(`${humanLines(out).join("\n")}
`);
}

// src/command/readCommands.ts
import * as v from "valibot";

// src/command/connect.ts
import path from "node:path";
async function demoKeys(stateDir) {
  const dir = path.join(stateDir, "embedded");
  try {
    const [master, agent] = await Promise.all([loadKeyFile(path.join(dir, "master.key")), loadKeyFile(path.join(dir, "agent.key"))]);
    return { master: master.key, agent: agent.key, address: master.key.address.toLowerCase() };
  } catch (e) {
    if (e instanceof KeySourceError) throw new CommandError(EXIT.usage, `the embedded exchange's demo keys in ${dir} are not usable: ${e.message}`);
    throw e;
  }
}
async function connect(r, need) {
  const a = r.args;
  const url = a.url ?? r.config.url;
  if (url !== void 0) {
    const wsUrl = a.ws ?? r.config.ws ?? defaultWsUrl(url);
    const target2 = { url, wsUrl };
    if (a.readOnly || need !== "write" && !hasKeyFlag(r)) {
      if (need === "write") throw new CommandError(EXIT.usage, "read-only: this command signs; drop --read-only and name a key");
      const address = a.address?.toLowerCase();
      if (need === "account" && address === void 0) throw new CommandError(EXIT.usage, "this read needs an account: --address 0x... or a key flag");
      return { target: target2, keys: address ? { address } : {}, address, source: "url", warnings: [] };
    }
    try {
      const k = await loadDeploymentKeys({ ...a, url }, url, r.stateDir, { createAgent: false });
      return { target: target2, keys: { ...k.master ? { master: k.master } : {}, ...k.agent ? { agent: k.agent } : {}, address: k.address }, address: k.address, source: "url", warnings: k.warnings };
    } catch (e) {
      if (e instanceof StartupError || e instanceof KeySourceError) throw new CommandError(EXIT.usage, e.message);
      throw e;
    }
  }
  const running = readEndpoint(r.stateDir);
  if (running) {
    const target2 = { url: running.url, wsUrl: running.wsUrl };
    if (a.readOnly || need === "market") {
      const address = a.address?.toLowerCase() ?? (need === "market" ? void 0 : (await demoKeys(r.stateDir)).address);
      return { target: target2, keys: address ? { address } : {}, address, source: "dashboard", warnings: [] };
    }
    const keys = await demoKeys(r.stateDir);
    return { target: target2, keys, address: keys.address, source: "dashboard", warnings: [] };
  }
  const { startEmbedded } = await import("./embedded-X6UMJGSH.js");
  const embedded = await startEmbedded({
    stateDir: r.stateDir,
    activity: a.activity ?? "normal",
    ...a.seed !== void 0 ? { seed: a.seed } : {},
    ...a.port !== void 0 ? { port: a.port } : {},
    ...a.contract ? { contractName: a.contract } : {}
  });
  if (need !== "market") await embedded.ready;
  const target = { url: embedded.url, wsUrl: embedded.wsUrl, embedded };
  if (a.readOnly || need === "market") {
    const address = a.address?.toLowerCase() ?? (need === "market" ? void 0 : embedded.address);
    return { target, keys: address ? { address } : {}, address, source: "in-process", warnings: [], embedded };
  }
  return { target, keys: { master: embedded.master, agent: embedded.agent, address: embedded.address }, address: embedded.address, source: "in-process", warnings: [], embedded };
}
function hasKeyFlag(r) {
  const a = r.args;
  return Boolean(a.keystore || a.keyFile || a.agentKeystore || a.agentKeyFile || process.env["PERPDESK_PRIVATE_KEY"]);
}

// src/command/openReader.ts
async function openReader(r, need) {
  const conn = await connect(r, need);
  const http = new HttpTransport({ baseUrl: conn.target.url });
  return {
    info: new InfoClient(http),
    conn,
    account() {
      if (conn.address === void 0) throw new CommandError(EXIT.usage, "this read needs an account: --address 0x... or a key flag");
      return conn.address;
    },
    async close() {
      await http.close();
      await conn.embedded?.close();
    }
  };
}
function must(r) {
  if (r.ok) return r.value;
  const e = r.error;
  const code = e.kind === "network" || e.kind === "timeout" ? EXIT.network : EXIT.rejected;
  throw new CommandError(code, e.message, { kind: e.kind, ...e.httpStatus !== void 0 ? { httpStatus: e.httpStatus } : {} });
}
async function withReader(r, need, fn) {
  const rd = await openReader(r, need);
  try {
    return await fn(rd);
  } finally {
    await rd.close();
  }
}

// src/command/readTables.ts
var contractsById = (configs) => new Map(configs.contracts.map((c) => [c.contractId, c]));
var contractName = (byId, id) => byId.get(id)?.name ?? `#${id}`;
function deployerLabel(configs, id) {
  const name = configs.marketDeployers.find((d) => d.marketDeployerId === id)?.name;
  return name ? `${id} ${name}` : String(id);
}
function timeText(ms) {
  return new Date(ms).toISOString().replace("T", " ").replace(/\.\d+Z$/, "Z");
}
function ratePercent(rate) {
  const raw = rate === void 0 ? void 0 : toRaw(rate, 6);
  if (raw === void 0) return MISSING;
  const text = `${formatFixed(raw < 0n ? -raw : raw, 4, 4)}%`;
  return raw < 0n ? `${MINUS}${text}` : text;
}
function contractsTable(configs) {
  return {
    columns: ["name", "id", "status", "deployer", "tick", "step", "max lev"],
    right: [1, 4, 5, 6],
    rows: configs.contracts.map((c) => [
      c.name,
      String(c.contractId),
      c.status,
      deployerLabel(configs, c.marketDeployerId),
      formatPrice(BigInt(c.tickSize), c),
      formatSize(BigInt(c.stepSize), c),
      `${Math.max(...c.leverageTiers.map((t) => t.maxLeverage))}x`
    ])
  };
}
function bookLines(book, c) {
  const [bids, asks] = book.levels;
  const rows = [];
  for (let i = 0; i < Math.max(bids.length, asks.length); i++) {
    const b = bids[i];
    const a = asks[i];
    rows.push([
      b ? String(b.n) : "",
      b ? formatSize(b.sz, c) : "",
      b ? formatPrice(b.px, c) : "",
      a ? formatPrice(a.px, c) : "",
      a ? formatSize(a.sz, c) : "",
      a ? String(a.n) : ""
    ]);
  }
  const bid = toRaw(bids[0]?.px, c.priceScale);
  const ask = toRaw(asks[0]?.px, c.priceScale);
  const spread = bid !== void 0 && ask !== void 0 ? formatPrice(ask - bid, c) : MISSING;
  const table = renderTable({ columns: ["n", "bid size", "bid", "ask", "ask size", "n"], right: [0, 1, 2, 3, 4, 5], rows });
  return [`${c.name} book at ${timeText(book.time)}  spread ${spread}`, ...table];
}
var takerSide = (t) => t.side === "B" ? "buy" : "sell";
function tradesTable(trades, byId) {
  return {
    columns: ["time", "contract", "taker", "price", "size", "tid"],
    right: [3, 4, 5],
    rows: trades.map((t) => {
      const c = byId.get(t.contractId);
      return [timeText(t.time), contractName(byId, t.contractId), takerSide(t), c ? formatPrice(t.px, c) : t.px, c ? formatSize(t.sz, c) : t.sz, String(t.tid)];
    })
  };
}
function tradeLines(trades, byId) {
  return trades.map((t) => {
    const c = byId.get(t.contractId);
    return `${timeText(t.time)}  ${contractName(byId, t.contractId)}  ${takerSide(t).padEnd(4)}  ${c ? formatSize(t.sz, c) : t.sz} @ ${c ? formatPrice(t.px, c) : t.px}`;
  });
}
function candlesTable(candles, c) {
  return {
    columns: ["open time", "open", "high", "low", "close", "volume", "trades"],
    right: [1, 2, 3, 4, 5, 6],
    rows: candles.map((k) => [timeText(k.t), formatPrice(k.o, c), formatPrice(k.h, c), formatPrice(k.l, c), formatPrice(k.c, c), formatSize(k.v, c), String(k.n)])
  };
}
function candleUpdateLine(k, c) {
  const px = (p) => formatPrice(p, c);
  return `${c.name} ${k.interval} ${timeText(k.t)}  O ${px(k.o)}  H ${px(k.h)}  L ${px(k.l)}  C ${px(k.c)}  V ${formatSize(k.v, c)}  n ${k.n}${k.closed ? "  closed" : ""}`;
}
function orderCells(o, byId) {
  const c = byId.get(o.asset);
  return [
    String(o.oid),
    contractName(byId, o.asset),
    o.isBuy ? "buy" : "sell",
    c ? formatPrice(o.limitPx, c) : o.limitPx,
    c ? formatSize(o.origSz, c) : o.origSz,
    c ? formatSize(o.sz, c) : o.sz,
    o.tif + (o.reduceOnly ? " reduce" : "")
  ];
}
function ordersTable(orders, byId) {
  return {
    columns: ["oid", "contract", "side", "price", "size", "left", "tif", "placed", "cloid"],
    right: [0, 3, 4, 5],
    rows: orders.map((o) => [...orderCells(o, byId), timeText(o.timestamp), o.cloid ?? ""])
  };
}
function orderLookupTable(found, byId) {
  return {
    columns: ["oid", "contract", "side", "price", "size", "left", "tif", "status", "since", "cloid"],
    right: [0, 3, 4, 5],
    rows: found.map((f) => [...orderCells(f.order, byId), f.status, timeText(f.statusTimestamp), f.order.cloid ?? ""])
  };
}
function accountLines(a, configs) {
  const coll = collateralCoin(configs);
  const money = (raw, coinId = coll.coinId) => formatMoney(raw, coinById(configs, coinId));
  const rows = [];
  for (const b of a.chainBalances) {
    if (b.coinId !== coll.coinId && !/[1-9]/.test(b.total)) continue;
    rows.push(["chain", coinById(configs, b.coinId).name, money(b.total, b.coinId), "", "", "", "", ""]);
  }
  for (const p of a.marketDeployers) {
    const own = p.balances.find((b) => b.coinId === coll.coinId)?.total ?? "0";
    const open = p.positions.filter((x) => /[1-9]/.test(x.size)).length;
    rows.push([deployerLabel(configs, p.marketDeployerId), coll.name, money(own), money(p.equity), money(p.marginUsed), money(p.available), money(p.withdrawable), String(open)]);
    for (const b of p.balances) {
      if (b.coinId === coll.coinId || !/[1-9]/.test(b.total)) continue;
      rows.push(["", coinById(configs, b.coinId).name, money(b.total, b.coinId), "", "", "", "", ""]);
    }
  }
  const head = `account ${a.address} (id ${a.accountId}, ${a.marginShareType} margin, ${a.positionMode})`;
  return [head, ...renderTable({ columns: ["where", "coin", "balance", "equity", "margin used", "available", "withdrawable", "positions"], right: [2, 3, 4, 5, 6, 7], rows })];
}
function positionsTable(positions, configs) {
  const byId = contractsById(configs);
  const coll = collateralCoin(configs);
  const rows = positions.filter((p) => /[1-9]/.test(p.size)).map((p) => {
    const c = byId.get(p.contractId) ?? { priceScale: 0, qtyScale: 0 };
    const abs = toRaw(p.size.replace(/^-/, ""), c.qtyScale);
    const signed = abs === void 0 ? void 0 : p.isBuy ? abs : -abs;
    const margin = p.marginUsed ?? (p.marginMode === "isolated" ? p.isolatedMargin : void 0);
    const legs = [p.tp && `TP ${formatPrice(p.tp.triggerPx, c)}`, p.sl && `SL ${formatPrice(p.sl.triggerPx, c)}`].filter(Boolean).join(" ");
    return [
      p.contract,
      deployerLabel(configs, p.marketDeployerId),
      p.isBuy ? "long" : "short",
      formatSize(signed, c, { signed: true }),
      formatPrice(p.entryPx, c),
      formatPrice(p.liquidationPx, c),
      `${p.leverage}x ${p.marginMode === "isolated" ? "iso" : "cross"}`,
      formatMoney(margin, coll),
      formatMoney(p.unrealizedPnl, coll, { signed: true }),
      legs || MISSING
    ];
  });
  return { columns: ["contract", "deployer", "side", "size", "entry", "liq", "lev", "margin", "uPnL", "tp/sl"], right: [3, 4, 5, 7, 8], rows };
}
function agentsTable(agents) {
  return {
    columns: ["name", "address", "slot", "valid until", "state"],
    // validUntil 0: the approval has no end.
    rows: agents.map((a) => [a.name || MISSING, a.address, a.slot, a.validUntil === 0 ? "no expiry" : timeText(a.validUntil), a.expired ? "expired" : "active"])
  };
}
function groupsTable(groups, balances, configs) {
  const byId = contractsById(configs);
  const rows = groups.map((g) => {
    const coin = coinById(configs, g.settlementCoinId);
    const mine = balances.find((b) => b.groupId === g.groupId && b.coinId === g.settlementCoinId);
    const money = (raw) => mine ? formatMoney(raw, coin) : "";
    return [
      String(g.groupId),
      g.members.map((id) => contractName(byId, id)).join(", "),
      coin.name,
      g.frozen || mine?.frozen ? "frozen" : "",
      money(mine?.balance),
      money(mine?.equity),
      money(mine?.marginUsed),
      money(mine?.available)
    ];
  });
  return { columns: ["group", "contracts", "coin", "state", "balance", "equity", "margin used", "available"], right: [0, 4, 5, 6, 7], rows };
}
function deployersTable(configs, enrolled) {
  return {
    columns: ["id", "name", "operator", "contracts", "enrolled"],
    right: [0],
    rows: configs.marketDeployers.map((d) => [
      String(d.marketDeployerId),
      d.name,
      d.operator ?? MISSING,
      configs.contracts.filter((c) => c.marketDeployerId === d.marketDeployerId).map((c) => c.name).join(", "),
      enrolled.includes(d.marketDeployerId) ? "yes" : "no"
    ])
  };
}
function feesTable(configs) {
  return {
    columns: ["contract", "deployer", "status", "maker", "taker"],
    right: [3, 4],
    rows: configs.contracts.map((c) => [c.name, deployerLabel(configs, c.marketDeployerId), c.status, ratePercent(c.makerFeeRate), ratePercent(c.takerFeeRate)])
  };
}

// src/command/watch.ts
async function runWatch(r, source, o = {}) {
  const ac = new AbortController();
  let finish;
  const done = new Promise((resolve) => finish = resolve);
  const timer = r.args.forMs !== void 0 ? setTimeout(finish, r.args.forMs) : void 0;
  void r.interrupted.then(() => finish());
  let printed = 0;
  let lastNote;
  const sink = {
    emit(out) {
      if (ac.signal.aborted) return;
      if (printed > 0 && r.mode === "table" && !o.tape) r.out.write("\n");
      printEvent(r.out, r.mode, out);
      lastNote = void 0;
      printed++;
      if (r.args.count !== void 0 && printed >= r.args.count) finish();
    },
    warn(message) {
      if (ac.signal.aborted || message === lastNote) return;
      lastNote = message;
      r.err.write(`perpdesk: ${message}
`);
    }
  };
  let stop;
  try {
    stop = source(sink, ac.signal);
    await done;
  } finally {
    ac.abort();
    clearTimeout(timer);
    await stop?.();
  }
  return void 0;
}

// src/command/watchPoll.ts
import { setTimeout as sleep } from "node:timers/promises";
var DEFAULT_POLL_MS = 1e3;
function pollSource(everyMs, first, read) {
  return (sink, stopped) => {
    let last = toJson(first.json);
    sink.emit(first);
    let failing = false;
    const loop = async () => {
      while (!stopped.aborted) {
        try {
          await sleep(everyMs, void 0, { signal: stopped });
        } catch {
          return;
        }
        let out;
        try {
          out = await read();
        } catch (e) {
          if (stopped.aborted) return;
          failing = true;
          sink.warn(`${e instanceof Error ? e.message : String(e)} (trying again every ${everyMs} ms)`);
          continue;
        }
        if (stopped.aborted) return;
        if (failing) sink.warn("the exchange answers again");
        failing = false;
        const json = toJson(out.json);
        if (json === last) continue;
        last = json;
        sink.emit(out);
      }
    };
    void loop();
  };
}

// src/command/watchStream.ts
var RECONNECTED = "websocket connected again";
function openStream(wsUrl, sub, note) {
  const ws = new WsClient({ url: wsUrl });
  ws.onError((e) => note(e.message));
  let dropped = false;
  ws.onState((s) => {
    if (s.connection === "reconnecting") dropped = true;
    else if (s.connection === "open" && dropped) {
      dropped = false;
      note(RECONNECTED);
    }
  });
  ws.subscribe(sub);
  ws.start();
  return ws;
}
function streamSource(wsUrl, sub, render) {
  return (sink) => {
    const ws = openStream(wsUrl, sub, (m) => sink.warn(m));
    ws.onMessage((m) => {
      const out = render(m);
      if (out) sink.emit(out);
    });
    return () => ws.close();
  };
}
async function firstMessage(wsUrl, sub, pick2, timeoutMs, until) {
  let lastError;
  let settle;
  const result = new Promise((resolve) => settle = resolve);
  const ws = openStream(wsUrl, sub, (m) => {
    if (m !== RECONNECTED) lastError = m;
  });
  ws.onMessage((m) => {
    const value = pick2(m);
    if (value !== void 0) settle({ ok: true, value });
  });
  const timer = setTimeout(() => settle({ ok: false, reason: "timeout", lastError }), timeoutMs);
  void until.then(() => settle({ ok: false, reason: "interrupted", lastError }));
  try {
    return await result;
  } finally {
    clearTimeout(timer);
    ws.close();
  }
}

// src/command/readCommands.ts
var DEFAULT_DEPTH = 20;
var MAX_DEPTH = 100;
var DEFAULT_BARS = 50;
var MAX_BARS = 5e3;
var DEFAULT_TRADES_WAIT_MS = 1e4;
var MAX_LOOKUP = 1e3;
var WATCH_LINE_SCHEMAS = {
  candles: () => CandleUpdate
};
var usage = (message) => new CommandError(EXIT.usage, message);
function optionText(r, name) {
  const value = r.options[name];
  return typeof value === "string" ? value : void 0;
}
function wholeOption(r, name, fallback, max) {
  const text = optionText(r, name);
  if (text === void 0) return fallback;
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1 || Number(text) > max) throw usage(`--${name} must be a whole number from 1 to ${max}`);
  return Number(text);
}
function durationOption(r, name, fallback) {
  const text = optionText(r, name);
  if (text === void 0) return fallback;
  const ms = parseDuration(text);
  if (ms === void 0) throw usage(`--${name} must be a duration such as 2s, 500ms or 1m`);
  return ms;
}
function noWords(r) {
  if (r.positionals.length > 0) throw usage(`unexpected words: ${r.positionals.join(" ")}`);
}
function contractOf(r, configs) {
  const wanted = r.args.contract ?? r.config.contract;
  if (wanted !== void 0) {
    const c = configs.contracts.find((x) => x.name === wanted);
    if (!c) throw usage(`--contract ${wanted}: no such contract (the exchange lists ${configs.contracts.map((x) => x.name).join(", ") || "none"})`);
    return c;
  }
  const first = configs.contracts.find((c) => c.status === "Active");
  if (!first) throw new CommandError(EXIT.rejected, "the exchange lists no Active contract; name one with --contract");
  return first;
}
var wsUrlOf = (rd) => rd.conn.target.wsUrl ?? defaultWsUrl(rd.conn.target.url);
var POLL = {
  options: { poll: { type: "string" } },
  optionHelp: { poll: `with --watch: read this often (default ${DEFAULT_POLL_MS} ms); an update is printed only when the answer changed` }
};
function polledRead(p) {
  return {
    path: p.path,
    summary: p.summary,
    writes: false,
    watch: true,
    schema: p.schema,
    ...POLL,
    run: (r) => {
      noWords(r);
      if (optionText(r, "poll") !== void 0 && !r.args.watch) throw usage("--poll goes with --watch");
      const every = durationOption(r, "poll", DEFAULT_POLL_MS);
      return withReader(r, "account", async (rd) => {
        const configs = must(await rd.info.configs());
        const first = await p.read(rd, configs);
        if (!r.args.watch) return first;
        return runWatch(r, pollSource(every, first, () => p.read(rd, configs)));
      });
    }
  };
}
var PositionRow = v.object({ contract: v.string(), marketDeployerId: v.number(), ...Position.entries });
var Groups = v.object({ groups: v.array(ShareGroupDef), balances: UserAccount.entries.shareGroups });
var Deployers = v.object({ marketDeployers: Configs.entries.marketDeployers, enrolled: v.array(v.number()) });
var FeeRow = v.pick(ContractConfig, ["contractId", "name", "marketDeployerId", "status", "makerFeeRate", "takerFeeRate"]);
async function userAccount(rd) {
  return must(await rd.info.userAccount(rd.account()));
}
async function openOrders(rd, configs) {
  const user = rd.account();
  const orders = [];
  for (const d of configs.marketDeployers) orders.push(...must(await rd.info.userOrders(user, d.marketDeployerId)));
  return orders;
}
function lookupIds(r) {
  const words = r.positionals;
  if (words.length === 0) throw usage("order show: name an order id (or --cloid and a client order id)");
  if (words.length > MAX_LOOKUP) throw usage(`order show: at most ${MAX_LOOKUP} ids at once`);
  const hex = words.find((w) => /^0x/i.test(w));
  if (hex) throw usage(`order show: ${hex}: client order ids on this exchange are decimal digits (--cloid 1234...), not 0x hex`);
  if (r.options["cloid"] === true) {
    const bad2 = words.find((w) => !/^\d{1,19}$/.test(w));
    if (bad2) throw usage(`order show: ${bad2} is not a client order id (up to 19 digits)`);
    return { cloids: [...words] };
  }
  const bad = words.find((w) => !/^\d{1,15}$/.test(w));
  if (bad) throw usage(`order show: ${bad} is not an order id (digits; --cloid for a client order id)`);
  return { oids: words.map(Number) };
}
var READ_COMMANDS = [
  {
    path: ["book"],
    summary: "the contract's order book (--contract NAME, else the config's, else the first Active one)",
    writes: false,
    watch: true,
    schema: () => L2Book,
    options: { depth: { type: "string" } },
    optionHelp: { depth: `levels a side (default ${DEFAULT_DEPTH}, at most ${MAX_DEPTH})` },
    run: (r) => {
      noWords(r);
      const depth = wholeOption(r, "depth", DEFAULT_DEPTH, MAX_DEPTH);
      return withReader(r, "market", async (rd) => {
        const c = contractOf(r, must(await rd.info.configs()));
        const out = (book) => ({ json: book, human: bookLines(book, c) });
        if (!r.args.watch) return out(must(await rd.info.l2Book(c.contractId, depth)));
        return runWatch(
          r,
          streamSource(
            wsUrlOf(rd),
            { type: "l2Book", contractId: c.contractId },
            (m) => m.channel === "l2Book" && m.data.contractId === c.contractId ? out({ ...m.data, levels: [m.data.levels[0].slice(0, depth), m.data.levels[1].slice(0, depth)] }) : void 0
          )
        );
      });
    }
  },
  {
    path: ["trades"],
    summary: "the contract's next trades (the stream keeps no history; waits up to --timeout), or the tape with --watch",
    writes: false,
    watch: true,
    schema: () => v.array(Trade),
    options: { timeout: { type: "string" } },
    optionHelp: { timeout: `without --watch: give up (exit 3) when no trade comes within this long (default ${DEFAULT_TRADES_WAIT_MS / 1e3}s)` },
    run: (r) => {
      noWords(r);
      const timeoutMs = durationOption(r, "timeout", DEFAULT_TRADES_WAIT_MS);
      return withReader(r, "market", async (rd) => {
        const configs = must(await rd.info.configs());
        const c = contractOf(r, configs);
        const byId = contractsById(configs);
        const sub = { type: "trades", contractId: c.contractId };
        const ours = (m) => m.channel === "trades" ? m.data.filter((t) => t.contractId === c.contractId) : [];
        if (r.args.watch) {
          return runWatch(
            r,
            streamSource(wsUrlOf(rd), sub, (m) => {
              const trades = ours(m);
              return trades.length > 0 ? { json: trades, human: tradeLines(trades, byId) } : void 0;
            }),
            { tape: true }
          );
        }
        const got = await firstMessage(wsUrlOf(rd), sub, (m) => {
          const trades = ours(m);
          return trades.length > 0 ? trades : void 0;
        }, timeoutMs, r.interrupted);
        if (!got.ok) {
          const why = got.reason === "interrupted" ? "interrupted" : `no trade on ${c.name} within ${timeoutMs} ms`;
          throw new CommandError(EXIT.network, `${why}${got.lastError ? ` (${got.lastError})` : ""}`, { reason: got.reason });
        }
        return { json: got.value, human: tradesTable(got.value, byId) };
      });
    }
  },
  {
    path: ["candles"],
    summary: "the contract's recent bars (only periods with trades have one)",
    writes: false,
    watch: true,
    schema: () => v.array(Candle),
    options: { interval: { type: "string" }, bars: { type: "string" } },
    optionHelp: {
      interval: `bar length: ${CANDLE_INTERVALS.join(", ")} (default 1m)`,
      bars: `how far back, in bars (default ${DEFAULT_BARS}, at most ${MAX_BARS}); --watch streams the live bar instead`
    },
    run: (r) => {
      noWords(r);
      const interval = optionText(r, "interval") ?? "1m";
      if (!CANDLE_INTERVALS.includes(interval)) throw usage(`--interval must be one of ${CANDLE_INTERVALS.join(", ")}`);
      const bars = wholeOption(r, "bars", DEFAULT_BARS, MAX_BARS);
      return withReader(r, "market", async (rd) => {
        const c = contractOf(r, must(await rd.info.configs()));
        if (r.args.watch) {
          return runWatch(
            r,
            streamSource(
              wsUrlOf(rd),
              { type: "candle", contractId: c.contractId, interval },
              (m) => m.channel === "candle" && m.data.contractId === c.contractId && m.data.interval === interval ? { json: m.data, human: [candleUpdateLine(m.data, c)] } : void 0
            ),
            { tape: true }
          );
        }
        const now = must(await rd.info.marketState(c.contractId)).time;
        const step = CANDLE_INTERVAL_MS[interval];
        const candles = must(await rd.info.candleSnapshot(c.contractId, interval, now - step * bars, now + step)).slice(-bars);
        return { json: candles, human: candlesTable(candles, c) };
      });
    }
  },
  {
    path: ["contracts"],
    summary: "the exchange's contracts, coins and market deployers",
    writes: false,
    schema: () => Configs,
    run: (r) => {
      noWords(r);
      return withReader(r, "market", async (rd) => {
        const configs = must(await rd.info.configs());
        return { json: configs, human: contractsTable(configs) };
      });
    }
  },
  polledRead({
    path: ["account"],
    summary: "the account: chain balances and each market deployer's pool (equity, margin used, available)",
    schema: () => UserAccount,
    read: async (rd, configs) => {
      const a = await userAccount(rd);
      return { json: a, human: accountLines(a, configs) };
    }
  }),
  polledRead({
    path: ["positions"],
    summary: "the account's positions, every market deployer",
    schema: () => v.array(PositionRow),
    read: async (rd, configs) => {
      const byId = contractsById(configs);
      const positions = (await userAccount(rd)).marketDeployers.flatMap(
        (d) => d.positions.map((p) => ({ contract: byId.get(p.contractId)?.name ?? `#${p.contractId}`, marketDeployerId: d.marketDeployerId, ...p }))
      );
      return { json: positions, human: positionsTable(positions, configs) };
    }
  }),
  polledRead({
    path: ["orders"],
    summary: "the account's open orders, every market deployer",
    schema: () => v.array(OpenOrder),
    read: async (rd, configs) => {
      const orders = await openOrders(rd, configs);
      return { json: orders, human: ordersTable(orders, contractsById(configs)) };
    }
  }),
  {
    path: ["order", "show"],
    usage: "OID... | --cloid CLOID...",
    summary: "look up orders of the account by id, open or not, with their status",
    writes: false,
    schema: () => v.array(OrderLookup),
    options: { cloid: { type: "boolean" } },
    optionHelp: { cloid: "the words are client order ids (digits), not order ids" },
    run: (r) => {
      const ids = lookupIds(r);
      return withReader(r, "account", async (rd) => {
        const configs = must(await rd.info.configs());
        const user = rd.account();
        const found = must(await ("oids" in ids ? rd.info.ordersByIds(user, ids.oids) : rd.info.ordersByCloids(user, ids.cloids)));
        return { json: found, human: orderLookupTable(found, contractsById(configs)) };
      });
    }
  },
  polledRead({
    path: ["agents"],
    summary: "the agent keys approved for the account",
    schema: () => v.array(AgentRecord),
    read: async (rd) => {
      const agents = must(await rd.info.userAgents((await userAccount(rd)).accountId));
      return { json: agents, human: agentsTable(agents) };
    }
  }),
  polledRead({
    path: ["groups"],
    summary: "the share groups, with the account's balance in each",
    schema: () => Groups,
    read: async (rd, configs) => {
      const groups = must(await rd.info.shareGroupState());
      const balances = (await userAccount(rd)).shareGroups;
      return { json: { groups, balances }, human: groupsTable(groups, balances, configs) };
    }
  }),
  polledRead({
    path: ["deployers"],
    summary: "the market deployers, and which the account is enrolled with",
    schema: () => Deployers,
    read: async (rd, configs) => {
      const enrolled = must(await rd.info.userMarketDeployers(rd.account()));
      return { json: { marketDeployers: configs.marketDeployers, enrolled }, human: deployersTable(configs, enrolled) };
    }
  }),
  {
    path: ["fees"],
    summary: "each contract's maker and taker fee rates (the exchange has no read of one user's own rates)",
    writes: false,
    schema: () => v.array(FeeRow),
    run: (r) => {
      noWords(r);
      return withReader(r, "market", async (rd) => {
        const configs = must(await rd.info.configs());
        const fees = configs.contracts.map((c) => v.parse(FeeRow, c));
        return { json: fees, human: feesTable(configs) };
      });
    }
  }
];

// src/command/outcomeExit.ts
function exitOfOutcome(o) {
  if (!o.ok) {
    if (o.outcomeUnknown) return EXIT.unknown;
    if (o.error.kind === "network" || o.error.kind === "timeout") return EXIT.network;
    if (o.error.kind === "validation") return EXIT.refused;
    return EXIT.rejected;
  }
  if ("statuses" in o && Array.isArray(o.statuses)) {
    for (const s of o.statuses) {
      if (s === "success") continue;
      if (typeof s === "object" && s !== null) {
        if ("error" in s) return EXIT.rejected;
        const rec2 = s.reconciled;
        if (rec2 && (rec2.status === "rejected" || rec2.status === "absent")) return EXIT.rejected;
      }
    }
    return EXIT.ok;
  }
  const rec = o.reconciled;
  if (rec && (rec.applied === false || rec.status === "rejected" || rec.status === "absent")) return EXIT.rejected;
  const data = o.data;
  if (data && typeof data.errorCode === "number" && data.errorCode !== 0) return EXIT.rejected;
  return EXIT.ok;
}

// src/command/blockerRemedy.ts
var commandRemedy = (a) => {
  switch (a.command) {
    case "deployer.enroll":
      return `run perpdesk enroll${a.params?.["deployer"] ? ` --deployer ${a.params["deployer"]}` : ""}`;
    case "contract.pick":
      return "name an active one with --contract (perpdesk contracts lists them)";
    case "collateral.move":
      return `${a.text} (perpdesk collateral lock, perpdesk group deposit)`;
    default:
      return void 0;
  }
};

// src/command/runForm.ts
function settingsOf(r) {
  const c = r.config;
  return { confirm: c.confirm, guards: c.guards, alerts: c.alerts, defaultSize: c.defaultSize };
}
async function openWriteSession(r, o = {}) {
  const conn = await connect(r, "write");
  for (const w of conn.warnings) r.err.write(`perpdesk: ${w}
`);
  const closeExchange = async () => {
    await conn.embedded?.close();
  };
  let contractName2;
  try {
    contractName2 = await resolveContract(conn.target.url, r.args.contract ?? r.config.contract);
  } catch (e) {
    await closeExchange();
    if (e instanceof StartupError) throw new CommandError(e.exitCode === 2 ? EXIT.usage : EXIT.network, e.message);
    throw e;
  }
  const session = createSession({ url: conn.target.url, ...conn.target.wsUrl ? { wsUrl: conn.target.wsUrl } : {} }, conn.keys, {
    contractName: contractName2,
    stateDir: r.stateDir,
    live: false,
    face: "cli",
    ...conn.embedded ? { nonces: conn.embedded.nonces } : {}
  });
  const close = async () => {
    await session.close();
    await closeExchange();
  };
  const ready = await session.ready;
  const loaded = ready.ok && (o.readAccount ?? true) ? await session.refresh() : ready;
  if (!loaded.ok) {
    await close();
    const e = loaded.error;
    if (e.kind === "network" || e.kind === "timeout") throw new CommandError(EXIT.network, `cannot read the account: ${e.message}`);
    const unregistered = /no account is registered/i.test(e.message);
    throw new CommandError(unregistered ? EXIT.usage : EXIT.rejected, `cannot read the account: ${e.message}${unregistered ? " (register it first: perpdesk register --invite-code CODE)" : ""}`);
  }
  return { session, close };
}
async function runForm(r, requestOf) {
  const { session, close } = await openWriteSession(r);
  try {
    return await formOnSession(r, session, requestOf);
  } finally {
    await close();
  }
}
async function formOnSession(r, session, requestOf) {
  const base = { keys: keysLoaded(session.exchange.signers), settings: settingsOf(r) };
  const contextOf = (extras) => ({ ...contextFromState(session.store.getState(), { ...base, ...extras }), bookStale: false });
  const first = contextOf({});
  const req = requestOf(first, session);
  const spec = formById(req.form);
  if (!spec) throw new CommandError(EXIT.internal, `${req.form}: no such form`);
  const ctx = req.extras ? contextOf(req.extras) : first;
  if (req.note) r.err.write(`${req.note}
`);
  const ev = evaluateForm(spec, req.texts, ctx);
  if (!ev.ready || !ev.built) {
    const fieldErrors = ev.blocked === void 0 && ev.fields.some((f) => f.error !== void 0);
    throw new CommandError(fieldErrors ? EXIT.usage : EXIT.refused, ev.errors.join("; "), { errors: ev.errors });
  }
  const built = ev.built;
  const plan = confirmPlan(spec, ev, ctx);
  plan.lines = plan.lines.filter((l, i) => plan.lines.indexOf(l) === i);
  const checks = [...blockerLines(plan, commandRemedy), ...plan.overrides.map((o) => o.message), ...plan.staleBook ? [plan.staleBook] : []];
  if ((needsOverride(plan) || plan.staleBook !== void 0) && !r.args.force) {
    throw new CommandError(EXIT.refused, `refused before signing: ${checks.join("; ")} (--force sends anyway)`, { checks, request: plan.lines });
  }
  if (r.args.dryRun) {
    const signed = session.exchange.signOnly(built.action);
    if (!signed.ok) throw new CommandError(EXIT.refused, signed.error.message);
    return {
      json: { dryRun: true, request: signed.value.envelope, signer: signed.value.signer, summary: plan.lines, checks },
      human: ["dry run: signed, not sent", ...plan.lines.map((l) => `  ${l}`), JSON.stringify(signed.value.envelope)]
    };
  }
  if (plan.show && !r.args.yes) {
    if (!r.interactive) {
      throw new CommandError(EXIT.refused, `this ${spec.title.toLowerCase()} asks for confirmation (config confirm policy); add --yes to send it`, { request: plan.lines });
    }
    r.err.write(`${[spec.title, ...plan.lines.map((l) => `  ${l}`), ...checks.map((c) => `  ! ${c}`)].join("\n")}
`);
    const answer = (await r.ask("Send? [y/N] ")).trim().toLowerCase();
    if (answer !== "y" && answer !== "yes") throw new CommandError(EXIT.refused, "not sent: not confirmed");
  }
  const sent = await sendCall(session.exchange, built.call, renderOptionsFor(session.store.getState().market.configs, built.call));
  const exitCode = exitOfOutcome(sent.outcome);
  return {
    json: { ok: exitCode === EXIT.ok, action: built.action.type, request: plan.lines, answer: sent.outcome },
    human: [...plan.lines, ...sent.view.lines],
    exitCode
  };
}

// src/command/accountCommands.ts
var ACCOUNT_COMMANDS = [
  {
    path: ["register"],
    usage: "[--invite-code CODE]",
    summary: "register the master key's account (a deployment may ask for an invite code)",
    writes: true,
    run: async (r) => {
      const { session, close } = await openWriteSession(r, { readAccount: false });
      try {
        const outcome = await session.exchange.registerAccount(r.args.inviteCode);
        const exitCode = exitOfOutcome(outcome);
        return { json: { ok: exitCode === EXIT.ok, action: "registerAccount", answer: outcome }, human: renderActionOutcome("registerAccount", outcome).lines, exitCode };
      } finally {
        await close();
      }
    }
  },
  {
    path: ["agent", "generate"],
    summary: `create an agent key, saved encrypted under the state directory (password: --password-file, PERPDESK_PASSWORD or a prompt; at least ${MIN_PASSWORD} characters)`,
    writes: false,
    run: async (r) => {
      let password;
      try {
        ({ password } = await resolvePassword({
          ...r.args.passwordFile ? { passwordFile: r.args.passwordFile } : {},
          ...r.interactive ? { promptQuestion: "Password for the new agent keystore: " } : { prompt: false }
        }));
      } catch (e) {
        if (e instanceof KeySourceError) throw new CommandError(EXIT.usage, e.message);
        throw e;
      }
      if (password.length < MIN_PASSWORD) throw new CommandError(EXIT.usage, `the password must have at least ${MIN_PASSWORD} characters`);
      const { address, file } = await generateAgentKeystore(r.stateDir, password);
      return {
        json: { address, keystore: file },
        human: [`agent ${address}`, `saved to ${file}`, `approve it: perpdesk agent approve ${address}`, `then trade with: --agent-keystore ${file}`]
      };
    }
  }
];

// src/command/writeCommands.ts
import { readFileSync } from "node:fs";

// src/command/formOptions.ts
var kebab = (key) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
function fieldOptions(formId, skip = []) {
  const spec = formById(formId);
  const out = {};
  for (const [key, f] of Object.entries(spec?.fields ?? {})) {
    if (skip.includes(key)) continue;
    out[kebab(key)] = f.kind === "toggle" ? { type: "boolean" } : { type: "string" };
  }
  return out;
}
function fieldHelp(formId, skip = []) {
  const spec = formById(formId);
  const out = {};
  for (const [key, f] of Object.entries(spec?.fields ?? {})) if (!skip.includes(key)) out[kebab(key)] = `${f.label}: ${f.help}`;
  return out;
}
function textsFromOptions(formId, options) {
  const spec = formById(formId);
  const texts = {};
  for (const key of Object.keys(spec?.fields ?? {})) {
    const v2 = options[kebab(key)];
    if (typeof v2 === "string") texts[key] = v2;
    else if (v2 === true) texts[key] = "yes";
  }
  return texts;
}

// src/command/writeCommands.ts
function usageError(message) {
  return new CommandError(EXIT.usage, message);
}
function formCommand(c) {
  const skip = c.positional ?? [];
  return {
    path: c.path,
    ...c.usage ? { usage: c.usage } : {},
    summary: c.summary,
    writes: true,
    options: { ...fieldOptions(c.form, skip), ...c.options },
    optionHelp: { ...fieldHelp(c.form, skip), ...c.optionHelp },
    run: (r) => runForm(r, (ctx) => {
      const texts = textsFromOptions(c.form, r.options);
      if (c.request) return c.request(r, ctx, texts);
      const words = [...r.positionals];
      for (const key of skip) {
        const w = words.shift();
        if (w !== void 0) texts[key] = w;
      }
      if (words.length > 0) throw usageError(`unexpected words: ${words.join(" ")}`);
      return { form: c.form, texts };
    })
  };
}
function orderWords(words, texts, r) {
  const [side, size, ...rest] = words;
  if (side !== "buy" && side !== "sell") throw usageError("order: say buy or sell, e.g. perpdesk order buy 0.5 @ 101.25");
  if (size === void 0) throw usageError("order: the size is missing, e.g. perpdesk order buy 0.5 @ 101.25");
  texts["side"] = side === "buy" ? "Buy" : "Sell";
  texts["size"] = size;
  const price = rest[0] === "@" ? rest[1] : rest[0];
  if (rest.length > (rest[0] === "@" ? 2 : 1)) throw usageError(`order: unexpected words: ${rest.join(" ")}`);
  const kinds = ["ioc", "alo", "market"].filter((k) => r.options[k] === true);
  if (kinds.length > 1) throw usageError("order: choose one of --ioc, --alo, --market");
  const kind = kinds[0];
  if (kind === "market") {
    if (price !== void 0) throw usageError("order: --market takes no price");
    texts["type"] = "Market";
  } else {
    if (price === void 0) throw usageError("order: give a limit price (buy 0.5 @ 101.25) or --market");
    texts["price"] = price;
    texts["type"] = kind === "ioc" ? "Ioc" : kind === "alo" ? "Alo" : "Gtc";
  }
}
function findOrder(ctx, id) {
  if (id === void 0 || !/^\d+$/.test(id)) throw usageError(`name the order by its oid (digits)${id === void 0 ? "" : `, got "${id}"`}`);
  const order = ctx.openOrders.find((o) => o.oid === Number(id));
  if (!order) throw new CommandError(EXIT.refused, `order ${id} is not open (filled, cancelled or never placed)`);
  return order;
}
function oneWord(r, what) {
  if (r.positionals.length > 1) throw usageError(`one ${what} only, got: ${r.positionals.join(" ")}`);
  return r.positionals[0];
}
var closing = (what) => (r, ctx) => {
  if (r.positionals.length > 0) throw usageError(`${what} takes no words; --contract picks the position`);
  const res = (what === "flatten" ? flatten : reverse)(ctx);
  if (!res.ok) throw new CommandError(EXIT.refused, res.error);
  return { form: res.form, texts: res.values, note: res.note };
};
var readLines = (file) => {
  try {
    return readFileSync(file ?? 0, "utf8");
  } catch (e) {
    throw usageError(`cannot read the orders from ${file ?? "stdin"}: ${e.code ?? String(e)}`);
  }
};
var WRITE_COMMANDS = [
  formCommand({
    path: ["order"],
    form: "order",
    usage: "buy|sell SIZE [@ PRICE] [--ioc|--alo|--market] [--reduce-only] [--cloid DIGITS]",
    summary: "place an order on the contract (Gtc unless --ioc, --alo or --market)",
    positional: ["side", "size", "price", "type"],
    options: { ioc: { type: "boolean" }, alo: { type: "boolean" }, market: { type: "boolean" } },
    optionHelp: { ioc: "immediate or cancel", alo: "add liquidity only (post-only)", market: "take the book, bounded 10% through the mark" },
    request: (r, _ctx, texts) => {
      orderWords(r.positionals, texts, r);
      return { form: "order", texts };
    }
  }),
  formCommand({
    path: ["orders", "batch"],
    form: "orderBatch",
    usage: "[--file FILE]  (lines on stdin: buy 0.5 @ 101.25 [ioc|alo] [reduce])",
    summary: "place up to the batch limit of orders in one signed request",
    positional: ["lines"],
    options: { file: { type: "string" } },
    optionHelp: { file: "read the lines from FILE instead of stdin" },
    request: (r, _ctx, texts) => {
      if (r.positionals.length > 0) throw usageError("orders batch reads its lines from stdin or --file");
      texts["lines"] = readLines(typeof r.options["file"] === "string" ? r.options["file"] : void 0).trim();
      return { form: "orderBatch", texts };
    }
  }),
  formCommand({
    path: ["modify"],
    form: "modify",
    usage: "OID [--price P] [--size S] [--tif Gtc|Alo] [--cloid DIGITS]",
    summary: "change an open order (price, size, tif); unchanged fields keep their value",
    request: (r, ctx, texts) => ({ form: "modify", texts, extras: { selectedOrder: findOrder(ctx, oneWord(r, "order")) } })
  }),
  formCommand({
    path: ["cancel"],
    form: "cancel",
    usage: "OID | --cloid CLOID",
    summary: "cancel one open order, by its oid or by the client order id given at placement",
    options: { cloid: { type: "string" } },
    optionHelp: { cloid: "the client order id given at placement (digits)" },
    request: (r, ctx, texts) => {
      const cloid = r.options["cloid"];
      if (typeof cloid === "string") {
        if (r.positionals.length > 0) throw usageError("cancel takes an oid or --cloid, not both");
        return { form: "cancelByCloid", texts: { ...texts, cloid } };
      }
      return { form: "cancel", texts, extras: { selectedOrder: findOrder(ctx, oneWord(r, "order")) } };
    }
  }),
  formCommand({ path: ["cancel-all"], form: "cancelAll", summary: "cancel every open order of the contract (asks to confirm: --yes)" }),
  formCommand({
    path: ["tpsl"],
    form: "tpSl",
    usage: "[--tp-px P] [--tp-sz S] [--sl-px P] [--sl-sz S]",
    summary: "set take-profit and stop-loss on the contract's position"
  }),
  formCommand({ path: ["tpsl", "cancel"], form: "cancelTpSl", summary: "remove the position's take-profit and stop-loss" }),
  formCommand({ path: ["conditional", "cancel"], form: "cancelConditional", usage: "ID", positional: ["id"], summary: "cancel one conditional (trigger) order by id" }),
  { ...formCommand({ path: ["flatten"], form: "order", summary: "close the contract's position with a reduce-only Ioc bounded 5% through the mark" }), options: {}, optionHelp: {}, run: (r) => runForm(r, (ctx) => closing("flatten")(r, ctx)) },
  { ...formCommand({ path: ["reverse"], form: "order", summary: "turn the position around: an Ioc of twice its size, bounded 5% through the mark" }), options: {}, optionHelp: {}, run: (r) => runForm(r, (ctx) => closing("reverse")(r, ctx)) },
  formCommand({ path: ["leverage"], form: "leverage", usage: "N", positional: ["leverage"], summary: "set the contract's leverage" }),
  formCommand({ path: ["margin-mode"], form: "marginMode", usage: "cross|isolated", positional: ["mode"], summary: "set the contract's margin mode" }),
  formCommand({ path: ["isolated-margin"], form: "isolatedMargin", usage: "add|remove AMOUNT", positional: ["direction", "amount"], summary: "move margin into or out of the isolated position" }),
  formCommand({ path: ["collateral", "lock"], form: "lockCollateral", usage: "AMOUNT [--deployer ID] [--coin NAME]", positional: ["amount"], summary: "chain balance -> a market deployer's cross pool" }),
  formCommand({ path: ["collateral", "unlock"], form: "unlockCollateral", usage: "AMOUNT [--deployer ID] [--coin NAME]", positional: ["amount"], summary: "a market deployer's cross pool -> chain balance" }),
  formCommand({ path: ["collateral", "transfer"], form: "transferBetweenDeployers", usage: "AMOUNT --from ID --to ID [--coin NAME]", positional: ["amount"], summary: "between two market deployers' cross pools" }),
  formCommand({ path: ["group", "deposit"], form: "transferMdToShareGroup", usage: "AMOUNT --group ID [--deployer ID] [--coin NAME]", positional: ["amount"], summary: "a deployer's cross pool -> a share group" }),
  formCommand({ path: ["group", "withdraw"], form: "transferShareGroupToMd", usage: "AMOUNT --group ID [--deployer ID] [--coin NAME]", positional: ["amount"], summary: "a share group -> a deployer's cross pool" }),
  formCommand({ path: ["group", "lock"], form: "lockIntoShareGroup", usage: "AMOUNT --group ID [--coin NAME]", positional: ["amount"], summary: "chain balance -> a share group" }),
  formCommand({ path: ["group", "unlock"], form: "unlockFromShareGroup", usage: "AMOUNT --group ID [--coin NAME]", positional: ["amount"], summary: "a share group -> chain balance" }),
  formCommand({ path: ["margin-share-type"], form: "setMarginShareType", usage: "UNIFIED|PORTFOLIO", positional: ["shareType"], summary: "margin per market deployer, or shared share-group pools" }),
  formCommand({ path: ["agent", "approve"], form: "approveAgent", usage: "ADDRESS [--name NAME] [--days N]", positional: ["address"], summary: "let an agent key trade for the account (master key)" }),
  formCommand({ path: ["agent", "revoke"], form: "revokeAgent", usage: "ADDRESS", positional: ["address"], summary: "withdraw an agent's approval (master key)" }),
  formCommand({ path: ["enroll"], form: "enroll", usage: "[--deployer ID]", summary: "enroll the account with a market deployer" }),
  formCommand({ path: ["fees", "set"], form: "updateFeeSetting", usage: "--user 0x... --taker RATE --maker RATE [--deployer ID]", summary: "set a user's fee rates (the deployer's operator key)" })
];

// src/command/commands.ts
var COMMANDS = [...READ_COMMANDS, ...WRITE_COMMANDS, ...ACCOUNT_COMMANDS];
var commandName = (c) => c.path.join(" ");
function findCommand(argv, list = COMMANDS) {
  let best;
  for (const c of list) {
    if (c.path.length > argv.length) continue;
    if (c.path.every((w, i) => argv[i] === w) && (!best || c.path.length > best.path.length)) best = c;
  }
  return best;
}

export {
  EXIT,
  EXIT_HELP,
  CommandError,
  parseDuration,
  toJson,
  prepareTables,
  printOutput,
  WATCH_LINE_SCHEMAS,
  COMMANDS,
  commandName,
  findCommand
};
