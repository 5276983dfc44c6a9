import * as v from 'valibot';
import type { DataMessage } from '../client/wsSubscriptions.js';
import { defaultWsUrl } from '../client/wsUrl.js';
import {
  AgentRecord,
  Candle,
  CANDLE_INTERVALS,
  CANDLE_INTERVAL_MS,
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
  type CandleInterval,
} from '../protocol/wire/index.js';
import type { CommandRun, CommandSpec, OptionSpecs } from './commandSpec.js';
import { CommandError, EXIT } from './exitCodes.js';
import { must, withReader, type Reader } from './openReader.js';
import type { CommandOutput } from './output.js';
import { parseDuration } from '../format/parseDuration.js';
import {
  accountLines,
  agentsTable,
  bookLines,
  candlesTable,
  candleUpdateLine,
  contractsById,
  contractsTable,
  deployersTable,
  feesTable,
  groupsTable,
  orderLookupTable,
  ordersTable,
  positionsTable,
  tradeLines,
  tradesTable,
  type PositionWithNames,
} from './readTables.js';
import { runWatch } from './watch.js';
import { DEFAULT_POLL_MS, pollSource } from './watchPoll.js';
import { firstMessage, streamSource } from './watchStream.js';

/**
 * The reads: each asks the exchange's /info (or, with --watch, its stream or a poll) and
 * prints the answer as the exchange gave it: JSON for scripts (decimal strings stay
 * strings), a table for a person. Market reads need no account; account reads do.
 */

const DEFAULT_DEPTH = 20;
/** The exchange sends at most this many levels a side, asked or not. */
const MAX_DEPTH = 100;
const DEFAULT_BARS = 50;
/** The exchange answers at most this many bars per candleSnapshot. */
const MAX_BARS = 5_000;
const DEFAULT_TRADES_WAIT_MS = 10_000;
/** ordersByIds / ordersByCloids look up at most this many ids per request. */
const MAX_LOOKUP = 1_000;


/** The NDJSON line of a watch, where it is not the command's one-off answer. */
export const WATCH_LINE_SCHEMAS: Readonly<Record<string, () => v.GenericSchema>> = {
  candles: () => CandleUpdate,
};

const usage = (message: string) => new CommandError(EXIT.usage, message);

function optionText(r: CommandRun, name: string): string | undefined {
  const value = r.options[name];
  return typeof value === 'string' ? value : undefined;
}

function wholeOption(r: CommandRun, name: string, fallback: number, max: number): number {
  const text = optionText(r, name);
  if (text === undefined) return fallback;
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1 || Number(text) > max) throw usage(`--${name} must be a whole number from 1 to ${max}`);
  return Number(text);
}

function durationOption(r: CommandRun, name: string, fallback: number): number {
  const text = optionText(r, name);
  if (text === undefined) return fallback;
  const ms = parseDuration(text);
  if (ms === undefined) throw usage(`--${name} must be a duration such as 2s, 500ms or 1m`);
  return ms;
}

function noWords(r: CommandRun): void {
  if (r.positionals.length > 0) throw usage(`unexpected words: ${r.positionals.join(' ')}`);
}

/** The contract as the one word a read takes (`perpdesk book SOL1`), when given. */
function contractWord(r: CommandRun): string | undefined {
  if (r.positionals.length > 1) throw usage(`unexpected words: ${r.positionals.slice(1).join(' ')} (one contract only)`);
  const word = r.positionals[0];
  if (word !== undefined && r.args.contract !== undefined && word.toLowerCase() !== r.args.contract.toLowerCase()) {
    throw usage(`the contract is ${word} or --contract ${r.args.contract}, not both`);
  }
  return word;
}

/**
 * The contract word or --contract (or the config's contract) by name, in any case where
 * that names one contract only; else the first Active contract.
 */
function contractOf(r: CommandRun, configs: Configs, word?: string): ContractConfig {
  const wanted = word ?? r.args.contract ?? r.config.contract;
  if (wanted !== undefined) {
    const folded = configs.contracts.filter((x) => x.name.toLowerCase() === wanted.toLowerCase());
    const c = configs.contracts.find((x) => x.name === wanted) ?? (folded.length === 1 ? folded[0] : undefined);
    if (!c) throw usage(`--contract ${wanted}: no such contract (the exchange lists ${configs.contracts.map((x) => x.name).join(', ') || 'none'})`);
    return c;
  }
  const first = configs.contracts.find((c) => c.status === 'Active');
  if (!first) throw new CommandError(EXIT.rejected, 'the exchange lists no Active contract; name one with --contract');
  return first;
}

