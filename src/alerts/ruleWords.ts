import { parseDuration } from '../format/parseDuration.js';
import { parseRule, RuleError, type Rule } from './rules.js';

/**
 * A rule in words, as `perpdesk alert add` takes it and the dashboard's alert form shows it:
 * `price SOL1 above 155 --source last`, `move SOL1 2% 5m`, `order filled SOL1`. One parser
 * for both faces, so a rule typed on the screen is refused in the same words as on the
 * command line; `ruleWords` writes a stored rule back in the same words (the form's edit).
 */

export type RuleOptions = Readonly<Record<string, string | boolean | undefined>>;

export const RULE_EXAMPLES = [
  'price CONTRACT above|below LEVEL [--source mark|last|mid] [--hysteresis PX]',
  'move CONTRACT PCT% WINDOW (e.g. move SOL1 2% 5m) [--direction up|down|either] [--source ...]',
  'funding CONTRACT above|below RATE (e.g. 0.0005)',
  'spread CONTRACT TICKS [--hysteresis N]',
  "margin PCT (the riskiest pool's margin ratio, above)",
  'pnl CONTRACT above|below AMOUNT (collateral coin, e.g. -100)',
  'order filled|rejected|cancelled [CONTRACT]',
  'stale book|trades|candles|orders|fills|account|connection DURATION',
  'algo failed|paused [ID]',
];

const text = (o: RuleOptions, name: string): string | undefined => (typeof o[name] === 'string' ? (o[name] as string) : undefined);

const pctWord = (w: string | undefined, what: string): string => {
  if (w === undefined) throw new RuleError(`${what}: give a percentage such as 2%`);
  return w.replace(/%$/, '');
};

const secondsWord = (w: string | undefined, what: string): number => {
  const ms = w === undefined ? undefined : parseDuration(/^\d+$/.test(w) ? `${w}s` : w);
  if (ms === undefined) throw new RuleError(`${what}: give a duration such as 30s or 5m`);
  return Math.max(1, Math.round(ms / 1000));
};

