import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HttpTransport } from '../../../src/client/http.js';
import { InfoClient } from '../../../src/client/infoClient.js';
import type { UserAccount } from '../../../src/protocol/wire/index.js';
import { loadKeyFile } from '../../../src/wallet/index.js';
import { KEYS, type TerminalSession } from '../../support/terminal.js';
import { launchDashboard, type Dashboard } from './dashboard.js';

/**
 * The dashboard on the embedded exchange for the trading end-to-end tests: a known port so
 * the test can read /info beside the screen, an optional config file (guards, confirm
 * policy), and helpers that send one key per write and wait for what the screen shows.
 */
export interface TradingDashboard extends Dashboard {
  info: InfoClient;
  /** The demo master account's address (the account the dashboard trades for). */
  address(): Promise<string>;
  account(): Promise<UserAccount>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function launchTrading(o: { config?: object; cols?: number; rows?: number; home?: string } = {}): Promise<TradingDashboard> {
  const port = await freePort();
  const args = ['--activity', 'calm', '--port', String(port)];
  let configDir: string | undefined;
  if (o.config) {
    configDir = mkdtempSync(path.join(os.tmpdir(), 'perpdesk-e2e-config-'));
    const file = path.join(configDir, 'config.json');
    writeFileSync(file, JSON.stringify(o.config));
    args.push('--config', file);
  }
  const dash = launchDashboard(args, { cols: o.cols ?? 120, rows: o.rows ?? 40, ...(o.home ? { home: o.home } : {}) });
  const http = new HttpTransport({ baseUrl: `http://127.0.0.1:${port}`, requestTimeoutMs: 5_000 });
  const info = new InfoClient(http);
  let address: string | undefined;
  const self: TradingDashboard = {
    ...dash,
    info,
    async address() {
      address ??= (await loadKeyFile(path.join(dash.home, 'state', 'embedded', 'master.key'))).key.address.toLowerCase();
      return address;
    },
    async account() {
      const r = await info.userAccount(await self.address());
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    },
    async close() {
      await http.close();
      await dash.stop();
      if (configDir) rmSync(configDir, { recursive: true, force: true });
    },
  };
  return self;
}

/** Waits until the demo account is funded, collateralised and its agent approved. */
export async function waitReady(t: TerminalSession): Promise<string> {
  return t.waitFor((s) => /available\s+5,000\.00/.test(s) && /named 1\/3/.test(s) && s.includes('● ws'), 30_000);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Match = string | RegExp | ((s: string) => boolean);
const test = (m: Match) => (typeof m === 'string' ? (s: string) => s.includes(m) : m instanceof RegExp ? (s: string) => m.test(s) : m);

/**
 * Waits until the screen shows `until` on two reads a moment apart. A frame can reach the
 * headless terminal in several chunks, and half a frame may briefly lack what the whole one
 * still shows: "the box is gone" must be seen twice before the next key goes.
 */
export async function settled(t: TerminalSession, until: Match, timeoutMs = 15_000): Promise<string> {
  const ok = test(until);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await t.waitFor(ok, Math.max(1, deadline - Date.now()));
    await sleep(120);
    const again = await t.text();
    if (ok(again)) return again;
    if (Date.now() > deadline) throw new Error(`the screen did not settle on ${String(until)}:\n${again}`);
  }
}

/** Keys one per write, then waits for the screen to show `until`. */
export async function keys(t: TerminalSession, list: readonly string[], until: Match, timeoutMs?: number): Promise<string> {
  await t.press(...list);
  return settled(t, until, timeoutMs);
}

/**
 * An order sent by keys whose last key is Enter, then `until`. When the book happens to be
 * stale at that moment (a channel resyncing), the confirm asks again, as it must: the further
 * Enters are the trader's "send anyway". Anything else on screen is left to `until`.
 */
export async function sendOrder(t: TerminalSession, list: readonly string[], until: Match, timeoutMs = 15_000): Promise<string> {
  await t.press(...list);
  const ok = test(until);
  const stale = (x: string) => /once more to send anyway/.test(x);
  // Each Enter of the stale book's confirm is answered on screen before the next is pressed.
  for (let i = 0; i < 4; i++) {
    const screen = await t.waitFor((x) => ok(x) || stale(x), timeoutMs);
    if (ok(screen)) break;
    await t.press(KEYS.enter);
    await sleep(400);
  }
  return settled(t, until, timeoutMs);
}

/** Closes the form's answer and waits for the box to go. */
export async function closeAnswer(t: TerminalSession): Promise<string> {
  return keys(t, [KEYS.escape], (s) => !s.includes('exchange answer'));
}

/** The focused pane's inside, line by line: the text between its heavy borders. */
export function focusedInside(screen: string): string[] {
  return screen.split('\n').flatMap((l) => {
    const m = /┃([^┃]*)┃/.exec(l);
    return m ? [m[1]!] : [];
  });
}

/** The title of the pane with the heavy (focused) frame; in an area of tabs, the tab shown (in brackets). */
export function focusedTitle(screen: string): string | undefined {
  const title = /┏━ ([^━]+?) ━/.exec(screen)?.[1];
  return title?.includes('[') ? /\[([^\]]+)\]/.exec(title)?.[1] : title?.trim();
}

/** Presses Tab, one at a time and each seen on screen, until the pane titled `title` has the focus. */
export async function focusPane(t: TerminalSession, title: string): Promise<void> {
  let current = focusedTitle(await settled(t, (s) => focusedTitle(s) !== undefined));
  for (let i = 0; i < 14; i++) {
    if (current?.startsWith(title)) return;
    const before = current;
    current = focusedTitle(await keys(t, [KEYS.tab], (s) => focusedTitle(s) !== undefined && focusedTitle(s) !== before));
  }
  throw new Error(`could not focus the ${title} pane:\n${await t.text()}`);
}

/** The line of the screen that contains `needle`, for precise row checks. */
export function lineWith(screen: string, needle: string | RegExp): string | undefined {
  return screen.split('\n').find((l) => (typeof needle === 'string' ? l.includes(needle) : needle.test(l)));
}
