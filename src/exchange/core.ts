import { responseTypeOf } from '../protocol/wire/index.js';
import { registerAccount, registerAccountActions } from './actions/accounts.js';
import { registerAgentActions } from './actions/agents.js';
import { registerCollateralActions } from './actions/collateral.js';
import { registerFeeActions } from './actions/fees.js';
import { registerPositionActions } from './actions/positions.js';
import { ActionRegistry, rejectionData, type ActionContext, type WireData } from './actions/registry.js';
import { registerShareGroupActions } from './actions/shareGroups.js';
import { registerTradingActions } from './actions/trading.js';
import { Authenticator } from './auth.js';
import { Clock } from './clock.js';
import { CreditScheduler } from './credits.js';
import { parseExchangeEnvelope } from './envelope.js';
import { HttpError } from './errors.js';
import { registerAccountQueries } from './info/accountQueries.js';
import { registerConfigsQuery } from './info/configs.js';
import { registerMarketQueries } from './info/marketQueries.js';
import { registerOrderQueries } from './info/orderQueries.js';
import { InfoRegistry } from './info/registry.js';
import { bucket, MemoryLedger, type Ledger } from './ledger.js';
import { operatorInfo, operatorKey, type OperatorInfo } from './operators.js';
import { RateLimiter } from './rateLimiter.js';
import { MemoryAccountStore, type AccountStore } from './state/accounts.js';
import { MemoryAgentStore, type AgentStore } from './state/agents.js';
import { defaultMarketSetup } from './state/defaultMarket.js';
import { IndexPrices } from './state/indexPrices.js';
import { MemoryInviteCodeStore, type InviteCodeStore } from './state/inviteCodes.js';
import type { ExchangeState } from './state/exchangeState.js';
import { defaultMarginHooks, type MarginHooks } from './state/marginHooks.js';
import { MarketConfig, type MarketSetup } from './state/marketConfig.js';
import type { ExchangePersistence } from './persist/persistence.js';
import { NonceWindow, type NonceRegistry } from './state/nonceWindow.js';
import { StreamHub } from './streams/hub.js';
import { registerStreamSnapshots } from './streams/snapshots.js';
import { resolveWsLimits, type WsLimits } from './streams/wsLimits.js';
import { TradingEngine } from './trading/tradingEngine.js';

export interface HttpReply {
  status: number;
  body: unknown;
}

/** Where the state lives; defaults are in memory. A persistence layer passes its own. */
export interface ExchangeStores {
  ledger?: Ledger;
  accounts?: AccountStore;
  agents?: AgentStore;
  invites?: InviteCodeStore;
  nonces?: NonceRegistry;
}

export interface ExchangeCoreOptions {
  /** Drives invite codes, operator keys and the market's randomness, so a run can be repeated. */
  seed?: number;
  market?: MarketSetup;
  /** Invite codes to accept, in addition to `inviteCount` generated ones. */
  inviteCodes?: string[];
  inviteCount?: number;
  /** Exchange-time delay of the registration credit; default 2000 ms. */
  creditDelayMs?: number;
  /** Per signing address; 0 turns limiting off. Default 1200. */
  rateLimitPerMin?: number;
  /**
   * WebSocket connection, message and memory budgets (streams/wsLimits.ts). With
   * rateLimitPerMin 0 the message and auth rates default to off too.
   */
  wsLimits?: Partial<WsLimits>;
  clock?: Clock;
  stores?: ExchangeStores;
  /** Storage beyond memory (persist/sqliteVenue.ts); none: the venue lives in memory only. */
  persistence?: ExchangePersistence;
  /** One line per unexpected internal error; never request bodies or keys. */
  log?: (line: string) => void;
}

export const DEFAULT_CREDIT_DELAY_MS = 2000;
export const DEFAULT_RATE_LIMIT_PER_MIN = 1200;