/** The rule the words (or the `rule` option's JSON) describe, checked by the rule schema; a RuleError says what is wrong. */
export function ruleFromWords(words: readonly string[], options: RuleOptions): Rule {
  const json = text(options, 'rule');
  const common: Record<string, unknown> = {};
  if (options['once'] === true) common['rearm'] = 'once';
  if (text(options, 'name') !== undefined) common['name'] = text(options, 'name');
  if (json !== undefined) {
    if (words.length > 0) throw new RuleError('give the rule as words or as --rule JSON, not both');
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch (e) {
      throw new RuleError(`--rule: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
    }
    return parseRule(parsed && typeof parsed === 'object' ? { ...parsed, ...common } : parsed, '--rule');
  }
  const [kind, ...w] = words;
  const extra = (n: number) => {
    if (w.length > n) throw new RuleError(`unexpected words: ${w.slice(n).join(' ')}`);
  };
  const opt = (name: string, field = name) => (text(options, name) !== undefined ? { [field]: text(options, name) } : {});
  const hysteresis = opt('hysteresis');
  const source = opt('source');
  let rule: Record<string, unknown>;
  switch (kind) {
    case 'price':
      extra(3);
      rule = { kind, contract: w[0], direction: w[1], level: w[2], ...source, ...hysteresis };
      break;
    case 'move':
      extra(3);
      rule = { kind, contract: w[0], pct: pctWord(w[1], 'move'), windowSec: secondsWord(w[2], 'move window'), ...source, ...opt('direction') };
      break;
    case 'funding':
      extra(3);
      rule = { kind, contract: w[0], direction: w[1], rate: w[2], ...hysteresis };
      break;
    case 'spread':
      extra(2);
      rule = { kind, contract: w[0], ticks: /^\d+$/.test(w[1] ?? '') ? Number(w[1]) : w[1], ...(hysteresis.hysteresis !== undefined ? { hysteresis: Number(hysteresis.hysteresis) } : {}) };
      break;
    case 'margin':
      extra(1);
      rule = { kind, pct: pctWord(w[0], 'margin'), ...hysteresis };
      break;
    case 'pnl':
      extra(3);
      rule = { kind, contract: w[0], direction: w[1], amount: w[2], ...hysteresis };
      break;
    case 'order':
      extra(2);
      rule = { kind, event: w[0], ...(w[1] !== undefined ? { contract: w[1] } : {}) };
      break;
    case 'stale':
      extra(2);
      rule = { kind, stream: w[0], seconds: secondsWord(w[1], 'stale') };
      break;
    case 'algo':
      extra(2);
      rule = { kind, event: w[0], ...(w[1] !== undefined ? { algo: w[1] } : {}) };
      break;
    default:
      throw new RuleError(`${kind === undefined ? 'which kind of rule?' : `no rule kind "${kind}"`}; one of:\n  ${RULE_EXAMPLES.join('\n  ')}`);
  }
  return parseRule({ ...rule, ...common }, 'rule');
}

/** The flags the words take, with whether each takes a value. */
const FLAGS: Readonly<Record<string, 'value' | 'switch'>> = { source: 'value', hysteresis: 'value', direction: 'value', once: 'switch', name: 'value' };

/**
 * A line typed on the screen, split as a shell would split the same command's words
 * (whitespace; `"…"` or `'…'` keep spaces, for `--name`), into words and flags.
 */
export function splitRuleLine(line: string): { words: string[]; options: Record<string, string | boolean> } {
  const tokens: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let m = re.exec(line); m; m = re.exec(line)) tokens.push(m[1] ?? m[2] ?? m[3]!);
  const words: string[] = [];
  const options: Record<string, string | boolean> = {};
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!t.startsWith('--') || t.length === 2 || /^--?\d/.test(t)) {
      words.push(t);
      continue;
    }
    const [name, inline] = t.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const kind = FLAGS[name];
    if (!kind) throw new RuleError(`--${name}: not a rule flag (${Object.keys(FLAGS).map((f) => `--${f}`).join(', ')})`);
    if (kind === 'switch') {
      if (inline !== undefined) throw new RuleError(`--${name} takes no value`);
      options[name] = true;
      continue;
    }
    const value = inline ?? tokens[++i];
    if (value === undefined) throw new RuleError(`--${name}: give a value`);
    options[name] = value;
  }
  return { words, options };
}

/** A line of words (as `splitRuleLine` splits it) to a checked rule. */
export function ruleFromLine(line: string, extra: RuleOptions = {}): Rule {
  const { words, options } = splitRuleLine(line);
  return ruleFromWords(words, { ...options, ...extra });
}

const quoted = (s: string) => (/^[^\s"']+$/.test(s) ? s : `"${s.replace(/"/g, "'")}"`);

/** A rule written back as the words that make it (its name and re-arm left to the form's own fields). */
export function ruleWords(r: Rule): string {
  const flag = (name: string, value: string | number | undefined) => (value === undefined ? [] : [`--${name}`, quoted(String(value))]);
  let words: (string | number)[];
  switch (r.kind) {
    case 'price':
      words = ['price', r.contract, r.direction, r.level, ...flag('source', r.source), ...flag('hysteresis', r.hysteresis)];
      break;
    case 'move':
      words = ['move', r.contract, `${r.pct}%`, `${r.windowSec}s`, ...flag('direction', r.direction), ...flag('source', r.source)];
      break;
    case 'funding':
      words = ['funding', r.contract, r.direction, r.rate, ...flag('hysteresis', r.hysteresis)];
      break;
    case 'spread':
      words = ['spread', r.contract, r.ticks, ...flag('hysteresis', r.hysteresis)];
      break;
    case 'margin':
      words = ['margin', `${r.pct}%`, ...flag('hysteresis', r.hysteresis)];
      break;
    case 'pnl':
      words = ['pnl', r.contract, r.direction, r.amount, ...flag('hysteresis', r.hysteresis)];
      break;
    case 'order':
      words = ['order', r.event, ...(r.contract ? [r.contract] : [])];
      break;
    case 'stale':
      words = ['stale', r.stream, `${r.seconds}s`];
      break;
    case 'algo':
      words = ['algo', r.event, ...(r.algo ? [quoted(r.algo)] : [])];
      break;
  }
  return words.join(' ');
}
