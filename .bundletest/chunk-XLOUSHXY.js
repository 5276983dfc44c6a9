import {
  startExchange
} from "./chunk-PWVQO4SK.js";
import {
  AGENT_LIFETIME_MS,
  AGENT_NAME,
  HttpTransport,
  InfoClient,
  NonceFileStore,
  demoKey,
  removeEndpoint,
  runOnboarding,
  writeEndpoint
} from "./chunk-UTCD3AFF.js";
import {
  NonceManager
} from "./chunk-VTVBDURB.js";

// src/session/embedded.ts
import { mkdir } from "node:fs/promises";
import path from "node:path";
async function startEmbedded(o) {
  const dir = path.join(o.stateDir, "embedded");
  await mkdir(dir, { recursive: true, mode: 448 });
  const [master, agent] = await Promise.all([demoKey(path.join(dir, "master.key")), demoKey(path.join(dir, "agent.key"))]);
  const exchange = await startExchange({
    host: "127.0.0.1",
    port: o.port ?? 0,
    activity: o.activity ?? "normal",
    seed: o.seed ?? 1,
    creditDelayMs: o.creditDelayMs ?? 300,
    inviteCount: 4
  });
  const nonces = new NonceManager({ store: new NonceFileStore(o.stateDir) });
  const address = master.address.toLowerCase();
  const log = o.onProgress ?? (() => {
  });
  let agentReady;
  const agentApproved = new Promise((resolve) => agentReady = resolve);
  const ready = runOnboarding({
    url: exchange.url,
    master,
    address,
    agent: { key: agent, address: agent.address, name: AGENT_NAME, validUntil: Date.now() + AGENT_LIFETIME_MS },
    ...o.contractName ? { contractName: o.contractName } : {},
    inviteCode: exchange.inviteCodes[0],
    log,
    nonces,
    pollMs: 100,
    onAgentReady: () => agentReady()
  }).then(() => log("account ready: funded, collateral locked, agent approved"));
  ready.catch(() => {
  });
  await Promise.race([agentApproved, ready.catch(() => {
  })]);
  const initial = await readMarket(exchange.url);
  if (o.advertise) writeEndpoint(o.stateDir, { url: exchange.url, wsUrl: exchange.wsUrl, pid: process.pid });
  return {
    ...initial ? { initial } : {},
    url: exchange.url,
    wsUrl: exchange.wsUrl,
    master,
    agent,
    address,
    nonces,
    ready,
    close: () => {
      if (o.advertise) removeEndpoint(o.stateDir);
      return exchange.close();
    }
  };
}
async function readMarket(url) {
  const http = new HttpTransport({ baseUrl: url });
  try {
    const info = new InfoClient(http);
    const configs = await info.configs();
    if (!configs.ok) return void 0;
    const active = configs.value.contracts.filter((c) => c.status === "Active");
    const books = await Promise.all(active.map((c) => info.l2Book(c.contractId)));
    return { configs: configs.value, books: books.flatMap((b) => b.ok ? [b.value] : []) };
  } catch {
    return void 0;
  } finally {
    await http.close();
  }
}

export {
  startEmbedded
};