/**
 * The in-process exchange: state, authentication and the request pipeline, without any
 * transport. HTTP, WebSocket and tests call `handleExchange` / `handleInfo`; actions and
 * queries are registered on `actions` / `queries` and see the core as an ExchangeState,
 * the trading engine sees it as a TradingState, and streams publish on `hub`.
 *
 * One writer at a time: both handlers run synchronously from parse to reply, so on one
 * event loop no request can observe or interleave with another's half-applied change.
 */
export class ExchangeCore implements ExchangeState {
  readonly seed: number;
  readonly clock: Clock;
  readonly config: MarketConfig;
  readonly ledger: Ledger;
  readonly accounts: AccountStore;
  readonly agents: AgentStore;
  readonly invites: InviteCodeStore;
  readonly nonces: NonceRegistry;
  readonly indexPrices: IndexPrices;
  readonly credits: CreditScheduler;
  readonly auth: Authenticator;
  readonly hub: StreamHub;
  readonly actions = new ActionRegistry();
  readonly queries = new InfoRegistry();
  readonly operators: readonly OperatorInfo[];
  /** Books, positions, margin, conditionals, funding and the trading events. */
  readonly trading: TradingEngine;
  private marginHooks: MarginHooks;
  private requestSeq = 0;
  private readonly persistence: ExchangePersistence | undefined;
  /** One line per noteworthy event (liquidations, internal errors); never request bodies or keys. */
  readonly log: (line: string) => void;

  constructor(opts: ExchangeCoreOptions = {}) {
    this.seed = opts.seed ?? 1;
    this.clock = opts.clock ?? new Clock();
    this.log = opts.log ?? (() => {});
    this.config = new MarketConfig(opts.market ?? defaultMarketSetup());
    const stores = opts.stores ?? {};
    this.ledger = stores.ledger ?? new MemoryLedger(() => this.clock.now());
    this.accounts = stores.accounts ?? new MemoryAccountStore();
    this.agents = stores.agents ?? new MemoryAgentStore();
    this.invites = stores.invites ?? new MemoryInviteCodeStore(this.seed);
    this.nonces = stores.nonces ?? new NonceWindow();
    this.indexPrices = new IndexPrices(this.config);
    this.marginHooks = defaultMarginHooks(this.ledger, this.config);
    this.auth = new Authenticator({
      accounts: this.accounts,
      agents: this.agents,
      nonces: this.nonces,
      clock: this.clock,
      signerLimiter: new RateLimiter(opts.rateLimitPerMin ?? DEFAULT_RATE_LIMIT_PER_MIN),
    });
    this.credits = new CreditScheduler(this.clock, opts.creditDelayMs ?? DEFAULT_CREDIT_DELAY_MS, (accountId) =>
      this.ledger.mint(bucket.chain(accountId, this.config.collateralCoinId), this.config.registrationCredit, `registration credit ${accountId}`),
    );
    this.hub = new StreamHub(resolveWsLimits(opts));
    this.hub.setAuthenticator((auth) => {
      const r = this.auth.authenticateWs(auth);
      // Its nonce is spent: on disk before the auth answer goes out, as for a request.
      try {
        this.persistence?.commit();
      } catch (e) {
        this.log(`state file: writing a WebSocket sign-in failed: ${e instanceof Error ? e.message : String(e)}`);
        return { ok: false, message: 'internal error; try again' };
      }
      if (!r.ok || r.role === 'master') return r;
      // An agent's session lasts only as long as the agent does (revoked, replaced, expired).
      return { ...r, lapsed: () => this.auth.agentLapsed(r.signer, r.accountId) };
    });

    for (const code of opts.inviteCodes ?? []) this.invites.add(code);
    // A restored venue keeps the codes it had; new ones come from the control route.
    if (!opts.persistence?.restored) this.invites.issue(opts.inviteCount ?? (opts.inviteCodes?.length ? 0 : 10));
    this.operators = this.createOperators();

    registerAccountActions(this.actions);
    registerAgentActions(this.actions);
    registerCollateralActions(this.actions);
    registerShareGroupActions(this.actions);
    registerFeeActions(this.actions);
    registerTradingActions(this.actions);
    registerPositionActions(this.actions);
    registerConfigsQuery(this.queries);
    registerAccountQueries(this.queries);
    registerMarketQueries(this.queries);
    registerOrderQueries(this.queries);

    this.trading = new TradingEngine(this);
    this.marginHooks = this.trading.marginHooks();
    registerStreamSnapshots(this);
    // A moved index can fire TP/SL and liquidations at once; a jump of time settles funding.
    this.indexPrices.onChange((contractId) => this.trading.onIndexChange(contractId, this.clock.now()));
    this.clock.onAdvance((now) => this.trading.onClockAdvance(now));
    this.clock.onAdvance(() => this.hub.recheckAuthorization());
    this.persistence = opts.persistence;
    this.persistence?.attach(this, this.log);
  }

