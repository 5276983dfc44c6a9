// src/startup/config.ts
import { readFileSync } from "node:fs";
import * as v from "valibot";
var Decimal = v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/, 'expected a non-negative decimal string such as "2.5"'));
var Ms = v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(36e5));
var ConfigSchema = v.strictObject({
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
      agents: v.optional(Ms)
    })
  ),
  poll: v.optional(
    v.strictObject({
      accountMs: v.optional(Ms),
      agentsMs: v.optional(Ms),
      shareGroupsMs: v.optional(Ms),
      marketStateMs: v.optional(Ms)
    })
  ),
  /** Command id -> keys, e.g. { "order.buy": ["b", "shift+b"] }. */
  keymap: v.optional(v.record(v.string(), v.array(v.string()))),
  confirm: v.optional(
    v.strictObject({
      policy: v.optional(v.picklist(["always", "above", "never"])),
      /** With policy "above": confirm orders whose notional (quote units) exceeds this. */
      notional: v.optional(Decimal)
    })
  ),
  guards: v.optional(
    v.strictObject({
      /** Largest order notional (quote units) accepted without an explicit override. */
      maxNotional: v.optional(Decimal),
      /** Largest distance of a limit price from the mark, in percent. */
      maxDistancePct: v.optional(Decimal)
    })
  ),
  alerts: v.optional(
    v.strictObject({
      bell: v.optional(v.boolean()),
      onFill: v.optional(v.boolean()),
      /** Warn when the mark is within this percentage of a position's liquidation price. */
      liquidationDistancePct: v.optional(Decimal)
    })
  ),
  /** Default order size per contract name, as a decimal string. */
  defaultSize: v.optional(v.record(v.string(), Decimal))
});
var ConfigError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "ConfigError";
  }
};
function parseConfig(text, file) {
  let json;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ConfigError(`${file}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const result = v.safeParse(ConfigSchema, json);
  if (!result.success) {
    const issue = result.issues[0];
    const where = issue.path?.map((p) => String(p.key)).join(".") || "(top level)";
    const message = issue.type === "strict_object" ? `unknown field` : issue.message;
    throw new ConfigError(`${file}: ${where}: ${message}`);
  }
  return result.output;
}
function loadConfig(file) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if (e.code === "ENOENT") return {};
    throw new ConfigError(`${file}: cannot read (${e.code ?? "error"})`);
  }
  return parseConfig(text, file);
}

// src/startup/paths.ts
import os from "node:os";
import path from "node:path";
function resolvePaths(env = process.env, overrides = {}) {
  const home = env["HOME"] ?? os.homedir();
  const configHome = env["XDG_CONFIG_HOME"] && path.isAbsolute(env["XDG_CONFIG_HOME"]) ? env["XDG_CONFIG_HOME"] : path.join(home, ".config");
  const stateHome = env["XDG_STATE_HOME"] && path.isAbsolute(env["XDG_STATE_HOME"]) ? env["XDG_STATE_HOME"] : path.join(home, ".local", "state");
  const configDir = path.join(configHome, "perpdesk");
  return {
    configDir,
    configFile: overrides.configFile ?? path.join(configDir, "config.json"),
    stateDir: overrides.stateDir ?? path.join(stateHome, "perpdesk")
  };
}

export {
  ConfigError,
  loadConfig,
  resolvePaths
};
