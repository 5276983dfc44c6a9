import * as v from 'valibot';

/**
 * Alert rules as data (docs/alerts.md): what the alert file and the config file's
 * `alerts.rules` hold, checked here with valibot so that every place a rule comes from
 * refuses a wrong one in the same words, naming the field. Amounts are decimal strings
 * (prices, rates, percentages, money), never JavaScript numbers; the evaluator reads them as
 * bigint at the contract's scale. Counts (ticks, seconds) are whole numbers.
 */

const DECIMAL = /^\d+(\.\d+)?$/;
const SIGNED = /^-?\d+(\.\d+)?$/;
const Decimal = v.pipe(v.string('expected a decimal string such as "150.5"'), v.regex(DECIMAL, 'expected a non-negative decimal string such as "150.5"'));
const Positive = v.pipe(Decimal, v.regex(/[1-9]/, 'must be above zero'));
const Signed = v.pipe(v.string('expected a decimal string such as "-25"'), v.regex(SIGNED, 'expected a decimal string such as "0.0001" or "-25"'));
const Whole = (min: number, max: number) => {
  const words = `expected a whole number from ${min} to ${max}`;
  return v.pipe(v.number(words), v.integer(words), v.minValue(min, words), v.maxValue(max, words));
};
const Contract = v.pipe(v.string('expected a contract name such as "SOL1"'), v.regex(/^[A-Za-z0-9._-]{1,32}$/, 'expected a contract name such as "SOL1"'));

export const RULE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;
const Id = v.pipe(v.string(), v.regex(RULE_ID, 'an id is letters, digits, ".", "_" or "-" (at most 40)'));

export const PRICE_SOURCES = ['mark', 'last', 'mid'] as const;
const Direction = v.picklist(['above', 'below'], 'expected "above" or "below"');
const Source = v.optional(v.picklist(PRICE_SOURCES, 'expected "mark", "last" or "mid"'));

export const STREAMS = ['book', 'trades', 'candles', 'orders', 'fills', 'account', 'connection'] as const;
export const ORDER_EVENTS = ['filled', 'rejected', 'cancelled'] as const;
export const ALGO_EVENTS = ['failed', 'paused'] as const;

/** Fields every rule has. */
const common = {
  /** Given when the rule is stored: "a1", or "config-2" for the config file's second rule. */
  id: v.optional(Id),
  /** Said first in the alert's message. */
  name: v.optional(v.pipe(v.string(), v.maxLength(80, 'at most 80 characters'))),
  /** once: fires one time and is then done; every (default): again on each crossing, after it re-arms. */
  rearm: v.optional(v.picklist(['once', 'every'], 'expected "once" or "every"')),
  paused: v.optional(v.boolean()),
  /** A `once` rule that has fired. */
  done: v.optional(v.boolean()),
};

export const PriceRule = v.strictObject({
  kind: v.literal('price'),
  contract: Contract,
  source: Source,
  direction: Direction,
  level: Positive,
  /** How far back past the level the price must go before the rule re-arms (a price; default the larger of one tick and 0.05% of the level). */
  hysteresis: v.optional(Decimal),
  ...common,
});

export const MoveRule = v.strictObject({
  kind: v.literal('move'),
  contract: Contract,
  source: Source,
  /** Percent, e.g. "2" for 2%. */
  pct: Positive,
  windowSec: Whole(1, 86_400),
  direction: v.optional(v.picklist(['up', 'down', 'either'], 'expected "up", "down" or "either"')),
  ...common,
});

export const FundingRule = v.strictObject({
  kind: v.literal('funding'),
  contract: Contract,
  direction: Direction,
  /** The exchange's funding rate per interval, as it writes it: "0.0001" is 0.01%. */
  rate: Signed,
  /** Default a tenth of the rate's size, at least 0.000001. */
  hysteresis: v.optional(Decimal),
  ...common,
});

export const SpreadRule = v.strictObject({
  kind: v.literal('spread'),
  contract: Contract,
  /** Fires when the best ask is more than this many ticks above the best bid. */
  ticks: Whole(1, 1_000_000),
  /** Re-arms when the spread is back at `ticks - hysteresis` or narrower (default 0). */
  hysteresis: v.optional(Whole(0, 1_000_000)),
  ...common,
});

export const MarginRule = v.strictObject({
  kind: v.literal('margin'),
  /** The riskiest pool's margin ratio (maintenance over cross equity), percent: fires above it. */
  pct: Positive,
  /** Percentage points (default 1). */
  hysteresis: v.optional(Decimal),
  ...common,
});