  /**
   * Writes what changed since the last commit to storage, in one transaction (nothing
   * without persistence). Called before a request's answer is written, after a control
   * request and at the end of each block.
   */
  commit(): void {
    this.persistence?.commit();
  }

  get hooks(): MarginHooks {
    return this.marginHooks;
  }

  /** The trading engine's margin hooks are installed at construction; tests may swap them. */
  setMarginHooks(hooks: MarginHooks): void {
    this.marginHooks = hooks;
  }

  operatorAccountId(marketDeployerId: number): number | undefined {
    return this.operators.find((o) => o.marketDeployerId === marketDeployerId)?.accountId;
  }

  nextRequestId(): string {
    return `req-${++this.requestSeq}`;
  }

  errorReply(error: HttpError, requestId = this.nextRequestId()): HttpReply {
    return { status: error.status, body: { status: 'error', requestId, code: error.code, message: error.message } };
  }

  /** `POST /exchange` with an already parsed JSON body. */
  handleExchange(body: unknown): HttpReply {
    const requestId = this.nextRequestId();
    try {
      const env = parseExchangeEnvelope(body);
      const type = env.action.type;
      let data: WireData;
      if (type === 'registerAccount') {
        data = registerAccount(this, env);
      } else {
        const auth = this.auth.authenticate(env);
        if (auth.rejection) {
          data = rejectionData(env.action, auth.rejection);
        } else {
          const ctx: ActionContext = {
            core: this,
            account: auth.account,
            signer: auth.signer,
            signerRole: auth.role,
            nonce: env.nonce,
            now: this.clock.now(),
          };
          data = this.actions.run(ctx, env.action);
        }
      }
      // On disk before the answer leaves: an answered action survives the process dying.
      this.persistence?.commit();
      return { status: 200, body: { status: 'ok', requestId, response: { type: responseTypeOf(type), data } } };
    } catch (e) {
      return this.failure(e, requestId);
    }
  }

  /** `POST /info` with an already parsed JSON body: the bare result on success (spec 4.3). */
  handleInfo(body: unknown): HttpReply {
    try {
      const result = this.queries.handle(this, body);
      // Reads may settle lazy state (a candle history merged in, a funding schedule set).
      this.persistence?.commit();
      return { status: 200, body: result };
    } catch (e) {
      return this.failure(e, this.nextRequestId());
    }
  }

  close(): void {
    this.credits.close();
    this.hub.dropAll();
    try {
      this.persistence?.close();
    } catch (e) {
      this.log(`closing the state file failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private failure(e: unknown, requestId: string): HttpReply {
    if (e instanceof HttpError) return this.errorReply(e, requestId);
    // A bug, not bad input: the user gets a plain message, the operator one log line.
    this.log(`internal error in ${requestId}: ${e instanceof Error ? e.message : String(e)}`);
    return this.errorReply(new HttpError('INTERNAL', 'internal error; the request may not have been applied'), requestId);
  }

  private createOperators(): OperatorInfo[] {
    const out: OperatorInfo[] = [];
    for (const md of this.config.marketDeployers.keys()) {
      const key = operatorKey(this.seed, md);
      const info = operatorInfo(md, 0, key);
      const account = this.accounts.byAddress(info.address) ?? this.accounts.create(info.address, 'operator', this.clock.now());
      this.accounts.enroll(account.id, md);
      out.push(operatorInfo(md, account.id, key));
    }
    return out;
  }
}