const wsUrlOf = (rd: Reader) => rd.conn.target.wsUrl ?? defaultWsUrl(rd.conn.target.url);

const POLL: { options: OptionSpecs; optionHelp: Record<string, string> } = {
  options: { poll: { type: 'string' } },
  optionHelp: { poll: `with --watch: read this often (default ${DEFAULT_POLL_MS} ms); an update is printed only when the answer changed` },
};

/**
 * An account read the exchange does not stream: one answer, or with --watch the same read
 * polled and printed when it changes. The configs are read once per run.
 */
function polledRead(p: {
  path: readonly string[];
  summary: string;
  schema: () => v.GenericSchema;
  read: (rd: Reader, configs: Configs) => Promise<CommandOutput>;
}): CommandSpec {
  return {
    path: p.path,
    summary: p.summary,
    writes: false,
    watch: true,
    schema: p.schema,
    ...POLL,
    run: (r) => {
      noWords(r);
      if (optionText(r, 'poll') !== undefined && !r.args.watch) throw usage('--poll goes with --watch');
      const every = durationOption(r, 'poll', DEFAULT_POLL_MS);
      return withReader(r, 'account', async (rd) => {
        const configs = must(await rd.info.configs());
        const first = await p.read(rd, configs);
        if (!r.args.watch) return first;
        return runWatch(r, pollSource(every, first, () => p.read(rd, configs)));
      });
    },
  };
}

const PositionRow = v.object({ contract: v.string(), marketDeployerId: v.number(), ...Position.entries });
const Groups = v.object({ groups: v.array(ShareGroupDef), balances: UserAccount.entries.shareGroups });
const Deployers = v.object({ marketDeployers: Configs.entries.marketDeployers, enrolled: v.array(v.number()) });
const FeeRow = v.pick(ContractConfig, ['contractId', 'name', 'marketDeployerId', 'status', 'makerFeeRate', 'takerFeeRate']);

async function userAccount(rd: Reader): Promise<UserAccount> {
  return must(await rd.info.userAccount(rd.account()));
}

async function openOrders(rd: Reader, configs: Configs): Promise<OpenOrder[]> {
  const user = rd.account();
  const orders: OpenOrder[] = [];
  for (const d of configs.marketDeployers) orders.push(...must(await rd.info.userOrders(user, d.marketDeployerId)));
  return orders;
}

/** `order show 12 13` looks up oids; `--cloid` makes the words client order ids. */
function lookupIds(r: CommandRun): { oids: number[] } | { cloids: string[] } {
  const words = r.positionals;
  if (words.length === 0) throw usage('order show: name an order id (or --cloid and a client order id)');
  if (words.length > MAX_LOOKUP) throw usage(`order show: at most ${MAX_LOOKUP} ids at once`);
  const hex = words.find((w) => /^0x/i.test(w));
  if (hex) throw usage(`order show: ${hex}: client order ids on this exchange are decimal digits (--cloid 1234...), not 0x hex`);
  if (r.options['cloid'] === true) {
    const bad = words.find((w) => !/^\d{1,19}$/.test(w));
    if (bad) throw usage(`order show: ${bad} is not a client order id (up to 19 digits)`);
    return { cloids: [...words] };
  }
  const bad = words.find((w) => !/^\d{1,15}$/.test(w));
  if (bad) throw usage(`order show: ${bad} is not an order id (digits; --cloid for a client order id)`);
  return { oids: words.map(Number) };
}

