// src/startup/packageRoot.ts
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
function packageRoot(from = fileURLToPath(import.meta.url)) {
  let dir = dirname(from);
  for (; ; ) {
    if (existsSync(join(dir, "package.json"))) return dir;
    const up = dirname(dir);
    if (up === dir) return void 0;
    dir = up;
  }
}

// src/ui/theme/loadTheme.ts
import { existsSync as existsSync2, readdirSync, readFileSync } from "node:fs";
import { basename, join as join2, resolve } from "node:path";
import { fileURLToPath as fileURLToPath2 } from "node:url";

// src/ui/theme/downgrade.ts
var ANSI16 = [
  ["black", 0, 0, 0],
  ["red", 205, 0, 0],
  ["green", 0, 205, 0],
  ["yellow", 205, 205, 0],
  ["blue", 0, 0, 238],
  ["magenta", 205, 0, 205],
  ["cyan", 0, 205, 205],
  ["white", 229, 229, 229],
  ["blackBright", 127, 127, 127],
  ["redBright", 255, 0, 0],
  ["greenBright", 0, 255, 0],
  ["yellowBright", 255, 255, 0],
  ["blueBright", 92, 92, 255],
  ["magentaBright", 255, 0, 255],
  ["cyanBright", 0, 255, 255],
  ["whiteBright", 255, 255, 255]
];
var NAME_ALIASES = { gray: "blackBright", grey: "blackBright" };
function ansi16Name(name) {
  const n = NAME_ALIASES[name] ?? name;
  return ANSI16.some(([k]) => k === n) ? n : void 0;
}
function parseHex(color) {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (!m) return void 0;
  let hex = m[1] ?? "";
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join("");
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
}
function isColor(value) {
  return parseHex(value) !== void 0 || ansi16Name(value) !== void 0;
}
var dist = (a, b) => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
var CUBE = [0, 95, 135, 175, 215, 255];
function hexToAnsi256(rgb) {
  const idx = rgb.map((c) => {
    let best = 0;
    for (let i = 1; i < CUBE.length; i++) if (Math.abs(CUBE[i] - c) < Math.abs(CUBE[best] - c)) best = i;
    return best;
  });
  const cube = idx.map((i) => CUBE[i]);
  const cubeIndex = 16 + 36 * idx[0] + 6 * idx[1] + idx[2];
  const avg = (rgb[0] + rgb[1] + rgb[2]) / 3;
  const g = Math.max(0, Math.min(23, Math.round((avg - 8) / 10)));
  const grey = 8 + 10 * g;
  return dist(rgb, [grey, grey, grey]) < dist(rgb, cube) ? 232 + g : cubeIndex;
}
function hexToAnsi16(rgb) {
  let best = ANSI16[0];
  for (const entry of ANSI16) if (dist(rgb, entry.slice(1)) < dist(rgb, best.slice(1))) best = entry;
  return best[0];
}
function adaptColor(color, level, fallback16) {
  if (!color || level === "none") return void 0;
  const named = ansi16Name(color);
  if (named) return named;
  const rgb = parseHex(color);
  if (!rgb) return void 0;
  if (level === "truecolor") return color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join("")}` : color;
  if (level === "256") return `ansi256(${hexToAnsi256(rgb)})`;
  return fallback16 && ansi16Name(fallback16) || hexToAnsi16(rgb);
}

// src/ui/theme/fallbackTheme.ts
var plain = {};
var FALLBACK_THEME = {
  name: "fallback",
  level: "none",
  tokens: {
    text: plain,
    muted: { dimColor: true },
    accent: { bold: true },
    bid: plain,
    ask: plain,
    bidBar: { dimColor: true },
    askBar: { dimColor: true },
    up: plain,
    down: plain,
    spread: { dimColor: true },
    ok: plain,
    warning: { bold: true },
    error: { bold: true, underline: true },
    stale: { dimColor: true, italic: true },
    frozen: { bold: true, inverse: true },
    border: { dimColor: true },
    borderFocused: { bold: true },
    title: plain,
    titleFocused: { bold: true },
    surface: plain,
    header: { inverse: true },
    status: { inverse: true },
    selection: { inverse: true },
    cursor: { inverse: true, bold: true },
    tabActive: { bold: true, underline: true },
    tabInactive: { dimColor: true },
    key: { bold: true },
    chart: plain
  }
};

// src/ui/theme/themeFile.ts
import * as v from "valibot";

// src/ui/theme/tokens.ts
var THEME_TOKENS = [
  "text",
  "muted",
  "accent",
  "bid",
  "ask",
  "bidBar",
  "askBar",
  "up",
  "down",
  "spread",
  "ok",
  "warning",
  "error",
  "stale",
  "frozen",
  "border",
  "borderFocused",
  "title",
  "titleFocused",
  "surface",
  "header",
  "status",
  "selection",
  "cursor",
  "tabActive",
  "tabInactive",
  "key",
  "chart"
];
var OPTIONAL_TOKENS = ["surface"];
function isThemeToken(name) {
  return THEME_TOKENS.includes(name);
}

// src/ui/theme/themeFile.ts
var Color = v.pipe(
  v.string("expected a colour string"),
  v.check(isColor, (issue) => `${JSON.stringify(issue.input)} is not a colour (use #rrggbb or a 16-colour name such as green)`)
);
var Color16 = v.pipe(
  v.string("expected a 16-colour name"),
  v.check((s) => ansi16Name(s) !== void 0, (issue) => `${JSON.stringify(issue.input)} is not a 16-colour name (black, red, green, yellow, blue, magenta, cyan, white, gray, or one of those + Bright)`)
);
var TokenStyle = v.union(
  [
    Color,
    v.strictObject(
      {
        fg: v.optional(Color),
        bg: v.optional(Color),
        fg16: v.optional(Color16),
        bg16: v.optional(Color16),
        bold: v.optional(v.boolean()),
        dim: v.optional(v.boolean()),
        italic: v.optional(v.boolean()),
        underline: v.optional(v.boolean()),
        inverse: v.optional(v.boolean())
      },
      (issue) => `unknown style key ${JSON.stringify(issue.input)}; use fg, bg, fg16, bg16, bold, dim, italic, underline, inverse`
    )
  ],
  "expected a colour string or a style object"
);
var ThemeFile = v.strictObject(
  {
    $schema: v.optional(v.string()),
    name: v.optional(v.string()),
    description: v.optional(v.string()),
    extends: v.optional(v.string()),
    tokens: v.record(v.string(), TokenStyle)
  },
  (issue) => `unknown field ${JSON.stringify(issue.input)}; a theme has name, description, extends and tokens`
);
function parseThemeFile(json) {
  const r = v.safeParse(ThemeFile, json);
  if (!r.success) {
    const errors2 = r.issues.map((issue) => {
      const { path, message } = explain(issue);
      const where = path ? path.replace(/^tokens\./, "token ") : "theme";
      return `${where}: ${message}`;
    });
    return { ok: false, errors: [...new Set(errors2)] };
  }
  const errors = [];
  for (const token of Object.keys(r.output.tokens)) {
    if (!isThemeToken(token)) errors.push(`token ${token}: unknown token (known: ${THEME_TOKENS.join(", ")})`);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, file: r.output };
}
function explain(issue, prefix = "") {
  const here = [prefix, v.getDotPath(issue) ?? ""].filter(Boolean).join(".");
  const nested = issue.issues;
  if (!nested || nested.length === 0) return { path: here, message: issue.message };
  const isString = typeof issue.input === "string";
  const branch = nested.find((n) => isString ? n.expected === "string" || n.kind === "validation" : n.expected !== "string") ?? nested[0];
  return explain(branch, here);
}

