import { readFileSync } from 'node:fs';
import path from 'node:path';
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
const Address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'expected 0x followed by 40 hex digits'));
const FilePath = v.pipe(v.string(), v.trim(), v.nonEmpty('expected a file path'));

/**
 * One account perpdesk can run as. The target is `url` (and `ws`), or the embedded exchange
 * when there is no url; key files are relative to the config file's folder.
 */
const ProfileSchema = v.strictObject({
  url: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/[^\s/]+/, 'expected an http:// or https:// address'))),
  ws: v.optional(v.pipe(v.string(), v.regex(/^wss?:\/\/[^\s/]+/, 'expected a ws:// or wss:// address'))),
  /** The account: the master address the agent trades for, or the one watched when read-only. */
  address: v.optional(Address),
  agentKeystore: v.optional(FilePath),
  agentKeyFile: v.optional(FilePath),
  keystore: v.optional(FilePath),
  keyFile: v.optional(FilePath),
  passwordFile: v.optional(FilePath),
  /** Monitor mode on this account: no key is loaded, every write is hidden or refused. */
  readOnly: v.optional(v.boolean()),
  /** The vault this profile's agent acts for (vault proxy operations). */
  vault: v.optional(Address),
});

export type Profile = v.InferOutput<typeof ProfileSchema>;

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
      /** Alert rules (docs/alerts.md), checked by src/alerts with the alert file's schema. */
      rules: v.optional(v.array(v.unknown())),
      /** Delivery of fired rules: the terminal's OSC 9 / OSC 777 notification, notify-send, a command, a webhook. */
      osc: v.optional(v.picklist(['9', '777', 'both', 'off'], 'expected "9", "777", "both" or "off"')),
      notifySend: v.optional(v.boolean()),
      /** A command run by /bin/sh with the alert JSON on stdin. */
      hook: v.optional(v.pipe(v.string(), v.nonEmpty('expected a command'))),
      hookTimeoutMs: v.optional(Ms),
      webhook: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/[^\s/]+/, 'expected an http:// or https:// address'))),
      webhookTimeoutMs: v.optional(Ms),
      webhookRetries: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(10))),
    }),
  ),
  /** Default order size per contract name, as a decimal string. */
  defaultSize: v.optional(v.record(v.string(), Decimal)),
  /** Mouse reporting (click to focus and pick book levels, wheel to scroll); default true. */
  mouse: v.optional(v.boolean()),
  /**
   * The dashboard records the market it receives (docs/recording.md): `true`, or the limits
   * of the recordings folder (default 1 GiB and 7 days). `--record` does the same for one run.
   */
  record: v.optional(
    v.union([
      v.boolean(),
      v.strictObject({
        maxBytes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
        maxAgeDays: v.optional(v.pipe(v.number(), v.minValue(0.001))),
      }),
    ]),
  ),
  /** Accounts by name, picked with --profile NAME (src/startup/profile.ts). */
  profiles: v.optional(v.record(v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/, 'a profile name is letters, digits, ".", "_" or "-" (at most 40)')), ProfileSchema)),
  /** The profile a run without --profile (or --url) uses. */
  profile: v.optional(v.string()),
});

export type Config = v.InferOutput<typeof ConfigSchema>;

/** Whether the dashboard turns mouse reporting on: unless `--no-mouse` or `"mouse": false` says no. */
export function mouseEnabled(config: Pick<Config, 'mouse'>, args: { noMouse: boolean }): boolean {
  return !args.noMouse && config.mouse !== false;
}

/** The session's `record` option from `--record` and the config's `record`; undefined: not recording. */
export function recordingOf(config: Pick<Config, 'record'>, args: { record?: boolean }): { limits: { maxBytes?: number; maxAgeMs?: number } } | undefined {
  const c = config.record;
  if (args.record !== true && (c === undefined || c === false)) return undefined;
  const limits: { maxBytes?: number; maxAgeMs?: number } = {};
  if (typeof c === 'object') {
    if (c.maxBytes !== undefined) limits.maxBytes = c.maxBytes;
    if (c.maxAgeDays !== undefined) limits.maxAgeMs = Math.round(c.maxAgeDays * 86_400_000);
  }
  return { limits };
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
  return checkProfiles(result.output, file);
}

/**
 * What one field cannot say about a profile: which keys go together, what the embedded
 * exchange can do. Key paths become absolute, from the config file's folder.
 */
function checkProfiles(config: Config, file: string): Config {
  const names = Object.keys(config.profiles ?? {});
  if (config.profile !== undefined && !names.includes(config.profile)) {
    throw new ConfigError(`${file}: profile: no profile named "${config.profile}" (${names.length ? `profiles: ${names.join(', ')}` : 'the file has no profiles'})`);
  }
  if (!config.profiles) return config;
  const dir = path.dirname(path.resolve(file));
  const profiles: Record<string, Profile> = {};
  for (const [name, p] of Object.entries(config.profiles)) {
    const bad = (field: string, message: string) => new ConfigError(`${file}: profiles.${name}${field ? `.${field}` : ''}: ${message}`);
    if (p.agentKeystore !== undefined && p.agentKeyFile !== undefined) throw bad('agentKeyFile', 'give agentKeystore or agentKeyFile, not both');
    if (p.keystore !== undefined && p.keyFile !== undefined) throw bad('keyFile', 'give keystore or keyFile, not both');
    const hasKey = [p.agentKeystore, p.agentKeyFile, p.keystore, p.keyFile].some((k) => k !== undefined);
    if (p.url === undefined) {
      if (p.ws !== undefined) throw bad('ws', 'needs url (without one the profile is the embedded exchange)');
      // The embedded exchange trades as its own demo account: a key or an account named here would not be the one used.
      if (!p.readOnly && hasKey) throw bad('', 'keys need a url: the embedded exchange trades with its demo keys (or add "readOnly": true)');
      if (!p.readOnly && p.address !== undefined) throw bad('address', 'on the embedded exchange only a read-only profile names an account (add "readOnly": true, or a url)');
    } else {
      if (p.address === undefined) throw bad('address', 'required: the account this profile trades or watches');
      if (!p.readOnly && !hasKey) throw bad('', 'a trading profile needs agentKeystore or agentKeyFile (or keystore/keyFile); or "readOnly": true');
    }
    const abs = (f: string | undefined) => (f === undefined ? undefined : path.resolve(dir, f));
    const resolved: Profile = { ...p };
    for (const k of ['agentKeystore', 'agentKeyFile', 'keystore', 'keyFile', 'passwordFile'] as const) if (p[k] !== undefined) resolved[k] = abs(p[k])!;
    profiles[name] = resolved;
  }
  return { ...config, profiles };
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