export const READ_COMMANDS: readonly CommandSpec[] = [
  {
    path: ['book'],
    usage: '[CONTRACT]',
    summary: 'the contract\'s order book (--contract NAME, else the config\'s, else the first Active one)',
    writes: false,
    watch: true,
    schema: () => L2Book,
    options: { depth: { type: 'string' } },
    optionHelp: { depth: `levels a side (default ${DEFAULT_DEPTH}, at most ${MAX_DEPTH})` },
    run: (r) => {
      const word = contractWord(r);
      const depth = wholeOption(r, 'depth', DEFAULT_DEPTH, MAX_DEPTH);
      return withReader(r, 'market', async (rd) => {
        const c = contractOf(r, must(await rd.info.configs()), word);
        const out = (book: L2Book): CommandOutput => ({ json: book, human: bookLines(book, c) });
        if (!r.args.watch) return out(must(await rd.info.l2Book(c.contractId, depth)));
        // The stream sends the whole book every block; each line is cut to the depth asked for.
        return runWatch(
          r,
          streamSource(wsUrlOf(rd), { type: 'l2Book', contractId: c.contractId }, (m) =>
            m.channel === 'l2Book' && m.data.contractId === c.contractId
              ? out({ ...m.data, levels: [m.data.levels[0].slice(0, depth), m.data.levels[1].slice(0, depth)] })
              : undefined,
          ),
        );
      });
    },
  },
  {
    path: ['trades'],
    usage: '[CONTRACT]',
    summary: 'the contract\'s next trades (the stream keeps no history; waits up to --timeout), or the tape with --watch',
    writes: false,
    watch: true,
    schema: () => v.array(Trade),
    options: { timeout: { type: 'string' } },
    optionHelp: { timeout: `without --watch: give up (exit 3) when no trade comes within this long (default ${DEFAULT_TRADES_WAIT_MS / 1000}s)` },
    run: (r) => {
      const word = contractWord(r);
      const timeoutMs = durationOption(r, 'timeout', DEFAULT_TRADES_WAIT_MS);
      return withReader(r, 'market', async (rd) => {
        const configs = must(await rd.info.configs());
        const c = contractOf(r, configs, word);
        const byId = contractsById(configs);
        const sub = { type: 'trades', contractId: c.contractId } as const;
        const ours = (m: DataMessage) => (m.channel === 'trades' ? m.data.filter((t) => t.contractId === c.contractId) : []);
        if (r.args.watch) {
          return runWatch(
            r,
            streamSource(wsUrlOf(rd), sub, (m) => {
              const trades = ours(m);
              return trades.length > 0 ? { json: trades, human: tradeLines(trades, byId) } : undefined;
            }),
            { tape: true },
          );
        }
        const got = await firstMessage(wsUrlOf(rd), sub, (m) => {
          const trades = ours(m);
          return trades.length > 0 ? trades : undefined;
        }, timeoutMs, r.interrupted);
        if (!got.ok) {
          const why = got.reason === 'interrupted' ? 'interrupted' : `no trade on ${c.name} within ${timeoutMs} ms`;
          throw new CommandError(EXIT.network, `${why}${got.lastError ? ` (${got.lastError})` : ''}`, { reason: got.reason });
        }
        return { json: got.value, human: tradesTable(got.value, byId) };
      });
    },
  },
  {
    path: ['candles'],
    usage: '[CONTRACT]',
    summary: 'the contract\'s recent bars (only periods with trades have one)',
    writes: false,
    watch: true,
    schema: () => v.array(Candle),
    options: { interval: { type: 'string' }, bars: { type: 'string' } },
    optionHelp: {
      interval: `bar length: ${CANDLE_INTERVALS.join(', ')} (default 1m)`,
      bars: `how far back, in bars (default ${DEFAULT_BARS}, at most ${MAX_BARS}); --watch streams the live bar instead`,
    },
    run: (r) => {
      const word = contractWord(r);
      const interval = (optionText(r, 'interval') ?? '1m') as CandleInterval;
      if (!CANDLE_INTERVALS.includes(interval)) throw usage(`--interval must be one of ${CANDLE_INTERVALS.join(', ')}`);
      const bars = wholeOption(r, 'bars', DEFAULT_BARS, MAX_BARS);
      return withReader(r, 'market', async (rd) => {
        const c = contractOf(r, must(await rd.info.configs()), word);
        if (r.args.watch) {
          return runWatch(
            r,
            streamSource(wsUrlOf(rd), { type: 'candle', contractId: c.contractId, interval }, (m) =>
              m.channel === 'candle' && m.data.contractId === c.contractId && m.data.interval === interval ? { json: m.data, human: [candleUpdateLine(m.data, c)] } : undefined,
            ),
            { tape: true },
          );
        }
        // The window ends at the exchange's clock, not ours, so the live bar is in it.
        const now = must(await rd.info.marketState(c.contractId)).time;
        const step = CANDLE_INTERVAL_MS[interval];
        const candles = must(await rd.info.candleSnapshot(c.contractId, interval, now - step * bars, now + step)).slice(-bars);
        return { json: candles, human: candlesTable(candles, c) };
      });
    },
  },
  {
    path: ['contracts'],
    summary: 'the exchange\'s contracts, coins and market deployers',
    writes: false,
    schema: () => Configs,
    run: (r) => {
      noWords(r);
      return withReader(r, 'market', async (rd) => {
        const configs = must(await rd.info.configs());
        return { json: configs, human: contractsTable(configs) };
      });
    },
  },
  polledRead({
    path: ['account'],
    summary: 'the account: chain balances and each market deployer\'s pool (equity, margin used, available)',
    schema: () => UserAccount,
    read: async (rd, configs) => {
      const a = await userAccount(rd);
      return { json: a, human: accountLines(a, configs) };
    },
  }),
  polledRead({
    path: ['positions'],
    summary: 'the account\'s positions, every market deployer',
    schema: () => v.array(PositionRow),
    read: async (rd, configs) => {
      const byId = contractsById(configs);
      const positions: PositionWithNames[] = (await userAccount(rd)).marketDeployers.flatMap((d) =>
        d.positions.map((p) => ({ contract: byId.get(p.contractId)?.name ?? `#${p.contractId}`, marketDeployerId: d.marketDeployerId, ...p })),
      );
      return { json: positions, human: positionsTable(positions, configs) };
    },
  }),
  polledRead({
    path: ['orders'],
    summary: 'the account\'s open orders, every market deployer',
    schema: () => v.array(OpenOrder),
    read: async (rd, configs) => {
      const orders = await openOrders(rd, configs);
      return { json: orders, human: ordersTable(orders, contractsById(configs)) };
    },
  }),
  {
    path: ['order', 'show'],
    usage: 'OID... | --cloid CLOID...',
    summary: 'look up orders of the account by id, open or not, with their status',
    writes: false,
    schema: () => v.array(OrderLookup),
    options: { cloid: { type: 'boolean' } },
    optionHelp: { cloid: 'the words are client order ids (digits), not order ids' },
    run: (r) => {
      const ids = lookupIds(r);
      return withReader(r, 'account', async (rd) => {
        const configs = must(await rd.info.configs());
        const user = rd.account();
        const found = must(await ('oids' in ids ? rd.info.ordersByIds(user, ids.oids) : rd.info.ordersByCloids(user, ids.cloids)));
        return { json: found, human: orderLookupTable(found, contractsById(configs)) };
      });
    },
  },
  polledRead({
    path: ['agents'],
    summary: 'the agent keys approved for the account',
    schema: () => v.array(AgentRecord),
    read: async (rd) => {
      const agents = must(await rd.info.userAgents((await userAccount(rd)).accountId));
      return { json: agents, human: agentsTable(agents) };
    },
  }),
  polledRead({
    path: ['groups'],
    summary: 'the share groups, with the account\'s balance in each',
    schema: () => Groups,
    read: async (rd, configs) => {
      const groups = must(await rd.info.shareGroupState());
      const balances = (await userAccount(rd)).shareGroups;
      return { json: { groups, balances }, human: groupsTable(groups, balances, configs) };
    },
  }),
  polledRead({
    path: ['deployers'],
    summary: 'the market deployers, and which the account is enrolled with',
    schema: () => Deployers,
    read: async (rd, configs) => {
      const enrolled = must(await rd.info.userMarketDeployers(rd.account()));
      return { json: { marketDeployers: configs.marketDeployers, enrolled }, human: deployersTable(configs, enrolled) };
    },
  }),
  {
    path: ['fees'],
    summary: 'each contract\'s maker and taker fee rates (the exchange has no read of one user\'s own rates)',
    writes: false,
    schema: () => v.array(FeeRow),
    run: (r) => {
      noWords(r);
      return withReader(r, 'market', async (rd) => {
        const configs = must(await rd.info.configs());
        const fees = configs.contracts.map((c) => v.parse(FeeRow, c));
        return { json: fees, human: feesTable(configs) };
      });
    },
  },
];