// src/ui/theme/loadTheme.ts
var DEFAULT_THEME = "dark";
var NO_COLOR_THEME = "mono";
function themesDir(from = fileURLToPath2(import.meta.url)) {
  const root = packageRoot(from);
  return root === void 0 ? resolve("themes") : join2(root, "themes");
}
function listThemes(dirs = [themesDir()]) {
  const names = [];
  for (const dir of dirs) {
    let files = [];
    try {
      files = readdirSync(dir);
    } catch {
      continue;
    }
    for (const f of files.sort()) {
      const name = f.endsWith(".json") ? basename(f, ".json") : void 0;
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}
var NAME_RE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
function locate(name, dirs) {
  if (name.includes("/") || name.includes("\\") || name.endsWith(".json")) return existsSync2(name) ? name : void 0;
  if (!NAME_RE.test(name)) return void 0;
  for (const dir of dirs) {
    const file = join2(dir, `${name}.json`);
    if (existsSync2(file)) return file;
  }
  return void 0;
}
function readThemeFile(name, dirs, chain) {
  const path = locate(name, dirs);
  if (!path) {
    const known = listThemes(dirs);
    return { error: `theme "${name}" not found${known.length ? ` (available: ${known.join(", ")})` : ""}` };
  }
  let json;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    const why = e instanceof SyntaxError ? `not valid JSON (${e.message})` : "cannot be read";
    return { error: `theme "${name}" (${path}): ${why}` };
  }
  const parsed = parseThemeFile(json);
  if (!parsed.ok) return { error: `theme "${name}" (${path}): ${parsed.errors.join("; ")}` };
  const parent = parsed.file.extends;
  if (!parent) return { file: parsed.file };
  if (chain.includes(parent) || chain.length > 4) {
    return { error: `theme "${name}": extends "${parent}" loops (${[...chain, parent].join(" -> ")})` };
  }
  const base = readThemeFile(parent, dirs, [...chain, parent]);
  if ("error" in base) return base;
  return { file: { ...parsed.file, tokens: { ...base.file.tokens, ...parsed.file.tokens } } };
}
function resolveStyle(style, level) {
  const s = typeof style === "string" ? { fg: style } : style;
  const out = {};
  const color = adaptColor(s.fg, level, s.fg16);
  const backgroundColor = adaptColor(s.bg, level, s.bg16);
  if (color) out.color = color;
  if (backgroundColor) out.backgroundColor = backgroundColor;
  if (s.bold) out.bold = true;
  if (s.dim) out.dimColor = true;
  if (s.italic) out.italic = true;
  if (s.underline) out.underline = true;
  if (s.inverse) out.inverse = true;
  return out;
}
function resolveTheme(file, level, name = file.name ?? "custom") {
  const missing = THEME_TOKENS.filter((t) => file.tokens[t] === void 0 && !OPTIONAL_TOKENS.includes(t));
  if (missing.length > 0) {
    return { ok: false, error: `theme "${name}": missing tokens ${missing.join(", ")} (or add "extends": "dark")` };
  }
  const tokens = {};
  for (const t of THEME_TOKENS) tokens[t] = resolveStyle(file.tokens[t] ?? {}, level);
  return { ok: true, theme: { name, level, tokens } };
}
function loadTheme(name = DEFAULT_THEME, opts = {}) {
  const level = opts.level ?? "truecolor";
  const dirs = opts.dirs ?? [themesDir()];
  const wanted = level === "none" ? NO_COLOR_THEME : name;
  if (level === "none" && name !== NO_COLOR_THEME) {
    const chosen = readThemeFile(name, dirs, [name]);
    if ("error" in chosen) return { ok: false, error: chosen.error };
  }
  const read = readThemeFile(wanted, dirs, [wanted]);
  if ("error" in read) return { ok: false, error: read.error };
  return resolveTheme(read.file, level, wanted);
}
function loadThemeOrFallback(name, opts = {}) {
  const r = loadTheme(name, opts);
  return r.ok ? { theme: r.theme } : { theme: FALLBACK_THEME, error: r.error };
}
function nextThemeName(current, names) {
  if (names.length === 0) return current;
  const i = names.indexOf(current);
  return names[(i + 1) % names.length] ?? current;
}

export {
  packageRoot,
  FALLBACK_THEME,
  DEFAULT_THEME,
  themesDir,
  listThemes,
  loadTheme,
  loadThemeOrFallback,
  nextThemeName
};