export const PnlRule = v.strictObject({
  kind: v.literal('pnl'),
  contract: Contract,
  direction: Direction,
  /** The position's unrealized PnL in the collateral coin, e.g. "250" or "-100". */
  amount: Signed,
  /** In the coin (default 1). */
  hysteresis: v.optional(Decimal),
  ...common,
});

export const OrderRule = v.strictObject({
  kind: v.literal('order'),
  event: v.picklist(ORDER_EVENTS, 'expected "filled", "rejected" or "cancelled"'),
  /** Any contract when absent. */
  contract: v.optional(Contract),
  ...common,
});

export const StaleRule = v.strictObject({
  kind: v.literal('stale'),
  stream: v.picklist(STREAMS, `expected one of ${STREAMS.join(', ')}`),
  seconds: Whole(1, 86_400),
  ...common,
});

export const AlgoRule = v.strictObject({
  kind: v.literal('algo'),
  event: v.picklist(ALGO_EVENTS, 'expected "failed" or "paused"'),
  /** One algo by id; any when absent. */
  algo: v.optional(v.string()),
  ...common,
});

export const Rule = v.variant('kind', [PriceRule, MoveRule, FundingRule, SpreadRule, MarginRule, PnlRule, OrderRule, StaleRule, AlgoRule], 'expected "kind": one of price, move, funding, spread, margin, pnl, order, stale, algo');
export type Rule = v.InferOutput<typeof Rule>;
export type RuleKind = Rule['kind'];
export const RULE_KINDS: readonly RuleKind[] = ['price', 'move', 'funding', 'spread', 'margin', 'pnl', 'order', 'stale', 'algo'];

/** A rule with its id, as stored and evaluated. */
export type StoredRule = Rule & { id: string };

export class RuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleError';
  }
}

/** The first issue in words: `where.field: message` ("alerts.rules.2.level: must be above zero"). */
function issueText(issues: readonly v.BaseIssue<unknown>[], where: string): string {
  const issue = issues[0]!;
  const path = issue.path?.map((p) => String(p.key)).join('.');
  const at = [where, path].filter(Boolean).join('.') || '(rule)';
  const message = issue.type === 'strict_object' ? `unknown field` : issue.message;
  return `${at}: ${message}`;
}

/** One rule, or a RuleError naming `where` and the field. */
export function parseRule(input: unknown, where = 'rule'): Rule {
  const r = v.safeParse(Rule, input);
  if (!r.success) throw new RuleError(issueText(r.issues, where));
  return r.output;
}

/** A list of rules; ids must be unique. */
export function parseRules(input: unknown, where: string): Rule[] {
  if (!Array.isArray(input)) throw new RuleError(`${where}: expected a list of rules`);
  const rules = input.map((x, i) => parseRule(x, `${where}.${i}`));
  const seen = new Set<string>();
  rules.forEach((r, i) => {
    if (r.id === undefined) return;
    if (seen.has(r.id)) throw new RuleError(`${where}.${i}.id: "${r.id}" is used by another rule`);
    seen.add(r.id);
  });
  return rules;
}

/** The contract a rule is about, if it names one. */
export function ruleContract(r: Rule): string | undefined {
  return 'contract' in r ? r.contract : undefined;
}

/** The rule in a few words, for lists and messages: "SOL1 mark above 155". */
export function ruleText(r: Rule): string {
  switch (r.kind) {
    case 'price':
      return `${r.contract} ${r.source ?? 'mark'} ${r.direction} ${r.level}`;
    case 'move':
      return `${r.contract} ${r.source ?? 'mark'} moves ${r.direction && r.direction !== 'either' ? `${r.direction} ` : ''}${r.pct}% within ${r.windowSec}s`;
    case 'funding':
      return `${r.contract} funding rate ${r.direction} ${r.rate}`;
    case 'spread':
      return `${r.contract} spread wider than ${r.ticks} tick${r.ticks === 1 ? '' : 's'}`;
    case 'margin':
      return `margin ratio above ${r.pct}%`;
    case 'pnl':
      return `${r.contract} PnL ${r.direction} ${r.amount}`;
    case 'order':
      return `order ${r.event}${r.contract ? ` on ${r.contract}` : ''}`;
    case 'stale':
      return `${r.stream} stale for more than ${r.seconds}s`;
    case 'algo':
      return `algo ${r.algo ?? '(any)'} ${r.event}`;
  }
}
