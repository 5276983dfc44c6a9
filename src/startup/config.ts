import { readFileSync } from 'node:fs';
import * as v from 'valibot';

/**
 * The optional config file. Every field has a default, so a missing file is fine; a present
 * but wrong one is refused with a message that names the file and the field.
 */
const Decimal = v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/, 'expected a non-negative decimal string such as "2.5"'));
const Ms = v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(3_600_000));
/** One kind of action's confirm step: "always", "never", or {"above": "500"} (quote units). */
const KindPolicy = v.union([v.picklist(['always', 'never']), v.strictObject({ above: Decimal })], 'expected "always", "never" or {"above": "500"}');
const kindPolicy = v.optional(KindPolicy);

export const ConfigSchema = v.strictObject({
  theme: v.optional(v.string()),
  contract: v.optional(v.string()),
  url: v.optional(v.string()),
  ws: v.optional(v.string()),
  /** Data older than this (ms) marks the pane stale. */
  staleAfterMs: v.optional(
    v.strictObject({
      book: v.optional(Ms),
      trades: v.optional(Ms),
      candles: v.optional(Ms),
      orders: v.optional(Ms),
      account: v.optional(Ms),
      agents: v.optional(Ms),
    }),
  ),
  poll: v.optional(
    v.strictObject({
      accountMs: v.optional(Ms),
      agentsMs: v.optional(Ms),
      shareGroupsMs: v.optional(Ms),
      marketStateMs: v.optional(Ms),
    }),
  ),
  /** Command id -> keys, e.g. { "order.buy": ["b", "shift+b"] }. */
  keymap: v.optional(v.record(v.string(), v.array(v.string()))),
  /**
   * The confirm step: `policy`/`notional` for every action without a policy of its own;
   * one per kind of action otherwise (src/forms/confirmPolicy.ts lists what each covers).
   */
  confirm: v.optional(
    v.strictObject({
      policy: v.optional(v.picklist(['always', 'above', 'never'])),
      /** With policy "above": confirm orders whose notional (quote units) exceeds this. */
      notional: v.optional(Decimal),
      order: kindPolicy,
      modify: kindPolicy,
      cancel: kindPolicy,
      cancelAll: kindPolicy,
      tpSl: kindPolicy,
      margin: kindPolicy,
      collateral: kindPolicy,
      agent: kindPolicy,
      account: kindPolicy,
    }),
  ),
  guards: v.optional(
    v.strictObject({
      /** Largest order notional (quote units) accepted without an explicit override. */
      maxNotional: v.optional(Decimal),
      /** Largest distance of a limit price from the mark, in percent. */
      maxDistancePct: v.optional(Decimal),
    }),
  ),
  alerts: v.optional(
    v.strictObject({
      bell: v.optional(v.boolean()),
      onFill: v.optional(v.boolean()),
      /** Warn when the mark is within this percentage of a position's liquidation price. */
      liquidationDistancePct: v.optional(Decimal),
    }),
  ),
  /** Default order size per contract name, as a decimal string. */
  defaultSize: v.optional(v.record(v.string(), Decimal)),
  /** Mouse reporting (click to focus and pick book levels, wheel to scroll); default true. */
  mouse: v.optional(v.boolean()),
});

export type Config = v.InferOutput<typeof ConfigSchema>;

/** Whether the dashboard turns mouse reporting on: unless `--no-mouse` or `"mouse": false` says no. */
export function mouseEnabled(config: Pick<Config, 'mouse'>, args: { noMouse: boolean }): boolean {
  return !args.noMouse && config.mouse !== false;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function parseConfig(text: string, file: string): Config {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`${file}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const result = v.safeParse(ConfigSchema, json);
  if (!result.success) {
    const issue = result.issues[0]!;
    const where = issue.path?.map((p) => String(p.key)).join('.') || '(top level)';
    const message = issue.type === 'strict_object' ? `unknown field` : issue.message;
    throw new ConfigError(`${file}: ${where}: ${message}`);
  }
  return result.output;
}

let loadedFrom: string | undefined;

/**
 * The config file this process started from (read or absent), for the one setting written
 * back while running: "don't ask again for orders under N" on the confirm step.
 */
export function loadedConfigFile(): string | undefined {
  return loadedFrom;
}

export function loadConfig(file: string): Config {
  loadedFrom = file;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return parseConfig(text, file);
}
