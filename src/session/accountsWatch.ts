import { HttpTransport } from '../client/http.js';
import { InfoClient } from '../client/infoClient.js';
import type { Configs } from '../protocol/wire/index.js';
import { accountSummary, type AccountSummary } from '../state/accountSummary.js';

/** One account to watch: a profile's name, where its exchange is, whose account. */
export interface WatchedAccount {
  name: string;
  /** REST base; undefined when it cannot be reached from here (an embedded venue not running). */
  url: string | undefined;
  /** Undefined: the account is not known without the profile's key (the embedded demo account). */
  address: string | undefined;
  /** Why it is not polled, when `url` or `address` is missing. */
  unavailable?: string;
}

export interface AccountLine {
  name: string;
  summary?: AccountSummary;
  openOrders?: number;
  positions?: number;
  /** Local time of the last answer. */
  lastOk?: number;
  error?: string;
}

export interface AccountsState {
  version: number;
  lines: readonly AccountLine[];
}

/**
 * Every profile's account at a glance, for the accounts overview: each polled in turn with
 * `userAccount` and `userOrders` (two requests an account, one account every `spacingMs`, so
 * ten profiles cost two requests a second at most, well inside the exchange's limits), the
 * figures worked out by the same `accountSummary` the account strip uses. An external store
 * (subscribe / snapshot) for whichever face shows it. `configs` are the session's: every
 * profile of a desk trades the same markets.
 */
export class AccountsWatch {
  private state: AccountsState;
  private readonly listeners = new Set<() => void>();
  private readonly clients = new Map<string, { http: HttpTransport; info: InfoClient }>();
  private timer: NodeJS.Timeout | undefined;
  private next = 0;
  private closed = false;

  constructor(
    private readonly accounts: readonly WatchedAccount[],
    private readonly configs: () => Configs | null,
    private readonly o: { spacingMs?: number; now?: () => number } = {},
  ) {
    this.state = { version: 0, lines: accounts.map((a) => ({ name: a.name, ...(a.unavailable ? { error: a.unavailable } : {}) })) };
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): AccountsState => this.state;

  start(): void {
    if (this.timer || this.closed || this.accounts.length === 0) return;
    const tick = () => {
      void this.pollOne().finally(() => {
        if (!this.closed) this.timer = setTimeout(tick, this.o.spacingMs ?? 1_000);
      });
    };
    tick();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.listeners.clear();
    await Promise.all([...this.clients.values()].map((c) => c.http.close()));
  }

  /** Polls the next account in turn; the others keep their last figures. */
  async pollOne(): Promise<void> {
    const i = this.next;
    this.next = (this.next + 1) % this.accounts.length;
    const a = this.accounts[i]!;
    if (!a.url || !a.address) return;
    const info = this.clientFor(a.url);
    const account = await info.userAccount(a.address);
    if (this.closed) return;
    if (!account.ok) return this.set(i, { ...this.state.lines[i]!, error: account.error.message });
    let openOrders = 0;
    for (const md of account.value.marketDeployers) {
      const orders = await info.userOrders(a.address, md.marketDeployerId);
      if (this.closed) return;
      if (!orders.ok) return this.set(i, { ...this.state.lines[i]!, error: orders.error.message });
      openOrders += orders.value.length;
    }
    const summary = accountSummary(account.value, this.configs());
    const positions = account.value.marketDeployers.reduce((n, md) => n + md.positions.filter((p) => p.size !== '0').length, 0);
    const line: AccountLine = { name: a.name, openOrders, positions, lastOk: (this.o.now ?? Date.now)() };
    if (summary) line.summary = summary;
    this.set(i, line);
  }

  private clientFor(url: string): InfoClient {
    let c = this.clients.get(url);
    if (!c) {
      const http = new HttpTransport({ baseUrl: url });
      c = { http, info: new InfoClient(http) };
      this.clients.set(url, c);
    }
    return c.info;
  }

  private set(i: number, line: AccountLine): void {
    const lines = [...this.state.lines];
    lines[i] = line;
    this.state = { version: this.state.version + 1, lines };
    for (const l of [...this.listeners]) l();
  }
}
