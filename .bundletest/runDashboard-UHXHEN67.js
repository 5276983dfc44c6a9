import "./chunk-XLOUSHXY.js";
import "./chunk-PWVQO4SK.js";
import {
  DEFAULT_COIN_DECIMALS,
  MINUS,
  MIN_PASSWORD,
  MISSING,
  StartupError,
  agentKeyDir,
  atCursor,
  axisPrices,
  bestPrices,
  blockerLines,
  closeHalf,
  coinById,
  collateralCoin,
  confirmPlan,
  contextFromState,
  createAlertState,
  createSession,
  deployerName,
  detectAlerts,
  evaluateForm,
  flatten,
  formById,
  formatCompact,
  formatMoney,
  formatPrice,
  formatSize,
  generateAgentKeystore,
  initialTexts,
  joinBest,
  keyRequirement,
  keysLoaded,
  ladder,
  needsOverride,
  openTarget,
  parseLooseDecimal,
  poolView,
  pressKey,
  priceAxis,
  renderOptionsFor,
  resolveContract,
  reverse,
  selectContract,
  sendCall,
  slotUsage,
  snapshotOf,
  textField,
  toRaw
} from "./chunk-5VB7KZPF.js";
import {
  KeySourceError
} from "./chunk-UTCD3AFF.js";
import {
  CANDLE_INTERVALS,
  divRound,
  formatDecimal,
  parseDecimal,
  pow10
} from "./chunk-VTVBDURB.js";
import {
  DEFAULT_THEME,
  FALLBACK_THEME,
  listThemes,
  loadThemeOrFallback,
  nextThemeName
} from "./chunk-D6PXKOBX.js";

// src/ui/app/runDashboard.ts
import { createElement } from "react";
import { render as render2 } from "ink";

// src/keymap/bindings.ts
var DEFS = [
  // Everywhere, even inside overlays and forms.
  { id: "app.forceQuit", keys: ["ctrl+c"], description: "Quit immediately", context: "always", palette: false },
  // Navigation and overlays.
  { id: "quit", keys: ["q"], description: "Quit", context: "global" },
  { id: "help", keys: ["?"], description: "Show key bindings", context: "global" },
  { id: "palette", keys: [":"], description: "Open the command palette", context: "global" },
  { id: "contract.pick", keys: ["/"], description: "Pick a contract", context: "global" },
  { id: "focus.next", keys: ["tab"], description: "Focus the next pane", context: "global" },
  { id: "focus.prev", keys: ["shift+tab"], description: "Focus the previous pane", context: "global" },
  { id: "focus.left", keys: ["h", "left"], description: "Focus the pane to the left", context: "global" },
  { id: "focus.right", keys: ["l", "right"], description: "Focus the pane to the right", context: "global" },
  { id: "tab.next", keys: ["]"], description: "Next tab in the focused area", context: "global" },
  { id: "tab.prev", keys: ["["], description: "Previous tab in the focused area", context: "global" },
  { id: "pane.zoom", keys: ["z"], description: "Zoom the focused pane (toggle)", context: "global" },
  { id: "theme.cycle", keys: ["T"], description: "Switch to the next theme", context: "global" },
  { id: "chart.interval", keys: ["i"], description: "Next candle interval", context: "global" },
  // Trading on the current contract: each opens a form.
  { id: "order.buy", keys: ["b"], description: "Buy (new order)", context: "global", writes: true },
  { id: "order.sell", keys: ["s"], description: "Sell (new order)", context: "global", writes: true },
  { id: "order.cancelAll", keys: ["X"], description: "Cancel all orders of the contract", context: "global", writes: true },
  { id: "position.tpsl", keys: ["t"], description: "Set take-profit / stop-loss", context: "global", writes: true },
  { id: "position.flatten", keys: ["F"], description: "Flatten the position (reduce-only)", context: "global", writes: true },
  { id: "position.reverse", keys: ["R"], description: "Reverse the position", context: "global", writes: true },
  { id: "position.closeHalf", keys: ["H"], description: "Close half of the position", context: "global", writes: true },
  { id: "margin.leverage", keys: ["L"], description: "Set leverage", context: "global", writes: true },
  { id: "margin.mode", keys: ["M"], description: "Switch cross / isolated margin", context: "global", writes: true },
  { id: "margin.isolated", keys: ["I"], description: "Add or remove isolated margin", context: "global", writes: true },
  { id: "collateral.move", keys: ["C"], description: "Move collateral (chain, deployers, share groups)", context: "global", writes: true },
  { id: "agents.manage", keys: ["A"], description: "Manage agent wallets", context: "global", writes: true },
  { id: "deployer.enroll", keys: ["E"], description: "Enroll in a market deployer", context: "global", writes: true },
  { id: "fees.set", keys: [], description: "Set fee-rate overrides", context: "global", writes: true },
  { id: "order.batch", keys: ["O"], description: "Batch of orders (one a line, up to 10)", context: "global", writes: true },
  { id: "collateral.lock", keys: [], description: "Lock collateral: chain balance -> deployer pool", context: "global", writes: true },
  { id: "collateral.unlock", keys: [], description: "Unlock collateral: deployer pool -> chain balance", context: "global", writes: true },
  { id: "collateral.transfer", keys: [], description: "Transfer collateral between deployer pools", context: "global", writes: true },
  { id: "collateral.toGroup", keys: [], description: "Move collateral: deployer pool -> share group", context: "global", writes: true },
  { id: "collateral.fromGroup", keys: [], description: "Move collateral: share group -> deployer pool", context: "global", writes: true },
  { id: "collateral.lockGroup", keys: [], description: "Lock collateral: chain balance -> share group", context: "global", writes: true },
  { id: "collateral.unlockGroup", keys: [], description: "Unlock collateral: share group -> chain balance", context: "global", writes: true },
  { id: "collateral.shareType", keys: [], description: "Switch margin share type (UNIFIED / PORTFOLIO)", context: "global", writes: true },
  { id: "agents.generate", keys: [], description: "Generate an agent key (saved encrypted) and approve it", context: "global", writes: true },
  { id: "agents.approve", keys: [], description: "Approve an agent wallet by address", context: "global", writes: true },
  // List navigation in the focused pane, help and pickers.
  { id: "list.up", keys: ["k", "up"], description: "Move up", context: "list", palette: false },
  { id: "list.down", keys: ["j", "down"], description: "Move down", context: "list", palette: false },
  { id: "list.pageUp", keys: ["pageup", "ctrl+u"], description: "Page up", context: "list", palette: false },
  { id: "list.pageDown", keys: ["pagedown", "ctrl+d"], description: "Page down", context: "list", palette: false },
  { id: "list.top", keys: ["home"], description: "Go to the first row", context: "list", palette: false },
  { id: "list.bottom", keys: ["end"], description: "Go to the last row", context: "list", palette: false },
  // Order book price cursor.
  { id: "book.buyAtCursor", keys: ["B"], description: "Buy at the cursor price", context: "book", writes: true },
  { id: "book.sellAtCursor", keys: ["S"], description: "Sell at the cursor price", context: "book", writes: true },
  { id: "book.joinBid", keys: ["J"], description: "Buy joining the best bid", context: "book", writes: true },
  { id: "book.joinAsk", keys: ["K"], description: "Sell joining the best ask", context: "book", writes: true },
  { id: "book.ladder", keys: ["D"], description: "Ladder of orders from the cursor (batch form)", context: "book", writes: true },
  { id: "book.center", keys: ["c"], description: "Move the cursor back to the spread", context: "book" },
  { id: "book.groupingCoarser", keys: ["g"], description: "Coarser price grouping", context: "book" },
  { id: "book.groupingFiner", keys: ["G"], description: "Finer price grouping", context: "book" },
  // Selected rows.
  { id: "order.modify", keys: ["m", "enter"], description: "Modify the selected order", context: "orders", writes: true },
  { id: "order.cancel", keys: ["x", "d"], description: "Cancel the selected order", context: "orders", writes: true },
  { id: "order.cancelByCloid", keys: ["c"], description: "Cancel by cloid (the selected order's, or type one)", context: "orders", writes: true },
  { id: "orders.scope", keys: ["a"], description: "Show open orders of all contracts / this contract", context: "orders" },
  { id: "position.cancelTpSl", keys: ["x", "d"], description: "Cancel the TP/SL of the selected position", context: "positions", writes: true },
  { id: "conditional.cancel", keys: ["c"], description: "Cancel one conditional (TP or SL) by id", context: "positions", writes: true },
  { id: "agents.revoke", keys: ["x", "d"], description: "Revoke the selected agent", context: "agents", writes: true },
  { id: "journal.details", keys: ["enter"], description: "Show the signed action and its result", context: "journal" },
  // Overlays.
  { id: "form.submit", keys: ["enter"], description: "Review and submit", context: "form", palette: false, writes: true },
  { id: "form.cancel", keys: ["escape"], description: "Close the form", context: "form", palette: false },
  { id: "form.nextField", keys: ["tab", "down"], description: "Next field", context: "form", palette: false },
  { id: "form.prevField", keys: ["shift+tab", "up"], description: "Previous field", context: "form", palette: false },
  { id: "form.toggle", keys: ["space"], description: "Toggle or cycle the focused choice", context: "form", palette: false },
  { id: "form.override", keys: ["o"], description: "Override the guards and blockers (confirm step)", context: "form", palette: false, writes: true },
  { id: "confirm.yes", keys: ["y", "enter"], description: "Confirm and sign", context: "confirm", palette: false },
  { id: "confirm.no", keys: ["n", "escape"], description: "Go back without sending", context: "confirm", palette: false },
  { id: "picker.choose", keys: ["enter"], description: "Switch to the highlighted contract", context: "picker", palette: false },
  { id: "picker.close", keys: ["escape"], description: "Close the picker", context: "picker", palette: false },
  { id: "palette.run", keys: ["enter"], description: "Run the highlighted command", context: "palette", palette: false },
  { id: "palette.close", keys: ["escape"], description: "Close the palette", context: "palette", palette: false },
  { id: "help.close", keys: ["escape", "?", "q"], description: "Close help", context: "help", palette: false }
];
var DEFAULT_BINDINGS = DEFS;
var COMMAND_IDS = DEFS.map((d) => d.id);
function isCommandId(id) {
  return COMMAND_IDS.includes(id);
}
function paletteBindings(bindings) {
  return bindings.filter((b) => b.palette !== false);
}

// src/keymap/contexts.ts
var PANE_CONTEXTS = [
  "book",
  "trades",
  "chart",
  "orders",
  "positions",
  "account",
  "shareGroups",
  "fills",
  "agents",
  "journal"
];
var OVERLAY_CONTEXTS = ["form", "confirm", "picker", "palette", "help"];
var PRECEDENCE = ["always", ...OVERLAY_CONTEXTS, ...PANE_CONTEXTS, "list", "global"];
var CONTEXT_TITLES = {
  always: "Everywhere",
  global: "Global",
  list: "Lists",
  book: "Book",
  trades: "Trades",
  chart: "Chart",
  orders: "Orders",
  positions: "Positions",
  account: "Account",
  shareGroups: "Share groups",
  fills: "Fills",
  agents: "Agents",
  journal: "Journal",
  form: "Forms",
  confirm: "Confirmation",
  picker: "Contract picker",
  palette: "Command palette",
  help: "Help"
};
var LIST_PANES = /* @__PURE__ */ new Set([
  "book",
  "trades",
  "orders",
  "positions",
  "account",
  "shareGroups",
  "fills",
  "agents",
  "journal"
]);
var LIST_OVERLAYS = /* @__PURE__ */ new Set(["picker", "palette", "help"]);
function isOverlay(c) {
  return OVERLAY_CONTEXTS.includes(c);
}
function isPane(c) {
  return PANE_CONTEXTS.includes(c);
}
function activeContexts(state) {
  if (state.overlay) return LIST_OVERLAYS.has(state.overlay) ? ["always", state.overlay, "list"] : ["always", state.overlay];
  const out = ["always"];
  if (state.focused) {
    out.push(state.focused);
    if (LIST_PANES.has(state.focused)) out.push("list");
  }
  out.push("global");
  return out;
}
function allContextStacks() {
  const stacks = [activeContexts({})];
  for (const focused of PANE_CONTEXTS) stacks.push(activeContexts({ focused }));
  for (const overlay of OVERLAY_CONTEXTS) stacks.push(activeContexts({ overlay }));
  return stacks;
}

// src/keymap/keys.ts
var NAMED_KEYS = [
  "up",
  "down",
  "left",
  "right",
  "pageup",
  "pagedown",
  "home",
  "end",
  "enter",
  "escape",
  "tab",
  "backspace",
  "space"
];
var NAMED = new Set(NAMED_KEYS);
var ALIASES = {
  return: "enter",
  esc: "escape",
  pgup: "pageup",
  pgdn: "pagedown",
  pgdown: "pagedown",
  del: "backspace",
  delete: "backspace",
  bs: "backspace",
  arrowup: "up",
  arrowdown: "down",
  arrowleft: "left",
  arrowright: "right",
  " ": "space"
};
function isPrintableChar(ch) {
  return [...ch].length === 1 && !/[\p{Cc}\p{Cf}\s]/u.test(ch);
}
function normalizeKeySpec(spec) {
  if (spec === " ") return "space";
  if (isPrintableChar(spec)) return spec;
  const lower = spec.toLowerCase().trim();
  const base = ALIASES[lower] ?? lower;
  if (NAMED.has(base)) return base;
  const m = /^(ctrl|control|meta|alt|option|shift)[+-](.+)$/i.exec(spec.trim());
  if (!m) return void 0;
  const mod = (m[1] ?? "").toLowerCase();
  const rest = m[2] ?? "";
  const restLower = rest.toLowerCase();
  const named = NAMED.has(ALIASES[restLower] ?? restLower) ? ALIASES[restLower] ?? restLower : void 0;
  if (mod === "shift") {
    if (named) return named === "space" ? void 0 : `shift+${named}`;
    if (/^[a-z]$/i.test(rest)) return rest.toUpperCase();
    return void 0;
  }
  if (mod === "ctrl" || mod === "control") {
    if (named) return `ctrl+${named}`;
    if (/^[a-z]$/i.test(rest)) return `ctrl+${restLower}`;
    return void 0;
  }
  if (named) return `meta+${named}`;
  if (isPrintableChar(rest)) return `meta+${rest}`;
  return void 0;
}
function isPrintableKey(name) {
  return name === "space" || isPrintableChar(name);
}
function namedFromInk(key) {
  if (key.upArrow) return "up";
  if (key.downArrow) return "down";
  if (key.leftArrow) return "left";
  if (key.rightArrow) return "right";
  if (key.pageUp) return "pageup";
  if (key.pageDown) return "pagedown";
  if (key.home) return "home";
  if (key.end) return "end";
  if (key.return) return "enter";
  if (key.escape) return "escape";
  if (key.tab) return "tab";
  if (key.backspace || key.delete) return "backspace";
  return void 0;
}
function charKey(ch) {
  if (ch === "\r" || ch === "\n") return "enter";
  if (ch === "	") return "tab";
  if (ch === "\x7F" || ch === "\b") return "backspace";
  if (ch === " ") return "space";
  return isPrintableChar(ch) ? ch : void 0;
}
function cleanPaste(text) {
  return text.replace(/\x1b\[20[01]~/g, "").replace(/[\p{Cc}\p{Cf}]/gu, "");
}
function normalizeInput(input, key, opts = {}) {
  const named = namedFromInk(key);
  if (named) {
    if (named === "tab" && key.shift) return { keys: ["shift+tab"] };
    if (key.ctrl && named !== "escape") return { keys: [`ctrl+${named}`] };
    if (key.meta && named !== "escape") return { keys: [`meta+${named}`] };
    if (key.shift && named !== "enter" && named !== "backspace") return { keys: [`shift+${named}`] };
    return { keys: [named] };
  }
  if (input.length === 0) return { keys: [] };
  if (key.ctrl) {
    const k = normalizeKeySpec(`ctrl+${input}`);
    return { keys: k ? [k] : [] };
  }
  if (key.meta) {
    const k = normalizeKeySpec(`meta+${input}`);
    return { keys: k ? [k] : [] };
  }
  const chars = [...input];
  if (opts.textInput && chars.length > 1) {
    const paste = cleanPaste(input);
    return paste ? { keys: [], paste } : { keys: [] };
  }
  const keys = [];
  for (const ch of chars) {
    const k = charKey(ch);
    if (k) keys.push(k);
  }
  return { keys };
}

// src/keymap/dispatcher.ts
var Keymap = class {
  constructor(bindings = DEFAULT_BINDINGS) {
    this.bindings = bindings;
    for (const b of bindings) {
      let keys = this.byContext.get(b.context);
      if (!keys) this.byContext.set(b.context, keys = /* @__PURE__ */ new Map());
      for (const k of b.keys) if (!keys.has(k)) keys.set(k, b.id);
    }
  }
  bindings;
  byContext = /* @__PURE__ */ new Map();
  lookup(context, key) {
    return this.byContext.get(context)?.get(key);
  }
  /** The binding of a command, for help lines and palette hints. */
  binding(id) {
    return this.bindings.find((b) => b.id === id);
  }
};
var DEFAULT_KEYMAP = new Keymap();
var RANK = new Map(PRECEDENCE.map((c, i) => [c, i]));
function effectiveContexts(contexts) {
  const sorted = [...new Set(contexts)].sort((a, b) => (RANK.get(a) ?? 99) - (RANK.get(b) ?? 99));
  if (!sorted.some(isOverlay)) return sorted;
  return sorted.filter((c) => c !== "global" && !isPane(c));
}
function resolve(key, contexts, opts = {}) {
  if (opts.textInput && isPrintableKey(key)) return void 0;
  const keymap = opts.keymap ?? DEFAULT_KEYMAP;
  for (const c of effectiveContexts(contexts)) {
    const id = keymap.lookup(c, key);
    if (id) return !opts.only || opts.only.has(id) ? id : void 0;
  }
  return void 0;
}
function dispatchInput(input, key, contexts, opts = {}) {
  const parsed = normalizeInput(input, key, { textInput: opts.textInput });
  const actions = [];
  if (parsed.paste !== void 0 && !opts.only) actions.push({ kind: "text", text: parsed.paste });
  for (const k of parsed.keys) {
    const id = resolve(k, contexts, opts);
    if (id) actions.push({ kind: "command", id, key: k });
    else if (opts.only) continue;
    else if (opts.textInput && isPrintableKey(k)) actions.push({ kind: "text", text: k === "space" ? " " : k });
    else actions.push({ kind: "key", key: k });
  }
  return actions;
}

// src/keymap/conflicts.ts
function findConflicts(bindings) {
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  for (const stack of allContextStacks()) {
    const live = new Set(stack);
    const owner = /* @__PURE__ */ new Map();
    for (const b of bindings) {
      if (!live.has(b.context)) continue;
      for (const key of b.keys) {
        const other = owner.get(key);
        if (other === void 0) owner.set(key, b.id);
        else if (other !== b.id) {
          const tag = `${key}\0${[other, b.id].sort().join("\0")}`;
          if (!seen.has(tag)) {
            seen.add(tag);
            out.push({ key, commands: [other, b.id], contexts: stack });
          }
        }
      }
    }
  }
  return out;
}

// src/keymap/overrides.ts
var KEY_EXAMPLES = "b, B, ctrl+b, meta+b, enter, escape, tab, shift+tab, space, up, pagedown";
function distance(a, b) {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = Math.min(up + 1, row[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return row[b.length];
}
function suggest(id) {
  let best2;
  let bestD = Infinity;
  for (const c of COMMAND_IDS) {
    const d = distance(id.toLowerCase(), c.toLowerCase());
    if (d < bestD) [best2, bestD] = [c, d];
  }
  return best2 && bestD <= 3 ? ` (did you mean "${best2}"?)` : "";
}
function applyOverrides(overrides, base = DEFAULT_BINDINGS) {
  const errors = [];
  if (overrides === void 0 || overrides === null) return { bindings: [...base], errors };
  if (typeof overrides !== "object" || Array.isArray(overrides)) {
    return {
      bindings: [...base],
      errors: ['keymap: expected an object of command ids to key lists, e.g. {"order.buy": ["b", "shift+b"]}']
    };
  }
  const wanted = /* @__PURE__ */ new Map();
  for (const [id, value2] of Object.entries(overrides)) {
    if (!isCommandId(id)) {
      errors.push(`keymap: unknown command "${id}"${suggest(id)}`);
      continue;
    }
    const list = typeof value2 === "string" ? [value2] : value2;
    if (!Array.isArray(list) || !list.every((k) => typeof k === "string")) {
      errors.push(`keymap."${id}": expected a key name or a list of key names`);
      continue;
    }
    const keys = [];
    let bad;
    for (const spec of list) {
      const k = normalizeKeySpec(spec);
      if (!k) {
        bad = spec;
        break;
      }
      if (!keys.includes(k)) keys.push(k);
    }
    if (bad !== void 0) {
      errors.push(`keymap."${id}": "${bad}" is not a key name (examples: ${KEY_EXAMPLES})`);
      continue;
    }
    wanted.set(id, keys);
  }
  const defaults = new Map(base.map((b) => [b.id, b]));
  const build = () => base.map((b) => wanted.has(b.id) ? { ...b, keys: wanted.get(b.id) } : b);
  let bindings = build();
  for (; ; ) {
    const conflicts = findConflicts(bindings);
    const refused = /* @__PURE__ */ new Set();
    for (const c of conflicts) {
      const [a, b] = c.commands;
      const culprits = [a, b].filter((id) => wanted.has(id));
      for (const id of culprits) {
        if (refused.has(id)) continue;
        refused.add(id);
        const other = id === a ? b : a;
        const desc = defaults.get(other)?.description;
        errors.push(
          `keymap."${id}": key "${c.key}" is already bound to "${other}"${desc ? ` (${desc})` : ""}; override not applied`
        );
      }
    }
    if (refused.size === 0) break;
    for (const id of refused) wanted.delete(id);
    bindings = build();
  }
  return { bindings, errors };
}

// src/keymap/help.ts
var SECTION_ORDER = [
  "global",
  "list",
  "book",
  "orders",
  "positions",
  "agents",
  "journal",
  "trades",
  "chart",
  "fills",
  "account",
  "shareGroups",
  "always",
  "form",
  "confirm",
  "picker",
  "palette",
  "help"
];
var LABELS = {
  up: "\u2191",
  down: "\u2193",
  left: "\u2190",
  right: "\u2192",
  pageup: "PgUp",
  pagedown: "PgDn",
  home: "Home",
  end: "End",
  enter: "Enter",
  escape: "Esc",
  tab: "Tab",
  backspace: "Backspace",
  space: "Space"
};
function keyLabel(key) {
  const m = /^(ctrl|meta|shift)\+(.+)$/.exec(key);
  if (m) {
    const mod = m[1] === "ctrl" ? "Ctrl" : m[1] === "meta" ? "Alt" : "Shift";
    const rest = m[2] ?? "";
    return `${mod}+${LABELS[rest] ?? (rest.length === 1 ? rest.toUpperCase() : rest)}`;
  }
  return LABELS[key] ?? key;
}
function keysLabel(keys) {
  return keys.map(keyLabel).join(" / ");
}
function helpSections(bindings = DEFAULT_BINDINGS, opts = {}) {
  const wanted = opts.contexts ? new Set(opts.contexts) : void 0;
  const sections = [];
  for (const context of SECTION_ORDER) {
    if (wanted && !wanted.has(context)) continue;
    const entries = bindings.filter((b) => b.context === context && (b.keys.length > 0 || opts.includeUnbound !== false)).map((b) => ({ id: b.id, keys: b.keys.length > 0 ? keysLabel(b.keys) : ": palette", description: b.description }));
    if (entries.length > 0) sections.push({ context, title: CONTEXT_TITLES[context], entries });
  }
  return sections;
}

// src/keymap/rankMatches.ts
import { matchSorterWithRankInfo } from "match-sorter";
function rankMatches(items, query, keys) {
  const q = query.trim();
  if (q === "") return [...items];
  return matchSorterWithRankInfo(items, q, {
    keys,
    // Which of the texts matched does not matter, only how well.
    sorter: (ranked) => [...ranked].sort((a, b) => b.rank - a.rank || a.index - b.index)
  }).map((r) => r.item);
}
function asWords(text) {
  return text.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, "$1 $2").replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

// src/keymap/palette.ts
var COMMAND_KEYS = [(b) => b.id, (b) => b.description, (b) => asWords(b.id), (b) => asWords(b.description)];
function filterCommands(query, bindings = DEFAULT_BINDINGS, limit = 50) {
  return rankMatches(paletteBindings(bindings), query, COMMAND_KEYS).slice(0, limit).map((binding) => ({ binding, label: `${binding.description}  (${binding.id})`, keys: keysLabel(binding.keys) }));
}

// src/keymap/writeAccess.ts
var WRITES = new Set(DEFAULT_BINDINGS.filter((b) => b.writes).map((b) => b.id));
function isWriteCommand(id) {
  return WRITES.has(id);
}
function usableBindings(bindings, readOnly) {
  return readOnly ? bindings.filter((b) => !b.writes) : bindings;
}
var READ_ONLY_REFUSAL = "monitor mode (--read-only): no key is loaded, so nothing can be signed or sent";

// src/startup/terminal.ts
var ENTER = "\x1B[?1049h\x1B[?25l";
var LEAVE = "\x1B[?25h\x1B[?1049l";
function takeTerminal(io = process, onSignal = defaultOnSignal) {
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    try {
      if (io.stdin.isTTY && io.stdin.isRaw) io.stdin.setRawMode(false);
    } catch {
    }
    io.stdout.write(LEAVE);
    process.off("exit", restore);
  };
  io.stdout.write(ENTER);
  process.on("exit", restore);
  const signals = ["SIGTERM", "SIGHUP", "SIGINT"];
  for (const s of signals) {
    process.once(s, () => {
      restore();
      onSignal(s);
    });
  }
  const crash = (err) => {
    restore();
    const message = err instanceof Error ? err.message : String(err);
    io.stderr.write(`perpdesk stopped after an unexpected error: ${message}
`);
    if (process.env["PERPDESK_DEBUG"] && err instanceof Error && err.stack) io.stderr.write(`${err.stack}
`);
    else io.stderr.write("(set PERPDESK_DEBUG=1 for details)\n");
    process.exit(70);
  };
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
  return { restore };
}
function defaultOnSignal(signal) {
  process.exit(signal === "SIGINT" ? 130 : 143);
}

// src/ui/render/DiffingStdout.ts
import { Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";

// src/ui/render/cellStyle.ts
var COLOR_DEFAULT = 0;
var COLOR_P16 = 1 << 24;
var COLOR_P256 = 2 << 24;
var COLOR_RGB = 3 << 24;
var COLOR_MODE_MASK = 3 << 24;
var COLOR_VALUE_MASK = 16777215;
var BOLD = 1;
var DIM = 2;
var ITALIC = 4;
var UNDERLINE = 8;
var BLINK = 16;
var INVERSE = 32;
var HIDDEN = 64;
var STRIKETHROUGH = 128;
var OVERLINE = 256;
function defaultStyle() {
  return { fg: COLOR_DEFAULT, bg: COLOR_DEFAULT, flags: 0 };
}
function copyStyle(style) {
  return { fg: style.fg, bg: style.bg, flags: style.flags };
}
function isDefaultStyle(s) {
  return s.fg === COLOR_DEFAULT && s.bg === COLOR_DEFAULT && s.flags === 0;
}
function p16(n) {
  return COLOR_P16 | n & 15;
}
function p256(n) {
  return COLOR_P256 | n & 255;
}
function rgb(r, g, b) {
  return COLOR_RGB | (r & 255) << 16 | (g & 255) << 8 | b & 255;
}

// src/ui/render/applySgr.ts
var FLAG_ON = { 1: BOLD, 2: DIM, 3: ITALIC, 5: BLINK, 7: INVERSE, 8: HIDDEN, 9: STRIKETHROUGH, 53: OVERLINE };
var FLAG_OFF = {
  22: BOLD | DIM,
  23: ITALIC,
  24: UNDERLINE,
  25: BLINK,
  27: INVERSE,
  28: HIDDEN,
  29: STRIKETHROUGH,
  55: OVERLINE
};
function num(v) {
  return v === void 0 || v < 0 ? 0 : v;
}
function applySgr(style, params) {
  if (params.length === 0) {
    reset(style);
    return;
  }
  for (let i = 0; i < params.length; i++) {
    const param = params[i];
    const p = num(param[0]);
    if (p === 0) reset(style);
    else if (p >= 30 && p <= 37) style.fg = p16(p - 30);
    else if (p >= 40 && p <= 47) style.bg = p16(p - 40);
    else if (p >= 90 && p <= 97) style.fg = p16(p - 90 + 8);
    else if (p >= 100 && p <= 107) style.bg = p16(p - 100 + 8);
    else if (p === 39) style.fg = COLOR_DEFAULT;
    else if (p === 49) style.bg = COLOR_DEFAULT;
    else if (p === 4) {
      if (param.length > 1 && param[1] === 0) style.flags &= ~UNDERLINE;
      else style.flags |= UNDERLINE;
    } else if (p === 21) style.flags |= UNDERLINE;
    else if (p === 38 || p === 48 || p === 58) {
      const parsed = param.length > 1 ? colorFromSubParams(param) : colorFromParams(params, i);
      i += parsed.consumed;
      if (parsed.color === void 0 || p === 58) continue;
      if (p === 38) style.fg = parsed.color;
      else style.bg = parsed.color;
    } else if (FLAG_ON[p] !== void 0) style.flags |= FLAG_ON[p];
    else if (FLAG_OFF[p] !== void 0) style.flags &= ~FLAG_OFF[p];
  }
}
function reset(style) {
  style.fg = COLOR_DEFAULT;
  style.bg = COLOR_DEFAULT;
  style.flags = 0;
}
function colorFromParams(params, at) {
  const mode = num(params[at + 1]?.[0]);
  if (mode === 5) {
    if (at + 2 >= params.length) return { color: void 0, consumed: params.length - at - 1 };
    return { color: p256(num(params[at + 2][0])), consumed: 2 };
  }
  if (mode === 2) {
    if (at + 4 >= params.length) return { color: void 0, consumed: params.length - at - 1 };
    return { color: rgb(num(params[at + 2][0]), num(params[at + 3][0]), num(params[at + 4][0])), consumed: 4 };
  }
  return { color: void 0, consumed: at + 1 < params.length ? 1 : 0 };
}
function colorFromSubParams(param) {
  const mode = num(param[1]);
  if (mode === 5) return { color: p256(num(param[2])), consumed: 0 };
  if (mode === 2) {
    const base = param.length >= 6 ? 3 : 2;
    return { color: rgb(num(param[base]), num(param[base + 1]), num(param[base + 2])), consumed: 0 };
  }
  return { color: void 0, consumed: 0 };
}

// src/ui/render/AnsiTokenizer.ts
var ESC = 27;
var BEL = 7;
var CAN = 24;
var SUB = 26;
var MAX_PARAMS = 32;
var MAX_SUBPARAMS = 8;
var MAX_STRING = 4096;
function isHighSurrogate(code) {
  return code >= 55296 && code <= 56319;
}
var AnsiTokenizer = class {
  state = 0 /* Ground */;
  prefix = "";
  intermediates = "";
  params = [];
  current = [-1];
  raw = "";
  data = "";
  heldSurrogate = "";
  /** Tokenizes `chunk`, keeping an unfinished sequence for the next call. */
  feed(input, sink) {
    let chunk = input;
    if (this.heldSurrogate !== "") {
      chunk = this.heldSurrogate + chunk;
      this.heldSurrogate = "";
    }
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      if (this.state === 0 /* Ground */) {
        const start = i;
        while (i < n) {
          const c3 = chunk.charCodeAt(i);
          if (c3 < 32 || c3 === 127 || c3 >= 128 && c3 <= 159) break;
          i++;
        }
        if (i > start) {
          let end = i;
          if (end === n && isHighSurrogate(chunk.charCodeAt(end - 1))) {
            end -= 1;
            this.heldSurrogate = chunk.slice(end);
          }
          if (end > start) sink.text(chunk.slice(start, end));
        }
        if (i >= n) break;
        const c2 = chunk.charCodeAt(i++);
        if (c2 === ESC) this.beginEscape();
        else if (c2 < 32) sink.control(c2);
        continue;
      }
      const c = chunk.charCodeAt(i++);
      this.step(c, chunk[i - 1], sink);
    }
  }
  beginEscape() {
    this.state = 1 /* Escape */;
    this.intermediates = "";
    this.raw = "\x1B";
  }
  step(c, ch, sink) {
    switch (this.state) {
      case 1 /* Escape */:
        return this.stepEscape(c, ch, sink);
      case 2 /* Csi */:
      case 3 /* CsiIgnore */:
        return this.stepCsi(c, ch, sink);
      case 4 /* Osc */:
      case 5 /* OscEscape */:
        return this.stepOsc(c, ch, sink);
      case 6 /* Str */:
      case 7 /* StrEscape */:
        return this.stepString(c);
      default:
        return;
    }
  }
  stepEscape(c, ch, sink) {
    if (c === ESC) return this.beginEscape();
    if (c === CAN || c === SUB) {
      this.state = 0 /* Ground */;
      return;
    }
    if (c < 32) return sink.control(c);
    this.raw += ch;
    if (c >= 32 && c <= 47) {
      if (this.intermediates.length < 4) this.intermediates += ch;
      return;
    }
    if (this.intermediates === "") {
      if (ch === "[") return this.beginCsi();
      if (ch === "]") {
        this.state = 4 /* Osc */;
        this.data = "";
        return;
      }
      if (ch === "P" || ch === "X" || ch === "^" || ch === "_") {
        this.state = 6 /* Str */;
        return;
      }
    }
    this.state = 0 /* Ground */;
    sink.esc(this.intermediates, ch, this.raw);
  }
  beginCsi() {
    this.state = 2 /* Csi */;
    this.prefix = "";
    this.intermediates = "";
    this.params = [];
    this.current = [-1];
  }
  stepCsi(c, ch, sink) {
    if (c === ESC) return this.beginEscape();
    if (c === CAN || c === SUB) {
      this.state = 0 /* Ground */;
      return;
    }
    if (c < 32) return sink.control(c);
    if (this.raw.length < 256) this.raw += ch;
    if (c >= 64 && c <= 126) {
      const ignored = this.state === 3 /* CsiIgnore */;
      this.state = 0 /* Ground */;
      if (ignored) return;
      if (this.params.length < MAX_PARAMS) this.params.push(this.current);
      const params = this.params.length === 1 && this.params[0].length === 1 && this.params[0][0] === -1 ? [] : this.params;
      sink.csi(this.prefix, params, this.intermediates, ch, this.raw);
      return;
    }
    if (this.state === 3 /* CsiIgnore */) return;
    if (c >= 48 && c <= 57) {
      if (this.intermediates !== "") return this.ignoreCsi();
      const last = this.current.length - 1;
      const value2 = this.current[last];
      this.current[last] = Math.min(99999, (value2 < 0 ? 0 : value2 * 10) + (c - 48));
      return;
    }
    if (ch === ";") {
      if (this.intermediates !== "") return this.ignoreCsi();
      if (this.params.length < MAX_PARAMS) this.params.push(this.current);
      this.current = [-1];
      return;
    }
    if (ch === ":") {
      if (this.intermediates !== "") return this.ignoreCsi();
      if (this.current.length < MAX_SUBPARAMS) this.current.push(-1);
      return;
    }
    if (c >= 60 && c <= 63) {
      const fresh = this.params.length === 0 && this.current.length === 1 && this.current[0] === -1;
      if (!fresh || this.prefix !== "" || this.intermediates !== "") return this.ignoreCsi();
      this.prefix = ch;
      return;
    }
    if (c >= 32 && c <= 47) {
      if (this.intermediates.length < 4) this.intermediates += ch;
      return;
    }
    this.ignoreCsi();
  }
  ignoreCsi() {
    this.state = 3 /* CsiIgnore */;
  }
  stepOsc(c, ch, sink) {
    if (this.state === 5 /* OscEscape */) {
      if (ch === "\\") return this.endOsc(sink, "\x1B\\");
      this.endOsc(sink, "");
      this.beginEscape();
      return this.stepEscape(c, ch, sink);
    }
    if (c === BEL) return this.endOsc(sink, "\x07");
    if (c === ESC) {
      this.state = 5 /* OscEscape */;
      return;
    }
    if (c === CAN || c === SUB) {
      this.state = 0 /* Ground */;
      return;
    }
    if (this.data.length < MAX_STRING) this.data += ch;
  }
  endOsc(sink, terminator) {
    this.state = 0 /* Ground */;
    const data = this.data;
    this.data = "";
    sink.osc(data, data.length >= MAX_STRING ? "" : `\x1B]${data}${terminator || "\x1B\\"}`);
  }
  stepString(c) {
    if (this.state === 7 /* StrEscape */) {
      this.state = c === 92 ? 0 /* Ground */ : 6 /* Str */;
      return;
    }
    if (c === ESC) this.state = 7 /* StrEscape */;
    else if (c === CAN || c === SUB) this.state = 0 /* Ground */;
  }
};

// src/ui/render/graphemeWidth.ts
import stringWidth from "string-width";
var segmenter = new Intl.Segmenter(void 0, { granularity: "grapheme" });
var PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
var CACHE_LIMIT = 4096;
var cache = /* @__PURE__ */ new Map();
function graphemeWidth(grapheme) {
  if (grapheme.length === 1) {
    const code = grapheme.charCodeAt(0);
    if (code >= 32 && code < 127) return 1;
  }
  let width = cache.get(grapheme);
  if (width === void 0) {
    width = Math.min(2, Math.max(0, stringWidth(grapheme)));
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(grapheme, width);
  }
  return width;
}
function isPrintableAscii(text) {
  return PRINTABLE_ASCII.test(text);
}
function eachGlyph(text, glyph) {
  if (isPrintableAscii(text)) {
    for (let i = 0; i < text.length; i++) glyph(text[i], 1);
    return;
  }
  for (const g of graphemes(text)) glyph(g, graphemeWidth(g));
}
var JOINING = /[\p{M}\u200d\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}\u{e0000}-\u{e007f}]/u;
function graphemes(text) {
  if (isPrintableAscii(text)) return text;
  if (!JOINING.test(text)) return text;
  return (function* () {
    for (const { segment } of segmenter.segment(text)) yield segment;
  })();
}
function hasCertainWidth(grapheme) {
  if (grapheme.length !== 1) return false;
  const code = grapheme.charCodeAt(0);
  if (code < 8960) return true;
  if (code <= 9215 || code >= 9728 && code <= 10175 || code >= 11008 && code <= 11263) return false;
  if (code < 11904) return true;
  if (code <= 42191) return code !== 12349 && code !== 12336;
  if (code >= 44032 && code <= 55203) return true;
  if (code >= 63744 && code <= 64255) return true;
  if (code >= 65281 && code <= 65510) return true;
  return code >= 42192 && code < 44032;
}

// src/ui/render/ScreenBuffer.ts
var ScreenBuffer = class _ScreenBuffer {
  cols;
  rows;
  chars;
  widths;
  fg;
  bg;
  flags;
  constructor(cols, rows) {
    this.cols = Math.max(1, Math.floor(cols) || 1);
    this.rows = Math.max(1, Math.floor(rows) || 1);
    const size = this.cols * this.rows;
    this.chars = new Array(size).fill(" ");
    this.widths = new Uint8Array(size).fill(1);
    this.fg = new Uint32Array(size);
    this.bg = new Uint32Array(size);
    this.flags = new Uint16Array(size);
  }
  index(x, y) {
    return y * this.cols + x;
  }
  /** Sets one cell verbatim, without wide-glyph bookkeeping. */
  put(i, char, width, fg, bg, flags) {
    this.chars[i] = char;
    this.widths[i] = width;
    this.fg[i] = fg;
    this.bg[i] = bg;
    this.flags[i] = flags;
  }
  blankWith(i, style) {
    this.put(i, " ", 1, style.fg, style.bg, style.flags);
  }
  /**
   * Writes a grapheme of width 1 or 2 at (x, y); the caller makes sure it fits
   * (x + width <= cols). A wide glyph that gets half overwritten leaves a blank in
   * the current style in its other half.
   */
  write(x, y, char, width, style) {
    const row = y * this.cols;
    const i = row + x;
    if (x > 0 && this.widths[i] === 0) this.blankWith(i - 1, style);
    const after = x + width;
    if (after < this.cols && this.widths[row + after] === 0) this.blankWith(row + after, style);
    this.put(i, char, width, style.fg, style.bg, style.flags);
    if (width === 2) this.put(i + 1, "", 0, style.fg, style.bg, style.flags);
  }
  /** Adds a zero-width grapheme (combining mark) to the glyph left of column x. */
  join(x, y, mark) {
    if (x <= 0) return;
    let i = y * this.cols + Math.min(x, this.cols) - 1;
    if (this.widths[i] === 0 && x >= 2) i -= 1;
    const current = this.chars[i] ?? " ";
    if (current.length < 32) this.chars[i] = current + mark;
  }
  /** Erases columns [from, to) of row y with background `bg` (EL, ED, ECH). */
  erase(y, from, to, bg) {
    const start = Math.max(0, from);
    const end = Math.min(this.cols, to);
    if (start >= end) return;
    const row = y * this.cols;
    if (start > 0 && this.widths[row + start] === 0) this.put(row + start - 1, " ", 1, 0, bg, 0);
    if (end < this.cols && this.widths[row + end] === 0) this.put(row + end, " ", 1, 0, bg, 0);
    for (let i = row + start; i < row + end; i++) this.put(i, " ", 1, 0, bg, 0);
  }
  /** Moves rows [top, bottom] up by n, filling the freed rows at the bottom with erased cells. */
  scrollUp(n, bg, top = 0, bottom = this.rows - 1) {
    const count2 = Math.min(n, bottom - top + 1);
    if (count2 <= 0) return;
    const cols = this.cols;
    const from = (top + count2) * cols;
    const end = (bottom + 1) * cols;
    this.copyWithin(top * cols, from, end);
    for (let y = bottom - count2 + 1; y <= bottom; y++) this.erase(y, 0, cols, bg);
  }
  /** Moves rows [top, bottom] down by n, filling the freed rows at the top with erased cells. */
  scrollDown(n, bg, top = 0, bottom = this.rows - 1) {
    const count2 = Math.min(n, bottom - top + 1);
    if (count2 <= 0) return;
    const cols = this.cols;
    this.copyWithin((top + count2) * cols, top * cols, (bottom + 1 - count2) * cols);
    for (let y = top; y < top + count2; y++) this.erase(y, 0, cols, bg);
  }
  copyWithin(target, start, end) {
    this.chars.copyWithin(target, start, end);
    this.widths.copyWithin(target, start, end);
    this.fg.copyWithin(target, start, end);
    this.bg.copyWithin(target, start, end);
    this.flags.copyWithin(target, start, end);
  }
  clear(bg = 0) {
    for (let y = 0; y < this.rows; y++) this.erase(y, 0, this.cols, bg);
  }
  sameCell(other, i) {
    return this.chars[i] === other.chars[i] && this.widths[i] === other.widths[i] && this.fg[i] === other.fg[i] && this.bg[i] === other.bg[i] && this.flags[i] === other.flags[i];
  }
  /** A blank that erase sequences (EL, ECH) can produce: ' ', default fg, no flags. */
  isErased(i) {
    return this.chars[i] === " " && this.fg[i] === 0 && this.flags[i] === 0 && this.widths[i] === 1;
  }
  clone() {
    const copy = new _ScreenBuffer(this.cols, this.rows);
    copy.copyFrom(this);
    return copy;
  }
  /** Copies another buffer of the same size into this one. */
  copyFrom(other) {
    if (other.cols !== this.cols || other.rows !== this.rows) throw new RangeError("buffer sizes differ");
    for (let i = 0; i < other.chars.length; i++) this.chars[i] = other.chars[i];
    this.widths.set(other.widths);
    this.fg.set(other.fg);
    this.bg.set(other.bg);
    this.flags.set(other.flags);
  }
  /**
   * A new buffer of the given size holding this one's rows from `topRow` on, cut at
   * the right edge (a wide glyph split by the edge is erased, as a cropping terminal does).
   */
  resized(cols, rows, topRow = 0) {
    const next = new _ScreenBuffer(cols, rows);
    const width = Math.min(this.cols, next.cols);
    for (let y = 0; y < next.rows && y + topRow < this.rows; y++) {
      const src = (y + topRow) * this.cols;
      const dst = y * next.cols;
      for (let x = 0; x < width; x++) {
        const i = src + x;
        next.put(dst + x, this.chars[i], this.widths[i], this.fg[i], this.bg[i], this.flags[i]);
      }
      const last = dst + width - 1;
      if (next.widths[last] === 2) next.put(last, " ", 1, 0, 0, 0);
    }
    return next;
  }
  /** The text of row y (wide glyphs once, right halves skipped). */
  rowText(y, trimEnd = true) {
    let text = "";
    const row = y * this.cols;
    for (let x = 0; x < this.cols; x++) if (this.widths[row + x] !== 0) text += this.chars[row + x];
    return trimEnd ? text.trimEnd() : text;
  }
  lines() {
    const out = [];
    for (let y = 0; y < this.rows; y++) out.push(this.rowText(y));
    return out;
  }
};

// src/ui/render/AnsiFrameParser.ts
var MAX_PASSTHROUGH = 64;
var ALT_SCREEN_MODES = /* @__PURE__ */ new Set([47, 1047, 1049]);
var AnsiFrameParser = class {
  tokenizer = new AnsiTokenizer();
  buffer;
  /** Column; equals cols while a wrap is pending after writing the last column. */
  x = 0;
  y = 0;
  style = defaultStyle();
  saved = null;
  cursorVisible = true;
  autowrap = true;
  sync = false;
  passthrough = [];
  repaint = false;
  /** Sequences that were recognised but cannot be modelled (ignored). */
  unknownSequences = 0;
  /** How many times synchronized output was switched off: each one ends a frame. */
  syncEnds = 0;
  constructor(cols, rows) {
    this.buffer = new ScreenBuffer(cols, rows);
  }
  get screen() {
    return this.buffer;
  }
  get cols() {
    return this.buffer.cols;
  }
  get rows() {
    return this.buffer.rows;
  }
  /** True between `ESC[?2026h` and `ESC[?2026l`: a frame is being written. */
  get synchronized() {
    return this.sync;
  }
  get cursor() {
    return { x: Math.min(this.x, this.cols - 1), y: this.y, visible: this.cursorVisible };
  }
  write(chunk) {
    this.tokenizer.feed(chunk, this);
  }
  /** Sequences to forward verbatim to the real terminal, oldest first. */
  takePassthrough() {
    const out = this.passthrough.join("");
    this.passthrough = [];
    return out;
  }
  /** True once after something replaced the whole screen (alternate screen, reset). */
  takeRepaintRequest() {
    const requested = this.repaint;
    this.repaint = false;
    return requested;
  }
  /**
   * Resizes like xterm's alternate screen: rows leave from the bottom while they
   * are below the cursor, then from the top; columns are cut or padded.
   */
  resize(cols, rows) {
    const newCols = Math.max(1, Math.floor(cols) || 1);
    const newRows = Math.max(1, Math.floor(rows) || 1);
    if (newCols === this.cols && newRows === this.rows) return;
    let top = 0;
    let lines = this.rows;
    let y = this.y;
    while (lines > newRows) {
      if (y >= lines - 1) {
        top++;
        y--;
      }
      lines--;
    }
    this.buffer = this.buffer.resized(newCols, newRows, top);
    this.y = Math.max(0, Math.min(y, newRows - 1));
    this.x = Math.min(this.x, newCols - 1);
    if (this.saved) {
      this.saved.x = Math.min(this.saved.x, newCols - 1);
      this.saved.y = Math.min(this.saved.y, newRows - 1);
    }
  }
  /** Replaces the screen content (used to fall back to the last good frame). */
  restore(screen) {
    this.buffer = screen.cols === this.cols && screen.rows === this.rows ? screen.clone() : screen.resized(this.cols, this.rows);
    this.x = Math.min(this.x, this.cols - 1);
    this.y = Math.min(this.y, this.rows - 1);
  }
  // TokenSink
  text(text) {
    eachGlyph(text, this.glyph);
  }
  glyph = (g, width) => {
    if (width === 0) this.buffer.join(this.x, this.y, g);
    else this.print(g, width);
  };
  control(code) {
    switch (code) {
      case 10:
      // LF, VT, FF: the tty's onlcr turns them into CR LF
      case 11:
      case 12:
        this.x = 0;
        this.index();
        return;
      case 13:
        this.x = 0;
        return;
      case 8:
        this.x = Math.min(this.x, this.cols - 1);
        if (this.x > 0) this.x--;
        return;
      case 9:
        if (this.x < this.cols) this.x = Math.min(this.cols - 1, (Math.floor(this.x / 8) + 1) * 8);
        return;
      case 7:
        this.pass("\x07");
        return;
      default:
        return;
    }
  }
  csi(prefix, params, intermediates, final, raw) {
    if (prefix === "?" && intermediates === "" && (final === "h" || final === "l")) return this.privateModes(params, final === "h", raw);
    if (prefix !== "" || intermediates !== "") return this.foreignCsi(final, raw);
    const n = count(params, 0);
    const cols = this.cols;
    switch (final) {
      case "A":
        return this.moveTo(this.x, this.y - n);
      case "B":
      case "e":
        return this.moveTo(this.x, this.y + n);
      case "C":
      case "a":
        return this.moveTo(Math.min(this.x, cols - 1) + n, this.y);
      case "D":
        return this.moveTo(Math.min(this.x, cols - 1) - n, this.y);
      case "E":
        return this.moveTo(0, this.y + n);
      case "F":
        return this.moveTo(0, this.y - n);
      case "G":
      case "`":
        return this.moveTo(n - 1, this.y);
      case "d":
        return this.moveTo(this.x, n - 1);
      case "H":
      case "f":
        return this.moveTo(count(params, 1) - 1, n - 1);
      case "J":
        return this.eraseDisplay(value(params, 0));
      case "K":
        return this.eraseLine(value(params, 0));
      case "X": {
        this.x = Math.min(this.x, cols - 1);
        this.buffer.erase(this.y, this.x, this.x + n, this.style.bg);
        return;
      }
      case "m":
        applySgr(this.style, params);
        return;
      case "s":
        if (params.length === 0) this.saveCursor();
        return;
      case "u":
        if (params.length === 0) return this.restoreCursor();
        return this.foreignCsi(final, raw);
      case "n":
      case "c":
      case "t":
        return this.foreignCsi(final, raw);
      default:
        this.unknownSequences++;
        return;
    }
  }
  esc(intermediates, final, raw) {
    if (intermediates !== "") return;
    switch (final) {
      case "7":
        return this.saveCursor();
      case "8":
        return this.restoreCursor();
      case "D":
        return this.index();
      case "E":
        this.x = 0;
        return this.index();
      case "M":
        if (this.y === 0) this.buffer.scrollDown(1, this.style.bg);
        else this.y--;
        return;
      case "c":
        return this.hardReset();
      case "=":
      case ">":
        return this.pass(raw);
      case "\\":
        return;
      default:
        this.unknownSequences++;
        return;
    }
  }
  osc(data, raw) {
    if (data.startsWith("8;") || raw === "") return;
    this.pass(raw);
  }
  // Internals
  print(g, width) {
    const cols = this.cols;
    if (width > cols) return;
    if (this.x + width > cols) {
      if (!this.autowrap) {
        if (width === 2) return;
        this.x = cols - 1;
      } else {
        for (let c = this.x; c < cols; c++) this.buffer.write(c, this.y, " ", 1, this.style);
        this.x = 0;
        this.index();
      }
    }
    this.buffer.write(this.x, this.y, g, width, this.style);
    this.x += width;
  }
  index() {
    if (this.y >= this.rows - 1) {
      this.y = this.rows - 1;
      this.buffer.scrollUp(1, this.style.bg);
    } else {
      this.y++;
    }
  }
  moveTo(x, y) {
    this.x = Math.max(0, Math.min(this.cols - 1, x));
    this.y = Math.max(0, Math.min(this.rows - 1, y));
  }
  eraseDisplay(mode) {
    const x = Math.min(this.x, this.cols);
    const bg = this.style.bg;
    if (mode === 0) {
      this.buffer.erase(this.y, x, this.cols, bg);
      for (let y = this.y + 1; y < this.rows; y++) this.buffer.erase(y, 0, this.cols, bg);
    } else if (mode === 1) {
      this.buffer.erase(this.y, 0, x + 1, bg);
      for (let y = 0; y < this.y; y++) this.buffer.erase(y, 0, this.cols, bg);
    } else if (mode === 2) {
      this.buffer.clear(bg);
    }
  }
  eraseLine(mode) {
    const x = Math.min(this.x, this.cols);
    const bg = this.style.bg;
    if (mode === 0) this.buffer.erase(this.y, x, this.cols, bg);
    else if (mode === 1) this.buffer.erase(this.y, 0, x + 1, bg);
    else if (mode === 2) this.buffer.erase(this.y, 0, this.cols, bg);
  }
  privateModes(params, on, raw) {
    const foreign = [];
    for (const param of params) {
      const mode = param[0] ?? -1;
      if (mode === 25) this.cursorVisible = on;
      else if (mode === 2026) {
        if (this.sync && !on) this.syncEnds++;
        this.sync = on;
      } else if (mode === 7) this.autowrap = on;
      else if (ALT_SCREEN_MODES.has(mode)) {
        this.pass(`\x1B[?${mode}${on ? "h" : "l"}`);
        this.buffer.clear();
        this.repaint = true;
      } else if (mode >= 0) foreign.push(mode);
    }
    if (foreign.length === params.length && params.length > 0) this.pass(raw);
    else if (foreign.length > 0) this.pass(`\x1B[?${foreign.join(";")}${on ? "h" : "l"}`);
  }
  /** Keyboard protocol, cursor shape, queries, window ops: forwarded untouched. */
  foreignCsi(final, raw) {
    if (final === "u" || final === "q" || final === "n" || final === "c" || final === "t" || final === "p") this.pass(raw);
    else this.unknownSequences++;
  }
  pass(sequence) {
    if (this.passthrough.length >= MAX_PASSTHROUGH) this.passthrough.shift();
    this.passthrough.push(sequence);
  }
  saveCursor() {
    this.saved = { x: Math.min(this.x, this.cols - 1), y: this.y, style: copyStyle(this.style) };
  }
  restoreCursor() {
    const saved = this.saved ?? { x: 0, y: 0, style: defaultStyle() };
    this.moveTo(saved.x, saved.y);
    this.style.fg = saved.style.fg;
    this.style.bg = saved.style.bg;
    this.style.flags = saved.style.flags;
  }
  hardReset() {
    this.buffer = new ScreenBuffer(this.cols, this.rows);
    this.x = 0;
    this.y = 0;
    this.style.fg = 0;
    this.style.bg = 0;
    this.style.flags = 0;
    this.saved = null;
    this.cursorVisible = true;
    this.autowrap = true;
    this.sync = false;
    this.repaint = true;
  }
};
function count(params, i) {
  const v = params[i]?.[0] ?? -1;
  return v <= 0 ? 1 : v;
}
function value(params, i) {
  const v = params[i]?.[0] ?? -1;
  return v < 0 ? 0 : v;
}

// src/ui/render/changedSegments.ts
var BLANK_VISIBLE = UNDERLINE | INVERSE | STRIKETHROUGH | OVERLINE;
var MAX_GAP_BYTES = 3;
function looksSame(prev, next, i) {
  if (prev.sameCell(next, i)) return true;
  return prev.chars[i] === " " && next.chars[i] === " " && prev.widths[i] === 1 && next.widths[i] === 1 && prev.bg[i] === next.bg[i] && (prev.flags[i] & BLANK_VISIBLE) === 0 && (next.flags[i] & BLANK_VISIBLE) === 0;
}
function sameStyleAt(buf, i, j) {
  return buf.fg[i] === buf.fg[j] && buf.bg[i] === buf.bg[j] && buf.flags[i] === buf.flags[j];
}
function cheapGap(next, row, a, b) {
  let bytes = 0;
  for (let x = a + 1; x < b; x++) {
    const i = row + x;
    if (!sameStyleAt(next, row + a, i)) return false;
    const ch = next.chars[i];
    if (next.widths[i] !== 0 && !hasCertainWidth(ch)) return false;
    bytes += ch.length === 1 && ch.charCodeAt(0) < 128 ? 1 : Buffer.byteLength(ch);
    if (bytes > MAX_GAP_BYTES) return false;
  }
  return sameStyleAt(next, row + a, row + b);
}
function changedSegments(prev, next) {
  const cols = next.cols;
  const pw = prev.widths;
  const nw = next.widths;
  const segments = [];
  for (let y = 0; y < next.rows; y++) {
    const row = y * cols;
    let last = null;
    let c = 0;
    while (c < cols) {
      if (looksSame(prev, next, row + c)) {
        c++;
        continue;
      }
      let s = c;
      let e = c;
      while (s > 0 && (nw[row + s] === 0 || pw[row + s] === 0)) s--;
      for (; ; ) {
        while (e + 1 < cols && !looksSame(prev, next, row + e + 1)) e++;
        if (e < cols - 1 && (nw[row + e] === 2 || pw[row + e] === 2)) {
          e++;
          continue;
        }
        break;
      }
      if (last !== null) s = Math.max(s, last.e + 1);
      if (erasedToEnd(next, y, s) && changedFrom(prev, next, y, s) >= 3) e = cols - 1;
      if (last !== null && cheapGap(next, row, last.e, s)) last.e = e;
      else {
        last = { y, s, e };
        segments.push(last);
      }
      c = e + 1;
    }
  }
  return segments;
}
function changedFrom(prev, next, y, x) {
  const row = y * next.cols;
  let n = 0;
  for (let i = row + x; i < row + next.cols; i++) if (!looksSame(prev, next, i)) n++;
  return n;
}
function erasedToEnd(next, y, x) {
  const row = y * next.cols;
  const bg = next.bg[row + x];
  for (let i = row + x; i < row + next.cols; i++) if (!next.isErased(i) || next.bg[i] !== bg) return false;
  return true;
}

// src/ui/render/cursorMove.ts
var CSI = "\x1B[";
function arg(n) {
  return n === 1 ? "" : String(n);
}
function horizontal(fromX, x, cols) {
  const known = fromX >= 0 && fromX < cols;
  if (known && fromX === x) return "";
  let best2 = `${CSI}${arg(x + 1)}G`;
  const consider = (s) => {
    if (s.length < best2.length) best2 = s;
  };
  if (x === 0) consider("\r");
  else consider(`\r${CSI}${arg(x)}C`);
  if (known) {
    const dx = x - fromX;
    if (dx > 0) consider(`${CSI}${arg(dx)}C`);
    else if (dx === -1) consider("\b");
    else consider(`${CSI}${arg(-dx)}D`);
  }
  return best2;
}
function cursorMove(from, x, y, cols) {
  if (from.y === y && from.x === x) return "";
  const row = y + 1;
  const col = x + 1;
  let best2 = `${CSI}${row === 1 && col === 1 ? "" : col === 1 ? row : `${row};${col}`}H`;
  const consider = (s) => {
    if (s.length < best2.length) best2 = s;
  };
  if (from.y === y) {
    consider(horizontal(from.x, x, cols));
  } else if (from.y >= 0) {
    const dy = y - from.y;
    const columnAfter = from.x >= 0 && from.x < cols ? from.x : -1;
    consider((dy > 0 ? `${CSI}${arg(dy)}B` : `${CSI}${arg(-dy)}A`) + horizontal(columnAfter, x, cols));
    if (dy > 0 && dy <= 3) consider("\r\n".repeat(dy) + horizontal(0, x, cols));
  }
  return best2;
}

// src/ui/render/sgrTransition.ts
var ESC2 = "\x1B";
var ON_CODES = [
  [BOLD, "1"],
  [DIM, "2"],
  [ITALIC, "3"],
  [UNDERLINE, "4"],
  [BLINK, "5"],
  [INVERSE, "7"],
  [HIDDEN, "8"],
  [STRIKETHROUGH, "9"],
  [OVERLINE, "53"]
];
var OFF_CODES = [
  [ITALIC, "23"],
  [UNDERLINE, "24"],
  [BLINK, "25"],
  [INVERSE, "27"],
  [HIDDEN, "28"],
  [STRIKETHROUGH, "29"],
  [OVERLINE, "55"]
];
function colorCode(color, base) {
  const mode = color & COLOR_MODE_MASK;
  const value2 = color & COLOR_VALUE_MASK;
  if (mode === COLOR_P16) return String(value2 < 8 ? base + value2 : base + 60 + value2 - 8);
  if (mode === COLOR_P256) return `${base + 8};5;${value2}`;
  if (mode === COLOR_RGB) return `${base + 8};2;${value2 >> 16 & 255};${value2 >> 8 & 255};${value2 & 255}`;
  return String(base + 9);
}
function flagCodes(flags, out) {
  for (const [flag, code] of ON_CODES) if (flags & flag) out.push(code);
}
function absoluteParams(to) {
  const out = [];
  flagCodes(to.flags, out);
  if (to.fg !== 0) out.push(colorCode(to.fg, 30));
  if (to.bg !== 0) out.push(colorCode(to.bg, 40));
  return out;
}
function relativeParams(from, to) {
  const out = [];
  const removed = from.flags & ~to.flags;
  let added = to.flags & ~from.flags;
  if (removed & (BOLD | DIM)) {
    out.push("22");
    added |= to.flags & (BOLD | DIM);
  }
  for (const [flag, code] of OFF_CODES) if (removed & flag) out.push(code);
  flagCodes(added, out);
  if (from.fg !== to.fg) out.push(colorCode(to.fg, 30));
  if (from.bg !== to.bg) out.push(colorCode(to.bg, 40));
  return out;
}
function sgrTransition(from, to) {
  if (from.fg === to.fg && from.bg === to.bg && from.flags === to.flags) return "";
  if (isDefaultStyle(to)) return `${ESC2}[m`;
  const relative = relativeParams(from, to).join(";");
  const absolute = ["0", ...absoluteParams(to)].join(";");
  return `${ESC2}[${relative.length <= absolute.length ? relative : absolute}m`;
}

// src/ui/render/FrameDiffer.ts
var CSI2 = "\x1B[";
var BEGIN_SYNC = `${CSI2}?2026h`;
var END_SYNC = `${CSI2}?2026l`;
var HIDE_CURSOR = `${CSI2}?25l`;
var SHOW_CURSOR = `${CSI2}?25h`;
var MAX_REORDERED = 2e3;
var MIN_ERASE_RUN = 3;
var FrameDiffer = class {
  prev = null;
  blank = null;
  state = { x: -1, y: -1, style: defaultStyle() };
  styleKnown = false;
  cursorShown = null;
  synchronized;
  fullRepaints = 0;
  constructor(options = {}) {
    this.synchronized = options.synchronized ?? true;
  }
  /** The frame the terminal shows after the last render(), or null before the first. */
  get lastFrame() {
    return this.prev;
  }
  /** Makes the next render() a full repaint (after a resize or foreign output). */
  invalidate() {
    this.prev = null;
    this.state.x = -1;
    this.state.y = -1;
    this.styleKnown = false;
    this.cursorShown = null;
  }
  render(next, cursor2) {
    const prev = this.prev;
    let body;
    if (prev === null || prev.cols !== next.cols || prev.rows !== next.rows) {
      body = this.repaint(next);
    } else {
      const before = this.saveState();
      body = this.diffScreens(prev, next);
      if (body.length > next.cols * next.rows >> 1) {
        const afterDiff = this.saveState();
        this.loadState(before);
        const full = this.repaint(next);
        if (full.length < body.length) body = full;
        else this.loadState(afterDiff);
      }
    }
    let out = "";
    if (body !== "") {
      if (this.cursorShown !== false) out += HIDE_CURSOR;
      this.cursorShown = false;
      out += body;
      if (!isDefaultStyle(this.state.style)) {
        out += `${CSI2}m`;
        this.state.style = defaultStyle();
      }
    }
    if (cursor2.visible) {
      const x = Math.max(0, Math.min(next.cols - 1, cursor2.x));
      const y = Math.max(0, Math.min(next.rows - 1, cursor2.y));
      out += this.moveTo(x, y, next.cols);
      if (this.cursorShown !== true) out += SHOW_CURSOR;
      this.cursorShown = true;
    } else if (this.cursorShown !== false) {
      out += HIDE_CURSOR;
      this.cursorShown = false;
    }
    if (prev === null || prev.cols !== next.cols || prev.rows !== next.rows) this.prev = next.clone();
    else prev.copyFrom(next);
    if (out === "") return "";
    return this.synchronized ? BEGIN_SYNC + out + END_SYNC : out;
  }
  saveState() {
    return { x: this.state.x, y: this.state.y, style: copyStyle(this.state.style), known: this.styleKnown, repaints: this.fullRepaints };
  }
  loadState(saved) {
    this.state = { x: saved.x, y: saved.y, style: copyStyle(saved.style) };
    this.styleKnown = saved.known;
    this.fullRepaints = saved.repaints;
  }
  repaint(next) {
    this.fullRepaints++;
    let out = this.styleKnown && isDefaultStyle(this.state.style) ? "" : `${CSI2}m`;
    this.state.style = defaultStyle();
    this.styleKnown = true;
    out += `${CSI2}H${CSI2}2J`;
    this.state.x = 0;
    this.state.y = 0;
    if (this.blank === null || this.blank.cols !== next.cols || this.blank.rows !== next.rows) {
      this.blank = new ScreenBuffer(next.cols, next.rows);
    }
    return out + this.diffScreens(this.blank, next);
  }
  /**
   * Writes every changed segment. Segments go in row-major order, except that a
   * later segment starting in the style the terminal is already in goes first when
   * that saves bytes: a book repaints numbers in one style and bars in another, and
   * switching back and forth on every row costs more than the extra cursor moves.
   */
  diffScreens(prev, next) {
    const segments = changedSegments(prev, next);
    if (segments.length === 0) return "";
    const cols = next.cols;
    const styleKey = (seg) => {
      const i = seg.y * cols + seg.s;
      return `${next.fg[i]}:${next.bg[i]}:${next.flags[i]}`;
    };
    const buckets = /* @__PURE__ */ new Map();
    const bucketPos = /* @__PURE__ */ new Map();
    if (segments.length <= MAX_REORDERED) {
      segments.forEach((seg, k) => {
        const key = styleKey(seg);
        const list = buckets.get(key);
        if (list) list.push(k);
        else buckets.set(key, [k]);
      });
    }
    const done = new Uint8Array(segments.length);
    let first = 0;
    let out = "";
    for (let written = 0; written < segments.length; written++) {
      while (done[first]) first++;
      let pick2 = first;
      const key = `${this.state.style.fg}:${this.state.style.bg}:${this.state.style.flags}`;
      const list = buckets.get(key);
      if (list) {
        let pos = bucketPos.get(key) ?? 0;
        while (pos < list.length && done[list[pos]]) pos++;
        bucketPos.set(key, pos);
        const same = list[pos];
        if (same !== void 0 && same !== first && this.cheaperFirst(next, segments[same], segments[first])) pick2 = same;
      }
      done[pick2] = 1;
      const seg = segments[pick2];
      out += this.moveTo(seg.s, seg.y, cols) + this.cells(next, seg.y, seg.s, seg.e);
    }
    return out;
  }
  /** True when going to `same` (already in its style) costs fewer bytes than going to `other`. */
  cheaperFirst(next, same, other) {
    const i = other.y * next.cols + other.s;
    const style = { fg: next.fg[i], bg: next.bg[i], flags: next.flags[i] };
    const otherCost = cursorMove(this.state, other.s, other.y, next.cols).length + sgrTransition(this.state.style, style).length;
    return cursorMove(this.state, same.s, same.y, next.cols).length < otherCost;
  }
  moveTo(x, y, cols) {
    const move = cursorMove(this.state, x, y, cols);
    this.state.x = x;
    this.state.y = y;
    return move;
  }
  /** Writes cells [from, to] of row y of `next`, the cursor being at (from, y). */
  cells(next, y, from, to) {
    const cols = next.cols;
    const row = y * cols;
    let out = "";
    let i = from;
    while (i <= to) {
      const idx = row + i;
      const width = next.widths[idx];
      if (width === 0) {
        i++;
        continue;
      }
      out += this.moveTo(i, y, cols);
      if (next.isErased(idx)) {
        const bg2 = next.bg[idx];
        let j = i;
        while (j + 1 <= to && next.isErased(row + j + 1) && next.bg[row + j + 1] === bg2) j++;
        if (j - i + 1 >= MIN_ERASE_RUN) {
          const erased = this.eraseRun(i, j, to, bg2, cols, y);
          if (erased !== null) {
            out += erased;
            i = j + 1;
            continue;
          }
        }
      }
      const current = this.state.style;
      const fg = next.fg[idx];
      const bg = next.bg[idx];
      const flags = next.flags[idx];
      if (current.fg !== fg || current.bg !== bg || current.flags !== flags) {
        const style = { fg, bg, flags };
        out += sgrTransition(current, style);
        this.state.style = style;
      }
      const char = next.chars[idx];
      out += char;
      this.state.x = Math.min(cols, i + width);
      if (!hasCertainWidth(char)) this.state.x = -1;
      i += width;
    }
    return out;
  }
  /**
   * Erased cells [i, j] as EL (when they reach the end of the row) or ECH, if that
   * is shorter than spaces. Returns null to write spaces instead.
   */
  eraseRun(i, j, to, bg, cols, y) {
    const n = j - i + 1;
    const current = this.state.style;
    const spaces = sgrTransition(current, { fg: 0, bg, flags: 0 }).length + n;
    const target = { fg: current.fg, bg, flags: current.flags };
    let erase = sgrTransition(current, target);
    let x = i;
    if (j === cols - 1) erase += `${CSI2}K`;
    else {
      erase += `${CSI2}${n === 1 ? "" : n}X`;
      if (j < to) {
        erase += cursorMove({ x: i, y }, j + 1, y, cols);
        x = j + 1;
      }
    }
    if (erase.length >= spaces) return null;
    this.state.style = target;
    this.state.x = x;
    return erase;
  }
};

// src/ui/render/DiffingStdout.ts
var DiffingStdout = class extends Writable {
  isTTY = true;
  target;
  parser;
  differ;
  decoder = new StringDecoder("utf8");
  resizeSettleMs;
  bytesIn = 0;
  bytesOut = 0;
  frames = 0;
  recoveries = 0;
  resizePending = false;
  resizeTimer;
  syncCheck;
  attached = true;
  onTargetResize = () => this.handleResize();
  constructor(target, options = {}) {
    super({ decodeStrings: false });
    this.target = target;
    this.resizeSettleMs = options.resizeSettleMs ?? 100;
    this.differ = new FrameDiffer({ synchronized: options.synchronized ?? true });
    this.parser = new AnsiFrameParser(this.columns, this.rows);
    target.on?.("resize", this.onTargetResize);
  }
  get columns() {
    const cols = this.target.columns;
    return cols !== void 0 && cols > 0 ? cols : 80;
  }
  get rows() {
    const rows = this.target.rows;
    return rows !== void 0 && rows > 0 ? rows : 24;
  }
  getWindowSize() {
    return [this.columns, this.rows];
  }
  getColorDepth() {
    return this.target.getColorDepth?.() ?? 8;
  }
  hasColors(count2 = 16) {
    return this.target.hasColors?.(count2) ?? 2 ** this.getColorDepth() >= count2;
  }
  /** What the terminal shows once pending output is flushed (read-only, for tests and snapshots). */
  get screen() {
    return this.parser.screen;
  }
  get stats() {
    return {
      bytesIn: this.bytesIn,
      bytesOut: this.bytesOut,
      frames: this.frames,
      fullRepaints: this.differ.fullRepaints,
      unknownSequences: this.parser.unknownSequences,
      recoveries: this.recoveries
    };
  }
  _write(chunk, _encoding, callback) {
    const text = typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) ? this.decoder.write(chunk) : String(chunk);
    this.accept(text);
    callback();
  }
  _final(callback) {
    this.flush();
    callback();
  }
  _destroy(error, callback) {
    this.detach();
    callback(error);
  }
  /** Writes whatever changed since the last frame now. */
  flush() {
    this.clearTimers();
    this.resizePending = false;
    try {
      this.output(this.nextFrame());
    } catch {
      this.recover();
      try {
        this.output(this.nextFrame());
      } catch {
        this.differ.invalidate();
      }
    }
  }
  /** Makes the next frame a full repaint (after something else wrote to the terminal). */
  invalidate() {
    this.differ.invalidate();
  }
  /** Stops following the real terminal's resizes and cancels pending work. */
  detach() {
    this.clearTimers();
    if (this.attached) this.target.off?.("resize", this.onTargetResize);
    this.attached = false;
  }
  accept(text) {
    this.bytesIn += Buffer.byteLength(text);
    const endsBefore = this.parser.syncEnds;
    try {
      this.syncSize();
      this.parser.write(text);
    } catch {
      this.recover();
    }
    const frameEnded = this.parser.syncEnds !== endsBefore && !this.parser.synchronized;
    if (frameEnded || text === "") return this.flush();
    if (this.parser.synchronized) return this.checkStuckFrame();
    if (this.resizePending) return this.settleAfterResize();
    this.flush();
  }
  nextFrame() {
    this.syncSize();
    if (this.parser.takeRepaintRequest()) this.differ.invalidate();
    const passthrough = this.parser.takePassthrough();
    const frame = this.differ.render(this.parser.screen, this.parser.cursor);
    if (frame !== "") this.frames++;
    return passthrough + frame;
  }
  output(data) {
    if (data === "") return;
    this.bytesOut += Buffer.byteLength(data);
    this.target.write(data);
  }
  /** Falls back to the last frame the terminal is known to show, repainted in full. */
  recover() {
    this.recoveries++;
    const last = this.differ.lastFrame;
    if (last !== null) this.parser.restore(last);
    this.differ.invalidate();
  }
  syncSize() {
    const cols = this.columns;
    const rows = this.rows;
    if (cols !== this.parser.cols || rows !== this.parser.rows) {
      this.parser.resize(cols, rows);
      this.differ.invalidate();
    }
  }
  handleResize() {
    try {
      this.syncSize();
    } catch {
      this.recover();
    }
    this.differ.invalidate();
    this.resizePending = true;
    this.emit("resize");
    if (this.resizePending) this.settleAfterResize();
  }
  settleAfterResize() {
    if (this.resizeTimer !== void 0) return;
    this.resizeTimer = setTimeout(() => {
      this.resizeTimer = void 0;
      this.flush();
    }, this.resizeSettleMs);
    this.resizeTimer.unref?.();
  }
  /** ink opens and closes a frame in the same tick; a frame left open is flushed on the next. */
  checkStuckFrame() {
    if (this.syncCheck !== void 0) return;
    this.syncCheck = setImmediate(() => {
      this.syncCheck = void 0;
      if (this.parser.synchronized) this.flush();
    });
    this.syncCheck.unref?.();
  }
  clearTimers() {
    if (this.resizeTimer !== void 0) clearTimeout(this.resizeTimer);
    if (this.syncCheck !== void 0) clearImmediate(this.syncCheck);
    this.resizeTimer = void 0;
    this.syncCheck = void 0;
  }
};

// src/ui/render/assembleFrame.ts
function applyOperations(width, height, operations, cache2) {
  const buffer = new ScreenBuffer(Math.max(1, width), Math.max(1, height));
  const full = { x1: 0, x2: width, y1: 0, y2: height };
  const clips = [];
  const style = defaultStyle();
  for (const op of operations) {
    if (op.type === "clip") {
      const c = op.clip;
      clips.push({
        x1: typeof c.x1 === "number" && typeof c.x2 === "number" ? c.x1 : full.x1,
        x2: typeof c.x1 === "number" && typeof c.x2 === "number" ? c.x2 : full.x2,
        y1: typeof c.y1 === "number" && typeof c.y2 === "number" ? c.y1 : full.y1,
        y2: typeof c.y1 === "number" && typeof c.y2 === "number" ? c.y2 : full.y2
      });
      continue;
    }
    if (op.type === "unclip") {
      clips.pop();
      continue;
    }
    const clip2 = clips.at(-1) ?? full;
    const x1 = Math.max(0, clip2.x1);
    const x2 = Math.min(width, clip2.x2);
    const lines = op.text.split("\n");
    for (let index = 0; index < lines.length; index++) {
      const y = op.y + index;
      if (y < clip2.y1 || y >= clip2.y2 || y < 0 || y >= height) continue;
      let line2 = lines[index];
      for (const transform of op.transformers) line2 = transform(line2, index);
      const cells = cache2.get(line2);
      for (let i = 0; i < cells.cols; i++) {
        const w = cells.widths[i];
        if (w === 0) continue;
        const x = op.x + i;
        if (x < x1 || x + w > x2) continue;
        style.fg = cells.fg[i];
        style.bg = cells.bg[i];
        style.flags = cells.flags[i];
        buffer.write(x, y, cells.chars[i], w, style);
      }
    }
  }
  return buffer;
}
function isBlankDefault(buffer, i) {
  return buffer.chars[i] === " " && buffer.fg[i] === 0 && buffer.bg[i] === 0 && buffer.flags[i] === 0;
}
function frameString(buffer) {
  const rows = [];
  const current = defaultStyle();
  const next = defaultStyle();
  for (let y = 0; y < buffer.rows; y++) {
    const start = y * buffer.cols;
    let end = start + buffer.cols;
    while (end > start && isBlankDefault(buffer, end - 1)) end--;
    let row = "";
    let run = "";
    for (let i = start; i < end; i++) {
      if (buffer.widths[i] === 0) continue;
      next.fg = buffer.fg[i];
      next.bg = buffer.bg[i];
      next.flags = buffer.flags[i];
      const sgr = sgrTransition(current, next);
      if (sgr !== "") {
        row += run + sgr;
        run = "";
        current.fg = next.fg;
        current.bg = next.bg;
        current.flags = next.flags;
      }
      run += buffer.chars[i];
    }
    row += run;
    if (current.fg !== 0 || current.bg !== 0 || current.flags !== 0) {
      row += "\x1B[m";
      current.fg = 0;
      current.bg = 0;
      current.flags = 0;
    }
    rows.push(row);
  }
  return rows.join("\n");
}

// src/ui/render/StyledLine.ts
var LineSink = class {
  chars = [];
  widths = [];
  fg = [];
  bg = [];
  flags = [];
  style = defaultStyle();
  push(char, width) {
    const { fg, bg, flags } = this.style;
    this.chars.push(char);
    this.widths.push(width);
    this.fg.push(fg);
    this.bg.push(bg);
    this.flags.push(flags);
  }
  text(text) {
    eachGlyph(text, this.glyph);
  }
  glyph = (g, width) => {
    if (width === 0) {
      let i = this.chars.length - 1;
      if (i >= 0 && this.widths[i] === 0) i -= 1;
      if (i >= 0 && this.chars[i].length < 32) this.chars[i] += g;
      return;
    }
    this.push(g, width);
    if (width === 2) this.push("", 0);
  };
  control() {
  }
  csi(prefix, params, intermediates, final) {
    if (final === "m" && prefix === "" && intermediates === "") applySgr(this.style, params);
  }
  esc() {
  }
  osc() {
  }
};
function parseStyledLine(line2) {
  const sink = new LineSink();
  new AnsiTokenizer().feed(line2, sink);
  return {
    cols: sink.chars.length,
    chars: sink.chars,
    widths: Uint8Array.from(sink.widths),
    fg: Uint32Array.from(sink.fg),
    bg: Uint32Array.from(sink.bg),
    flags: Uint16Array.from(sink.flags)
  };
}
var StyledLineCache = class {
  /** Lines seen per frame are capped too, for a frame of thousands of distinct lines. */
  constructor(maxPerFrame = 4096) {
    this.maxPerFrame = maxPerFrame;
  }
  maxPerFrame;
  current = /* @__PURE__ */ new Map();
  previous = /* @__PURE__ */ new Map();
  get(line2) {
    let parsed = this.current.get(line2);
    if (parsed !== void 0) return parsed;
    parsed = this.previous.get(line2) ?? parseStyledLine(line2);
    if (this.current.size >= this.maxPerFrame) this.endFrame();
    this.current.set(line2, parsed);
    return parsed;
  }
  /** Call once per frame: lines not used since the last call become eligible for dropping. */
  endFrame() {
    this.previous = this.current;
    this.current = /* @__PURE__ */ new Map();
  }
  get size() {
    return this.current.size + this.previous.size;
  }
};

// src/ui/render/installFastAssembly.ts
var active;
async function loadOutputClass() {
  let url;
  try {
    url = new URL("./output.js", import.meta.resolve("ink"));
  } catch (e) {
    return `cannot resolve ink: ${e instanceof Error ? e.message : String(e)}`;
  }
  try {
    const mod = await import(url.href);
    const Output = mod.default;
    if (typeof Output !== "function" || typeof Output.prototype?.get !== "function") return "ink/build/output.js has no Output class with get()";
    const probe = new Output({ width: 2, height: 1 });
    if (!Array.isArray(probe.operations) || probe.width !== 2 || probe.height !== 1) return "ink's Output does not keep width, height and operations";
    return Output;
  } catch (e) {
    return `cannot load ink's Output: ${e instanceof Error ? e.message : String(e)}`;
  }
}
async function installFastAssembly() {
  if (active) return { installed: true, restore: active.restore };
  const Output = await loadOutputClass();
  if (typeof Output === "string") return { installed: false, reason: Output };
  const original = Output.prototype.get;
  const cache2 = new StyledLineCache();
  Output.prototype.get = function get() {
    const buffer = applyOperations(this.width, this.height, this.operations, cache2);
    cache2.endFrame();
    return { output: frameString(buffer), height: this.height };
  };
  const restore = () => {
    Output.prototype.get = original;
    active = void 0;
  };
  active = { restore };
  return { installed: true, restore };
}

// src/ui/view/viewStore.ts
import { createStore } from "zustand/vanilla";
function createViewStore(init = {}) {
  return createStore()(() => ({
    focus: "book",
    selection: {},
    bookCursorRaw: null,
    bookGroupTicks: 1,
    chartInterval: "1m",
    activeTab: {},
    zoom: null,
    overlays: [],
    notice: null,
    themeName: "dark",
    overlayQuery: "",
    overlayCursor: 0,
    inFlight: 0,
    progress: null,
    ordersScope: "contract",
    form: null,
    leverageOf: {},
    ...init
  }));
}
var view = {
  focus(store, pane) {
    store.setState({ focus: pane });
  },
  /** Moves the selection of a list pane by delta rows; the pane clamps to its row count. */
  moveSelection(store, pane, delta, rowCount) {
    const current = store.getState().selection[pane] ?? 0;
    const next = Math.max(0, Math.min(Math.max(0, rowCount - 1), current + delta));
    if (next !== current) store.setState({ selection: { ...store.getState().selection, [pane]: next } });
  },
  setSelection(store, pane, index) {
    store.setState({ selection: { ...store.getState().selection, [pane]: Math.max(0, index) } });
  },
  setBookCursor(store, raw) {
    store.setState({ bookCursorRaw: raw === null ? null : raw.toString() });
  },
  setGrouping(store, ticks) {
    store.setState({ bookGroupTicks: Math.max(1, Math.floor(ticks)), bookCursorRaw: null });
  },
  setChartInterval(store, interval) {
    store.setState({ chartInterval: interval });
  },
  setTab(store, areaId, pane) {
    store.setState({ activeTab: { ...store.getState().activeTab, [areaId]: pane } });
  },
  toggleZoom(store) {
    const s = store.getState();
    store.setState({ zoom: s.zoom ? null : s.focus });
  },
  openOverlay(store, overlay) {
    store.setState({ overlays: [...store.getState().overlays, overlay] });
  },
  closeOverlay(store) {
    const overlays = store.getState().overlays;
    if (overlays.length > 0) store.setState({ overlays: overlays.slice(0, -1) });
  },
  /** Opens an overlay with an empty filter and the cursor on its first row (or on `cursor`). */
  openListOverlay(store, overlay, cursor2 = 0) {
    store.setState({ overlays: [...store.getState().overlays, overlay], overlayQuery: "", overlayCursor: cursor2 });
  },
  setOverlayQuery(store, query, cursor2 = 0) {
    store.setState({ overlayQuery: query, overlayCursor: cursor2 });
  },
  /** Moves the overlay cursor by delta within [0, count - 1]. */
  moveOverlayCursor(store, delta, count2) {
    const current = store.getState().overlayCursor;
    const next = Math.max(0, Math.min(Math.max(0, count2 - 1), current + delta));
    if (next !== current) store.setState({ overlayCursor: next });
  },
  beginRequest(store) {
    store.setState({ inFlight: store.getState().inFlight + 1 });
  },
  endRequest(store) {
    store.setState({ inFlight: Math.max(0, store.getState().inFlight - 1) });
  },
  setProgress(store, text) {
    store.setState({ progress: text });
  },
  setTheme(store, name) {
    store.setState({ themeName: name });
  },
  toggleOrdersScope(store) {
    const s = store.getState();
    store.setState({ ordersScope: s.ordersScope === "all" ? "contract" : "all", selection: { ...s.selection, orders: 0 } });
  },
  setForm(store, form) {
    store.setState({ form });
  },
  /** Changes the open form only if it is still the same instance (a late answer must not land on another form). */
  updateForm(store, instance, change) {
    const f = store.getState().form;
    if (f && f.instance === instance) store.setState({ form: change(f) });
  },
  setLeverage(store, contractId, leverage) {
    store.setState({ leverageOf: { ...store.getState().leverageOf, [contractId]: leverage } });
  },
  notify(store, text, tone = "info", now = Date.now()) {
    store.setState({ notice: { text, tone, at: now } });
  }
};
var selectTopOverlay = (s) => s.overlays[s.overlays.length - 1];

// src/ui/alerts/alerts.ts
var relevant = (s) => [s.orders.fills, s.account.positions, s.market.marketStates, s.market.configs];
function startAlerts(o) {
  let state = createAlertState(o.since ?? Date.now());
  let prev = snapshotOf(o.store.getState());
  let last = relevant(o.store.getState());
  return o.store.subscribe((s) => {
    const now = relevant(s);
    if (now.every((x, i) => x === last[i])) return;
    last = now;
    const next = snapshotOf(s);
    const out = detectAlerts(prev, next, state, o.settings);
    prev = next;
    state = out.state;
    if (out.events.length === 0) return;
    const lastEvent = out.events[out.events.length - 1];
    const more = out.events.length > 1 ? ` (+${out.events.length - 1} more)` : "";
    view.notify(o.view, `${lastEvent.text}${more}`, out.events.some((e) => e.kind === "liquidation") ? "warning" : "info");
    if (out.bell) o.bell();
  });
}

// src/ui/theme/applyColorLevel.ts
import chalk from "chalk";
function chalkLevelFor(level) {
  return level === "truecolor" ? 3 : level === "256" ? 2 : 1;
}
function applyColorLevel(level) {
  chalk.level = chalkLevelFor(level);
}

// src/ui/theme/colorLevel.ts
function detectColorLevel(env = process.env, argv = process.argv) {
  const forced = argv.find((a) => a.startsWith("--color="))?.slice("--color=".length);
  if (argv.includes("--no-color") || forced === "none" || forced === "never") return "none";
  if (forced === "16" || forced === "256" || forced === "truecolor") return forced;
  if (env.NO_COLOR !== void 0 && env.NO_COLOR !== "") return "none";
  const term = (env.TERM ?? "").toLowerCase();
  if (term === "dumb") return "none";
  const colorterm = (env.COLORTERM ?? "").toLowerCase();
  if (colorterm === "truecolor" || colorterm === "24bit") return "truecolor";
  if (term.includes("256color") || term.includes("256colour")) return "256";
  return "16";
}

// src/ui/app/App.tsx
import { memo as memo28, useCallback, useEffect as useEffect5, useMemo as useMemo18, useRef as useRef4 } from "react";
import { Box as Box14, Text as Text14 } from "ink";

// src/state/selectors.ts
var EMPTY = Object.freeze([]);
function memoByRef(fn) {
  let lastIn;
  let lastOut;
  return (input) => {
    if (input !== lastIn) {
      lastOut = fn(input);
      lastIn = input;
    }
    return lastOut;
  };
}
function perParam(fn, max = 16) {
  const memos = /* @__PURE__ */ new Map();
  return (p) => {
    let m = memos.get(p);
    if (!m) {
      if (memos.size >= max) memos.delete(memos.keys().next().value);
      m = memoByRef((input) => fn(p, input));
      memos.set(p, m);
    }
    return m;
  };
}
var selectSelectedName = (s) => s.market.selected;
var selectSelectedContract = (s) => s.market.selected === null ? void 0 : s.market.contracts[s.market.selected];
var selectContractNames = memoByRef((contracts) => Object.keys(contracts).sort());
var selectActiveContractNames = (s) => selectContractNames(s.market.contracts);
var selectMarketState = (contractId) => (s) => s.market.marketStates[contractId];
var selectPositions = (s) => s.account.positions;
var openList = memoByRef((open2) => Object.values(open2).sort((a, b) => a.oid - b.oid));
var openFor = perParam(
  (contractId, open2) => Object.values(open2).filter((o) => o.asset === contractId).sort((a, b) => a.oid - b.oid)
);
var selectOpenOrdersFor = (contractId) => {
  const memo29 = openFor(contractId);
  return (s) => memo29(s.orders.open);
};
var selectOpenOrderCount = (s) => openList(s.orders.open).length;
var selectConnection = (s) => s.session.connection;
var selectLatency = (s) => s.session.latencyMs;
var selectClockOffset = (s) => s.session.clockOffsetMs;
var selectClockWarning = (s) => s.session.clockWarning;
var selectLastError = (s) => s.session.errors[s.session.errors.length - 1];

// src/ui/format/coin.ts
function formatCoin(raw, opts = {}) {
  return formatMoney(raw, { decimals: opts.decimals ?? DEFAULT_COIN_DECIMALS, name: opts.symbol }, { symbol: opts.symbol !== void 0 });
}

// src/ui/panes/memo.ts
function memoLast(fn) {
  let lastArgs;
  let lastResult;
  return (...args) => {
    if (lastArgs && lastArgs.length === args.length && lastArgs.every((a, i) => Object.is(a, args[i]))) return lastResult;
    lastResult = fn(...args);
    lastArgs = args;
    return lastResult;
  };
}

// src/ui/panes/lookups.ts
var contractsById = memoLast((configs) => {
  const m = /* @__PURE__ */ new Map();
  for (const c of configs?.contracts ?? []) m.set(c.contractId, c);
  return m;
});
var coinsById = memoLast((configs) => {
  const m = /* @__PURE__ */ new Map();
  for (const c of configs?.coins ?? []) m.set(c.coinId, c);
  return m;
});
var deployerNames = memoLast((configs) => {
  const m = /* @__PURE__ */ new Map();
  for (const d of configs?.marketDeployers ?? []) m.set(d.marketDeployerId, d.name);
  return m;
});
var collateralCoin2 = memoLast((configs) => collateralCoin(configs));
function coinOf(configs, coinId) {
  return coinsById(configs).get(coinId) ?? { coinId, name: `coin ${coinId}`, decimals: DEFAULT_COIN_DECIMALS };
}
function contractName(configs, contractId) {
  return contractsById(configs).get(contractId)?.name ?? `#${contractId}`;
}
function shortAddress(address, keep = 4) {
  if (address.length <= 2 + keep * 2 + 1) return address;
  return `${address.slice(0, 2 + keep)}\u2026${address.slice(-keep)}`;
}

// src/ui/panes/account/accountRows.ts
var BLANK = { equity: "", used: "", available: "", withdrawable: "" };
var accountRows = memoLast(
  (chainBalances, pools, configs) => {
    const collateral = collateralCoin2(configs);
    const names = deployerNames(configs);
    const amount = (raw, decimals) => formatCoin(raw, { decimals });
    const rows = [];
    for (const b of chainBalances) {
      if (b.coinId !== collateral.coinId && !/[1-9]/.test(b.total)) continue;
      const coin = coinOf(configs, b.coinId);
      rows.push({ key: `chain:${b.coinId}`, kind: "chain", where: "Chain", coin: coin.name, balance: amount(b.total, coin.decimals), ...BLANK });
    }
    for (const p of pools) {
      const own = p.balances.find((b) => b.coinId === collateral.coinId);
      const name = names.get(p.marketDeployerId);
      rows.push({
        key: `md:${p.marketDeployerId}`,
        kind: "pool",
        where: name ? `MD${p.marketDeployerId} ${name}` : `MD${p.marketDeployerId}`,
        coin: collateral.name,
        balance: own ? amount(own.total, collateral.decimals) : amount("0", collateral.decimals),
        equity: amount(p.equity, collateral.decimals),
        used: amount(p.marginUsed, collateral.decimals),
        available: amount(p.available, collateral.decimals),
        withdrawable: amount(p.withdrawable, collateral.decimals)
      });
      for (const b of p.balances) {
        if (b.coinId === collateral.coinId || !/[1-9]/.test(b.total)) continue;
        const coin = coinOf(configs, b.coinId);
        rows.push({ key: `md:${p.marketDeployerId}:${b.coinId}`, kind: "poolCoin", where: "", coin: coin.name, balance: amount(b.total, coin.decimals), ...BLANK });
      }
    }
    return rows;
  }
);

// src/ui/format/time.ts
var SECOND = 1e3;
var MINUTE = 60 * SECOND;
var HOUR = 60 * MINUTE;
var DAY = 24 * HOUR;
function formatAge(ms) {
  if (!Number.isFinite(ms) || ms < 0) return "0s";
  if (ms < MINUTE) return `${Math.floor(ms / SECOND)}s`;
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)}m`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)}h`;
  return `${Math.floor(ms / DAY)}d`;
}
var two = (n) => n.toString().padStart(2, "0");
function formatCountdown(untilMs, nowMs) {
  if (untilMs === 0) return "no expiry";
  const left = untilMs - nowMs;
  if (!Number.isFinite(left) || left <= 0) return "expired";
  const s = Math.ceil(left / SECOND);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${two(s % 60)}s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h${two(m % 60)}m`;
  return `${Math.floor(h / 24)}d${two(h % 24)}h`;
}
function formatClock(ms, opts = {}) {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return "--:--:--";
  const [h, m, s] = opts.utc ? [d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()] : [d.getHours(), d.getMinutes(), d.getSeconds()];
  return `${two(h)}:${two(m)}:${two(s)}`;
}
function formatMillis(ms) {
  if (!Number.isFinite(ms)) return "\u2014";
  const sign = ms < 0 ? "\u2212" : "";
  const abs = Math.abs(Math.round(ms));
  if (abs < SECOND) return `${sign}${abs}ms`;
  if (abs < MINUTE) return `${sign}${(Math.floor(abs / 100) / 10).toFixed(1)}s`;
  return `${sign}${formatAge(abs)}`;
}

// src/ui/format/width.ts
import stringWidth2 from "string-width";
var ASCII_PRINTABLE = /^[\x20-\x7e]*$/;
var segmenter2 = new Intl.Segmenter(void 0, { granularity: "grapheme" });
var WIDTH_CACHE_LIMIT = 2048;
var widths = /* @__PURE__ */ new Map();
function textWidth(text) {
  if (ASCII_PRINTABLE.test(text)) return text.length;
  let width = widths.get(text);
  if (width === void 0) {
    width = stringWidth2(text);
    if (widths.size >= WIDTH_CACHE_LIMIT) widths.clear();
    widths.set(text, width);
  }
  return width;
}
function truncate(text, width, ellipsis = "\u2026") {
  if (width <= 0) return "";
  if (textWidth(text) <= width) return text;
  const markWidth = textWidth(ellipsis);
  if (markWidth >= width) return takeColumns(text, width);
  return takeColumns(text, width - markWidth) + ellipsis;
}
function takeColumns(text, width) {
  if (ASCII_PRINTABLE.test(text)) return text.slice(0, Math.max(0, width));
  let out = "";
  let used = 0;
  for (const { segment } of segmenter2.segment(text)) {
    const w = stringWidth2(segment);
    if (used + w > width) break;
    out += segment;
    used += w;
  }
  return out;
}
function fit(text, width, align = "left", ellipsis = "\u2026") {
  if (width <= 0) return "";
  const cut = truncate(text, width, ellipsis);
  const gap = width - textWidth(cut);
  if (gap <= 0) return cut;
  if (align === "right") return " ".repeat(gap) + cut;
  if (align === "center") {
    const left = Math.floor(gap / 2);
    return " ".repeat(left) + cut + " ".repeat(gap - left);
  }
  return cut + " ".repeat(gap);
}

// src/ui/panes/agents/agentRows.ts
var ANONYMOUS_SLOTS = 1;
var NAMED_SLOTS = 3;
var agentRows = memoLast(
  (agents) => agents.map((a) => ({
    key: a.address,
    record: a,
    slot: a.slot === "anonymous" ? "anon" : "named",
    name: a.slot === "anonymous" || a.name === "" ? "(anon)" : a.name,
    address: shortAddress(a.address),
    validUntil: a.validUntil,
    expired: a.expired
  }))
);
function slotUsage2(agents) {
  let anonymous = 0;
  let named = 0;
  for (const a of agents) {
    if (a.slot === "anonymous") anonymous++;
    else named++;
  }
  return { anonymous, named };
}
function slotSummary(agents, width = Infinity) {
  const u = slotUsage2(agents);
  const a = `${u.anonymous}/${ANONYMOUS_SLOTS}`;
  const n = `${u.named}/${NAMED_SLOTS}`;
  const forms = [`slots: anon ${a} \xB7 named ${n}`, `anon ${a} \xB7 named ${n}`, `anon ${a} named ${n}`, `A ${a} N ${n}`];
  return forms.find((f) => textWidth(f) <= width) ?? forms[forms.length - 1];
}
function isExpired(row, serverNow) {
  return row.expired || row.validUntil !== 0 && serverNow >= row.validUntil;
}
function expiryText(row, serverNow) {
  return isExpired(row, serverNow) ? "\u2717 expired" : formatCountdown(row.validUntil, serverNow);
}
var EXPIRY_WARNING_MS = 36e5;

// src/ui/format/grouping.ts
function groupLevels(levels, side, group) {
  if (group <= 0n) throw new RangeError("price grouping must be positive");
  const buckets = /* @__PURE__ */ new Map();
  for (const level of levels) {
    const rem = level.px % group;
    let px = level.px - rem;
    if (side === "ask" && rem !== 0n) px += group;
    const bucket = buckets.get(px);
    if (bucket) {
      bucket.sz += level.sz;
      bucket.n += level.n;
    } else {
      buckets.set(px, { px, sz: level.sz, n: level.n });
    }
  }
  const out = [...buckets.values()];
  out.sort((a, b) => side === "bid" ? cmp(b.px, a.px) : cmp(a.px, b.px));
  return out;
}
function cmp(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function toRawLevels(levels, priceScale, qtyScale) {
  const out = [];
  for (const l of levels) {
    try {
      out.push({ px: parseDecimal(l.px, priceScale, "px"), sz: parseDecimal(l.sz, qtyScale, "sz"), n: l.n });
    } catch {
    }
  }
  return out;
}

// src/ui/panes/book/bookLadder.ts
function groupSize(contract, groupTicks) {
  const tick = BigInt(Math.max(1, Math.trunc(contract.tickSize)));
  return tick * BigInt(Math.max(1, Math.trunc(groupTicks)));
}
function best(levels, side) {
  let out;
  for (const l of levels) if (out === void 0 || (side === "bid" ? l.px > out : l.px < out)) out = l.px;
  return out;
}
function buildLadder(book, contract, groupTicks) {
  if (!book || !contract) return void 0;
  const [bidsWire, asksWire] = book.levels;
  const bids = toRawLevels(bidsWire, contract.priceScale, contract.qtyScale).filter((l) => l.sz > 0n);
  const asks = toRawLevels(asksWire, contract.priceScale, contract.qtyScale).filter((l) => l.sz > 0n);
  const group = groupSize(contract, groupTicks);
  return {
    bids: groupLevels(bids, "bid", group),
    asks: groupLevels(asks, "ask", group),
    bestBid: best(bids, "bid"),
    bestAsk: best(asks, "ask"),
    group
  };
}
var ladderOf = memoLast(buildLadder);
function bucketOf(px, side, group) {
  const rem = px % group;
  if (rem === 0n) return px;
  return side === "bid" ? px - rem : px - rem + group;
}
function moveBookCursor(ladder2, cursorRaw, delta) {
  const current = parseRaw(cursorRaw);
  if (!ladder2) return current;
  const prices = [...ladder2.asks.map((l) => l.px).reverse(), ...ladder2.bids.map((l) => l.px)];
  if (prices.length === 0 || delta === 0) return current;
  const step = Math.trunc(delta);
  let index;
  if (current === null) {
    index = step > 0 ? ladder2.asks.length - 1 + step : ladder2.asks.length + step;
  } else {
    const at = prices.indexOf(current);
    if (at >= 0) index = at + step;
    else {
      const above = prices.filter((p) => p > current).length;
      index = step > 0 ? above - 1 + step : above + step;
    }
  }
  return prices[Math.max(0, Math.min(prices.length - 1, index))];
}
function parseRaw(raw) {
  if (raw === null || raw === void 0 || !/^-?\d+$/.test(raw)) return null;
  return BigInt(raw);
}

// src/ui/format/side.ts
function sideLabel(isBuy, style = "letter") {
  switch (style) {
    case "letter":
      return isBuy ? "B" : "S";
    case "word":
      return isBuy ? "Buy" : "Sell";
    case "long":
      return isBuy ? "Long" : "Short";
    case "sign":
      return isBuy ? "+" : MINUS;
  }
}
function directionSymbol(delta) {
  if (delta > 0) return "\u25B2";
  if (delta < 0) return "\u25BC";
  return "\xB7";
}
function tickDirection(current, previous) {
  if (current === void 0 || previous === void 0) return void 0;
  return current > previous ? 1 : current < previous ? -1 : 0;
}

// src/ui/panes/fills/fillRows.ts
var fillRows = memoLast((fills, configs) => {
  const byId = contractsById(configs);
  const coin = collateralCoin2(configs);
  const out = [];
  for (let i = fills.length - 1; i >= 0; i--) {
    const f = fills[i];
    const c = byId.get(f.contractId);
    const scales = { priceScale: c?.priceScale ?? 0, qtyScale: c?.qtyScale ?? 0 };
    const pnl = /^-?\d+$/.test(f.closedPnl) ? BigInt(f.closedPnl) : void 0;
    out.push({
      key: `${f.tid}:${f.oid}`,
      fill: f,
      time: formatClock(f.time),
      contract: c?.name ?? `#${f.contractId}`,
      side: sideLabel(f.isBuy, "word"),
      isBuy: f.isBuy,
      price: formatPrice(f.px, scales),
      size: formatSize(f.sz, scales),
      fee: formatMoney(f.fee, coin, { exact: true }),
      pnl: pnl === void 0 ? MISSING : pnl === 0n ? "" : formatMoney(pnl, coin, { signed: true }),
      pnlTone: pnl === void 0 || pnl === 0n ? "muted" : pnl > 0n ? "up" : "down",
      liquidity: f.liquidation ? "liq" : f.liquidity
    });
  }
  return out;
});

// src/ui/format/decimal.ts
function formatPrice2(value2, priceScale, _opts) {
  return formatPrice(value2, { priceScale });
}

// src/ui/panes/journal/journalRows.ts
var OUTCOME = {
  ok: { text: "\u2713 ok", tone: "ok" },
  partial: { text: "\u25D0 partial", tone: "warning" },
  rejected: { text: "\u2717 rejected", tone: "error" },
  error: { text: "\u2717 error", tone: "error" },
  unknown: { text: "? unknown", tone: "warning" },
  reconciled: { text: "\u21BB reconciled", tone: "accent" }
};
function outcomeLabel(outcome) {
  return OUTCOME[outcome] ?? { text: String(outcome), tone: "muted" };
}
var journalRows = memoLast((entries) => {
  const out = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    const o = outcomeLabel(e.outcome);
    out.push({
      key: String(e.seq),
      entry: e,
      time: formatClock(e.time),
      action: e.action,
      signer: e.signerRole ?? MISSING,
      nonce: e.nonce === void 0 ? MISSING : String(e.nonce),
      requestId: e.requestId ?? MISSING,
      outcome: o.text,
      outcomeTone: o.tone,
      // One line per entry: the message's own line breaks would wrap the table.
      detail: e.detail.replace(/\s+/g, " ").trim()
    });
  }
  return out;
});

// src/ui/panes/orders/orderRows.ts
function toRow(o, c) {
  const scales = { priceScale: c?.priceScale ?? 0, qtyScale: c?.qtyScale ?? 0 };
  const left = toRaw(o.sz, scales.qtyScale);
  const orig = toRaw(o.origSz, scales.qtyScale);
  const size = (v) => formatSize(v, scales);
  return {
    key: String(o.oid),
    order: o,
    contract: c?.name ?? `#${o.asset}`,
    side: sideLabel(o.isBuy, "word"),
    isBuy: o.isBuy,
    price: formatPrice(o.limitPx, scales),
    size: `${size(left)}/${size(orig)}`,
    filled: left !== void 0 && orig !== void 0 ? size(orig - left) : MISSING,
    tif: o.tif,
    reduceOnly: o.reduceOnly ? "RO" : "",
    cloid: o.cloid ?? "",
    placedAt: o.timestamp
  };
}
var orderRows = memoLast(
  (open2, configs, contractId, scope) => {
    const byId = contractsById(configs);
    const list = Object.values(open2).filter((o) => scope === "all" || o.asset === contractId).sort((a, b) => a.oid - b.oid);
    return list.map((o) => toRow(o, byId.get(o.asset)));
  }
);

// src/ui/format/percent.ts
function render(hundredths, decimals, opts) {
  const negative = hundredths < 0n;
  const abs = negative ? -hundredths : hundredths;
  const unit = pow10(decimals);
  const whole = abs / unit;
  const body = decimals > 0 ? `${whole}.${(abs % unit).toString().padStart(decimals, "0")}` : whole.toString();
  if (abs === 0n) return `${body}%`;
  if (negative) return `${opts.ascii ? "-" : MINUS}${body}%`;
  return `${opts.signed ? "+" : ""}${body}%`;
}
function formatPercent(numerator, denominator, opts = {}) {
  if (denominator === 0n) return MISSING;
  const decimals = opts.decimals ?? 2;
  const scaled = divRound(numerator * 100n * pow10(decimals), denominator, "half-up");
  return render(scaled, decimals, opts);
}
function formatRatePercent(rate, opts = {}) {
  if (rate === null || rate === void 0) return MISSING;
  const parsed = parseLooseDecimal(rate);
  if (!parsed) return MISSING;
  return formatPercent(parsed.raw, pow10(parsed.scale), opts);
}

// src/ui/panes/positions/positionRows.ts
function positionMargin(p, c, collateralDecimals) {
  if (p.marginUsed !== void 0 && /^\d+$/.test(p.marginUsed) && p.marginUsed !== "0") return BigInt(p.marginUsed);
  if (p.marginMode === "isolated" && /^\d+$/.test(p.isolatedMargin) && p.isolatedMargin !== "0") return BigInt(p.isolatedMargin);
  if (!c || p.leverage <= 0) return void 0;
  const size = toRaw(p.size, c.qtyScale);
  const entry = toRaw(p.entryPx, c.priceScale);
  if (size === void 0 || entry === void 0) return void 0;
  const abs = size < 0n ? -size : size;
  const notional = abs * entry * pow10(collateralDecimals) / pow10(c.qtyScale + c.priceScale);
  const margin = notional / BigInt(Math.trunc(p.leverage));
  return margin > 0n ? margin : void 0;
}
function toRow2(p, c, mark, collateral) {
  const scales = { priceScale: c?.priceScale ?? 0, qtyScale: c?.qtyScale ?? 0 };
  const raw = toRaw(p.size, scales.qtyScale);
  const abs = raw === void 0 ? void 0 : raw < 0n ? -raw : raw;
  const signed = abs === void 0 ? void 0 : p.isBuy ? abs : -abs;
  const pnl = /^-?\d+$/.test(p.unrealizedPnl) ? BigInt(p.unrealizedPnl) : void 0;
  const margin = positionMargin(p, c, collateral.decimals);
  const px = (v) => formatPrice(v, scales);
  const legs = [];
  if (p.tp) legs.push(`TP ${px(p.tp.triggerPx)}`);
  if (p.sl) legs.push(`SL ${px(p.sl.triggerPx)}`);
  return {
    key: `${p.contractId}:${p.isBuy ? "L" : "S"}`,
    position: p,
    contractId: p.contractId,
    contract: c?.name ?? `#${p.contractId}`,
    side: sideLabel(p.isBuy, "long"),
    isBuy: p.isBuy,
    size: formatSize(signed, scales, { signed: true }),
    entry: px(p.entryPx),
    mark: px(mark?.markPx),
    upnl: formatMoney(pnl, collateral, { signed: true }),
    pnlTone: pnl === void 0 || pnl === 0n ? "muted" : pnl > 0n ? "up" : "down",
    roe: pnl === void 0 || margin === void 0 ? MISSING : formatPercent(pnl, margin, { signed: true }),
    leverage: `${p.leverage}x`,
    mode: p.marginMode === "isolated" ? "iso" : "cross",
    liq: px(p.liquidationPx),
    tpsl: legs.length ? legs.join(" ") : MISSING
  };
}
function isOpen(p) {
  return /[1-9]/.test(p.size);
}
var positionRows = memoLast(
  (positions, configs, marketStates) => {
    const byId = contractsById(configs);
    const collateral = collateralCoin2(configs);
    return positions.filter(isOpen).map((p) => toRow2(p, byId.get(p.contractId), marketStates[p.contractId], collateral));
  }
);

// src/ui/panes/shareGroups/shareGroupRows.ts
var FROZEN_EXPLANATION = "only reduce-only orders are accepted while FROZEN";
var shareGroupRows = memoLast(
  (defs, pools, configs) => {
    const ids = /* @__PURE__ */ new Set([...defs.map((d) => d.groupId), ...pools.map((p) => p.groupId)]);
    const rows = [];
    for (const groupId of [...ids].sort((a, b) => a - b)) {
      const def = defs.find((d) => d.groupId === groupId);
      const members = def ? def.members.map((m) => contractName(configs, m)).join(", ") : MISSING;
      const mine = pools.filter((p) => p.groupId === groupId);
      const defFrozen = def?.frozen ?? false;
      if (mine.length === 0) {
        const coin = def ? coinOf(configs, def.settlementCoinId).name : MISSING;
        rows.push({ key: `${groupId}`, groupId, members, coin, balance: MISSING, equity: MISSING, frozen: defFrozen });
        continue;
      }
      for (const p of mine) {
        const coin = coinOf(configs, p.coinId);
        rows.push({
          key: `${groupId}:${p.coinId}`,
          groupId,
          members,
          coin: coin.name,
          balance: formatMoney(p.balance, coin),
          equity: formatMoney(p.equity, coin),
          frozen: defFrozen || p.frozen
        });
      }
    }
    return rows;
  }
);
function frozenGroups(rows) {
  return [...new Set(rows.filter((r) => r.frozen).map((r) => r.groupId))];
}
function frozenBanner(groups, width, maxLines = 1) {
  if (groups.length === 0 || width <= 0 || maxLines <= 0) return [];
  const which = groups.length === 1 ? `group ${groups[0]} FROZEN` : `groups ${groups.join(", ")} FROZEN`;
  for (const text of [`\u26A0 ${which}: ${FROZEN_EXPLANATION}`, `\u26A0 FROZEN: ${FROZEN_EXPLANATION}`]) {
    const lines2 = wrapWords(text, width);
    if (lines2.length <= maxLines) return lines2;
  }
  const lines = wrapWords(`\u26A0 FROZEN: ${FROZEN_EXPLANATION}`, width).slice(0, maxLines);
  lines[lines.length - 1] = truncate(lines[lines.length - 1], width);
  return lines;
}
function wrapWords(text, width) {
  const lines = [];
  let line2 = "";
  for (const word of text.split(" ")) {
    const next = line2 ? `${line2} ${word}` : word;
    if (textWidth(next) <= width) line2 = next;
    else {
      if (line2) lines.push(line2);
      line2 = textWidth(word) <= width ? word : truncate(word, width);
    }
  }
  if (line2) lines.push(line2);
  return lines;
}

// src/ui/panes/selection.ts
function clampSelection(selected, count2) {
  if (count2 <= 0) return void 0;
  return Math.max(0, Math.min(count2 - 1, selected ?? 0));
}
function orderRowsOf(app, view2) {
  return orderRows(app.orders.open, app.market.configs, selectSelectedContract(app)?.contractId, view2.ordersScope);
}
function positionRowsOf(app) {
  return positionRows(app.account.positions, app.market.configs, app.market.marketStates);
}
function accountRowsOf(app) {
  return accountRows(app.account.chainBalances, app.account.pools, app.market.configs);
}
function shareGroupRowsOf(app) {
  return shareGroupRows(app.account.shareGroupDefs, app.account.shareGroups, app.market.configs);
}
function bookLadder(app, view2) {
  const contract = selectSelectedContract(app);
  return ladderOf(contract ? app.market.books[contract.contractId] : void 0, contract, view2.bookGroupTicks);
}
function paneRowCount(pane, app, view2) {
  switch (pane) {
    case "book": {
      const l = bookLadder(app, view2);
      return l ? l.asks.length + l.bids.length : 0;
    }
    case "trades": {
      const c = selectSelectedContract(app);
      return c ? app.market.trades[c.contractId]?.length ?? 0 : 0;
    }
    case "orders":
      return orderRowsOf(app, view2).length;
    case "positions":
      return positionRowsOf(app).length;
    case "account":
      return accountRowsOf(app).length;
    case "shareGroups":
      return shareGroupRowsOf(app).length;
    case "fills":
      return app.orders.fills.length;
    case "agents":
      return app.account.agents.length;
    case "journal":
      return app.journal.entries.length;
    default:
      return 0;
  }
}
function pick(rows, selected) {
  const i = clampSelection(selected, rows.length);
  return i === void 0 ? void 0 : rows[i];
}
function selectedOrder(app, view2) {
  return pick(orderRowsOf(app, view2), view2.selection.orders)?.order;
}
function selectedPosition(app, view2) {
  return pick(positionRowsOf(app), view2.selection.positions)?.position;
}
function selectedAgent(app, view2) {
  return pick(agentRows(app.account.agents), view2.selection.agents)?.record;
}
function selectedJournalEntry(app, view2) {
  return pick(journalRows(app.journal.entries), view2.selection.journal)?.entry;
}
function moveBookCursorIn(app, view2, delta) {
  return moveBookCursor(bookLadder(app, view2), view2.bookCursorRaw, delta);
}

// src/ui/overlays/HelpOverlay.tsx
import { memo as memo5, useMemo } from "react";
import { Box as Box4, Text as Text5 } from "ink";

// src/ui/components/Modal.tsx
import { memo as memo3 } from "react";
import { Box as Box2, Text as Text3 } from "ink";

// src/ui/components/Panel.tsx
import { memo as memo2 } from "react";
import { Box, Text as Text2 } from "ink";

// src/ui/theme/ThemeContext.tsx
import { createContext, useContext } from "react";
import { jsx } from "react/jsx-runtime";
var ThemeContext = createContext(FALLBACK_THEME);
function ThemeProvider({ theme, children }) {
  return /* @__PURE__ */ jsx(ThemeContext.Provider, { value: theme, children });
}
function useTheme() {
  return useContext(ThemeContext);
}

// src/ui/components/Tabs.tsx
import { memo } from "react";
import { Text } from "ink";
import { jsx as jsx2 } from "react/jsx-runtime";
function tabText(t) {
  return t.badge === void 0 || t.badge === "" ? t.label : `${t.label} ${t.badge}`;
}
function tabSegments(tabs, active2, width) {
  if (tabs.length === 0 || width <= 0) return [];
  const cells = tabs.map((t) => t.id === active2 ? `[${tabText(t)}]` : ` ${tabText(t)} `);
  const ai = Math.max(0, tabs.findIndex((t) => t.id === active2));
  let lo = ai;
  let hi = ai;
  let used = textWidth(cells[ai]);
  const markers = (l, h) => (l > 0 ? 1 : 0) + (h < cells.length - 1 ? 1 : 0);
  for (let grew = true; grew; ) {
    grew = false;
    for (const next of [hi + 1, lo - 1]) {
      if (next < 0 || next >= cells.length) continue;
      const l = Math.min(lo, next);
      const h = Math.max(hi, next);
      const w = textWidth(cells[next]);
      if (used + w + markers(l, h) > width) continue;
      used += w;
      [lo, hi] = [l, h];
      grew = true;
    }
  }
  const out = [];
  if (lo > 0) out.push({ text: "\u2039", token: "muted" });
  for (let i = lo; i <= hi; i++) {
    const isActive = i === ai;
    const text = isActive ? truncate(cells[i], width - (lo > 0 ? 1 : 0) - (hi < cells.length - 1 ? 1 : 0)) : cells[i];
    out.push({ text, token: isActive ? "tabActive" : "tabInactive" });
  }
  if (hi < cells.length - 1) out.push({ text: "\u203A", token: "muted" });
  return out;
}
var Tabs = memo(function Tabs2({ tabs, active: active2, width }) {
  const theme = useTheme();
  return /* @__PURE__ */ jsx2(Text, { wrap: "truncate", ...theme.tokens.text, children: tabSegments(tabs, active2, width).map((s, i) => /* @__PURE__ */ jsx2(Text, { ...s.token ? theme.tokens[s.token] : {}, children: s.text }, i)) });
});

// src/ui/components/Panel.tsx
import { jsx as jsx3, jsxs } from "react/jsx-runtime";
function panelInner(width, height) {
  return { width: Math.max(0, width - 2), height: Math.max(0, height - 2) };
}
function staleLabel(ms) {
  return `\u23F8 stale ${formatAge(ms)}`;
}
var ROUND = { tl: "\u256D", tr: "\u256E", h: "\u2500", v: "\u2502", bl: "\u2570", br: "\u256F" };
var BOLD2 = { tl: "\u250F", tr: "\u2513", h: "\u2501", v: "\u2503", bl: "\u2517", br: "\u251B" };
function titleRoomFor(width, stale) {
  return Math.max(0, width - 6 - (stale ? textWidth(stale) + 1 : 0));
}
function titleLine(width, title, opts = {}) {
  const g = opts.focused ? BOLD2 : ROUND;
  if (width < 2) return [{ text: g.h.repeat(Math.max(0, width)), token: "border" }];
  const inner = width - 2;
  const parts = [];
  let used = 0;
  const push = (s) => {
    parts.push(s);
    used += textWidth(s.text);
  };
  const stale = opts.stale ? ` ${opts.stale}` : "";
  const titleText = title.map((s) => s.text).join("");
  const titleRoom = titleRoomFor(width, opts.stale);
  const info = opts.info ? ` ${opts.info} ` : "";
  const infoFits = opts.info && textWidth(titleText) + textWidth(info) + 1 <= titleRoom;
  if (titleRoom > 0) {
    push({ text: `${g.h} `, token: opts.focused ? "borderFocused" : "border" });
    let room = titleRoom;
    for (const s of title) {
      if (room <= 0) break;
      const text = truncate(s.text, room);
      push({ ...s, text, token: s.token ?? (opts.focused ? "titleFocused" : "title") });
      room -= textWidth(text);
    }
    if (stale) push({ text: stale, token: "stale" });
    push({ text: " ", token: "border" });
  }
  const tail = infoFits ? info : "";
  const fill = Math.max(0, inner - used - textWidth(tail) - (tail ? 1 : 0));
  const borderToken = opts.focused ? "borderFocused" : "border";
  const out = [{ text: g.tl, token: borderToken }, ...parts, { text: g.h.repeat(fill), token: borderToken }];
  if (tail) out.push({ text: tail, token: "muted" }, { text: g.h, token: borderToken });
  out.push({ text: g.tr, token: borderToken });
  return out;
}
var Panel = memo2(function Panel2({ title, width, height, focused, staleMs, info, tabs, children }) {
  const theme = useTheme();
  if (width <= 0 || height <= 0) return null;
  const stale = staleMs !== void 0 ? staleLabel(staleMs) : void 0;
  const head = tabs ? tabSegments(tabs.items, tabs.active, titleRoomFor(width, stale)) : typeof title === "string" ? [{ text: title }] : title;
  const segments = titleLine(width, head, { focused, stale, info });
  const border = theme.tokens[focused ? "borderFocused" : "border"];
  const edge = { color: border.color, dimColor: border.dimColor };
  const g = focused ? BOLD2 : ROUND;
  const rows = Math.max(0, height - 2);
  const side = Array.from({ length: rows }, () => g.v).join("\n");
  const bottom = width < 2 ? g.h.repeat(width) : g.bl + g.h.repeat(width - 2) + g.br;
  return /* @__PURE__ */ jsxs(Box, { flexDirection: "column", width, height, flexShrink: 0, overflow: "hidden", backgroundColor: theme.tokens.surface.backgroundColor, children: [
    /* @__PURE__ */ jsx3(Text2, { wrap: "truncate", ...theme.tokens.text, children: segments.map((s, i) => {
      const style = s.token ? theme.tokens[s.token] : {};
      return /* @__PURE__ */ jsx3(Text2, { ...style, bold: s.bold || style.bold, children: s.text }, i);
    }) }),
    height > 1 && // One body per frame shape, so a focus change mounts a fresh one rather than
    // patching the old in place.
    /* @__PURE__ */ jsxs(Box, { flexDirection: "column", width, height: height - 1, flexShrink: 0, overflow: "hidden", children: [
      rows > 0 && /* @__PURE__ */ jsxs(Box, { flexDirection: "row", width, height: rows, flexShrink: 0, overflow: "hidden", children: [
        /* @__PURE__ */ jsx3(Text2, { wrap: "truncate", ...edge, children: side }),
        /* @__PURE__ */ jsx3(Box, { flexDirection: "column", width: Math.max(0, width - 2), height: rows, flexShrink: 0, overflow: "hidden", children }),
        width > 1 && /* @__PURE__ */ jsx3(Text2, { wrap: "truncate", ...edge, children: side })
      ] }),
      /* @__PURE__ */ jsx3(Text2, { wrap: "truncate", ...edge, children: bottom })
    ] }, focused ? "focused" : "plain")
  ] });
});

// src/ui/components/Modal.tsx
import { jsx as jsx4, jsxs as jsxs2 } from "react/jsx-runtime";
function centerBox(screenWidth, screenHeight, width, height) {
  const w = Math.max(0, Math.min(width, screenWidth));
  const h = Math.max(0, Math.min(height, screenHeight));
  return { x: Math.floor((screenWidth - w) / 2), y: Math.floor((screenHeight - h) / 2), width: w, height: h };
}
var Modal = memo3(function Modal2({ screenWidth, screenHeight, width, height, title, info, children }) {
  const box = centerBox(screenWidth, screenHeight, width, height);
  if (box.width === 0 || box.height === 0) return null;
  const blank = " ".repeat(box.width);
  return /* @__PURE__ */ jsxs2(Box2, { position: "absolute", marginLeft: box.x, marginTop: box.y, width: box.width, height: box.height, children: [
    /* @__PURE__ */ jsx4(Box2, { position: "absolute", flexDirection: "column", width: box.width, height: box.height, children: Array.from({ length: box.height }, (_, i) => /* @__PURE__ */ jsx4(Text3, { children: blank }, i)) }),
    /* @__PURE__ */ jsx4(Panel, { title, width: box.width, height: box.height, focused: true, info, children })
  ] });
});

// src/ui/context/AppContext.tsx
import { createContext as createContext2, useContext as useContext2 } from "react";
import { useStore } from "zustand";
var AppContext = createContext2(null);
function useApp() {
  const ctx = useContext2(AppContext);
  if (!ctx) throw new Error("useApp outside <AppContext.Provider>");
  return ctx;
}
function useAppState(selector) {
  return useStore(useApp().store, selector);
}
function useViewState(selector) {
  return useStore(useApp().view, selector);
}

// src/ui/context/ShellContext.tsx
import { createContext as createContext3, useContext as useContext3 } from "react";
var ShellContext = createContext3({ bindings: DEFAULT_BINDINGS });
function useShell() {
  return useContext3(ShellContext);
}

// src/ui/overlays/ListLine.tsx
import { memo as memo4 } from "react";
import { Box as Box3, Text as Text4 } from "ink";
import { jsx as jsx5 } from "react/jsx-runtime";
var ListLine = memo4(function ListLine2({
  segments,
  width,
  highlighted
}) {
  const theme = useTheme();
  const sel = highlighted ? theme.tokens.selection : void 0;
  const out = [{ text: highlighted ? "\u203A" : " ", token: "accent" }];
  let left = width - 1;
  for (const s of segments) {
    if (left <= 0) break;
    const text = truncate(s.text, left);
    out.push({ ...s, text });
    left -= textWidth(text);
  }
  if (left > 0) out.push({ text: " ".repeat(left) });
  return /* @__PURE__ */ jsx5(Box3, { height: 1, flexShrink: 0, children: /* @__PURE__ */ jsx5(Text4, { wrap: "truncate", ...sel ?? theme.tokens.text, children: out.map((s, i) => {
    const style = sel || !s.token ? void 0 : theme.tokens[s.token];
    return /* @__PURE__ */ jsx5(Text4, { ...style, backgroundColor: (sel ?? style)?.backgroundColor, bold: s.bold || style?.bold || void 0, children: s.text }, i);
  }) }) });
});
function spread(left, right, width) {
  const r = truncate(right, Math.max(0, Math.floor(width / 3)));
  const l = fit(left, Math.max(0, width - textWidth(r) - (r ? 1 : 0)));
  return { left: l, right: r ? ` ${r}` : "" };
}

// src/ui/overlays/overlayLists.ts
var WRITE_ONLY_CONTEXTS = /* @__PURE__ */ new Set(["form", "confirm"]);
function helpLines(bindings, readOnly) {
  const lines = [];
  for (const section of helpSections(bindings)) {
    if (readOnly && WRITE_ONLY_CONTEXTS.has(section.context)) continue;
    if (lines.length > 0) lines.push({ kind: "gap" });
    lines.push({ kind: "title", text: section.title });
    for (const e of section.entries) lines.push({ kind: "entry", keys: e.keys, description: e.description });
  }
  return lines;
}
function paletteItems(query, bindings) {
  return filterCommands(query, bindings);
}
var NO_ROW = -1;
function paletteStartRow(query) {
  return query.trim() === "" ? NO_ROW : 0;
}
function highlightedRow(cursor2, count2) {
  return cursor2 < 0 || count2 === 0 ? void 0 : Math.min(cursor2, count2 - 1);
}
function pickerItems(query, names) {
  return rankMatches(names, query, [(name) => name]);
}

// src/ui/overlays/HelpOverlay.tsx
import { jsx as jsx6, jsxs as jsxs3 } from "react/jsx-runtime";
var KEY_COLUMN = 18;
function helpGeometry(screenWidth, screenHeight, lineCount) {
  const width = Math.min(screenWidth - 2, 84);
  const height = Math.min(screenHeight - 2, lineCount + 3);
  const inner = panelInner(width, height);
  const rows = Math.max(0, inner.height - 1);
  return { width, height, inner, rows, maxOffset: Math.max(0, lineCount - rows) };
}
var HelpOverlay = memo5(function HelpOverlay2({ screenWidth, screenHeight }) {
  const { mode } = useApp();
  const { bindings } = useShell();
  const theme = useTheme();
  const offset = useViewState((s) => s.overlayCursor);
  const lines = useMemo(() => helpLines(usableBindings(bindings, mode.readOnly), mode.readOnly), [bindings, mode.readOnly]);
  const { width, height, inner, rows, maxOffset } = helpGeometry(screenWidth, screenHeight, lines.length);
  const start = Math.max(0, Math.min(offset, maxOffset));
  const visible = lines.slice(start, start + rows);
  const shown = `${start + 1}-${Math.min(lines.length, start + rows)}/${lines.length}`;
  return /* @__PURE__ */ jsxs3(Modal, { screenWidth, screenHeight, width, height, title: "Help: keys", info: shown, children: [
    visible.map(
      (l, i) => l.kind === "title" ? /* @__PURE__ */ jsx6(ListLine, { width: inner.width, segments: [{ text: l.text, token: "accent", bold: true }] }, i) : l.kind === "gap" ? /* @__PURE__ */ jsx6(ListLine, { width: inner.width, segments: [] }, i) : /* @__PURE__ */ jsx6(
        ListLine,
        {
          width: inner.width,
          segments: [
            { text: fit(l.keys, KEY_COLUMN), token: "key" },
            { text: " " },
            { text: l.description }
          ]
        },
        i
      )
    ),
    /* @__PURE__ */ jsx6(Box4, { height: 1, flexShrink: 0, children: /* @__PURE__ */ jsx6(Text5, { wrap: "truncate", ...theme.tokens.muted, children: fit(` j/k \u2191/\u2193 PgUp/PgDn scroll \xB7 Esc close${mode.readOnly ? " \xB7 monitor mode: write commands hidden" : ""}`, inner.width) }) })
  ] });
});

// src/ui/overlays/PaletteOverlay.tsx
import { memo as memo6, useMemo as useMemo2 } from "react";

// src/ui/components/tableLayout.ts
function fitColumns(columns2, width, gap = 1) {
  const kept = columns2.map((c, i) => ({ c, i }));
  const total2 = () => kept.reduce((a, k) => a + k.c.width, 0) + gap * Math.max(0, kept.length - 1);
  while (kept.length > 1 && total2() > width) {
    let drop = 0;
    for (let j = 1; j < kept.length; j++) {
      if ((kept[j].c.priority ?? 0) <= (kept[drop].c.priority ?? 0)) drop = j;
    }
    kept.splice(drop, 1);
  }
  if (kept.length === 0) return [];
  const widths2 = kept.map((k) => k.c.width);
  let spare = width - total2();
  if (spare < 0) {
    widths2[0] = Math.max(0, width);
    spare = 0;
  }
  const growIndex = kept.findIndex((k) => k.c.grow);
  widths2[growIndex >= 0 ? growIndex : widths2.length - 1] += spare;
  return kept.map((k, j) => ({ column: k.c, width: widths2[j] }));
}
function scrollStart(count2, height, selected, prevStart = 0) {
  if (height <= 0 || count2 <= height) return 0;
  const maxStart = count2 - height;
  let start = Math.min(Math.max(0, prevStart), maxStart);
  if (selected === void 0) return start;
  const sel = Math.min(Math.max(0, selected), count2 - 1);
  if (sel < start) start = sel;
  else if (sel >= start + height) start = sel - height + 1;
  return start;
}

// src/ui/overlays/PaletteOverlay.tsx
import { jsx as jsx7, jsxs as jsxs4 } from "react/jsx-runtime";
function paletteGeometry(screenWidth, screenHeight) {
  const width = Math.min(screenWidth - 2, 76);
  const height = Math.min(screenHeight - 2, 18);
  const inner = panelInner(width, height);
  return { width, height, inner, rows: Math.max(0, inner.height - 1) };
}
var PaletteOverlay = memo6(function PaletteOverlay2({ screenWidth, screenHeight }) {
  const { mode } = useApp();
  const { bindings } = useShell();
  const query = useViewState((s) => s.overlayQuery);
  const cursor2 = useViewState((s) => s.overlayCursor);
  const items = useMemo2(() => paletteItems(query, usableBindings(bindings, mode.readOnly)), [query, bindings, mode.readOnly]);
  const { width, height, inner, rows } = paletteGeometry(screenWidth, screenHeight);
  const selected = highlightedRow(cursor2, items.length);
  const start = scrollStart(items.length, rows, selected);
  const hint = query === "" && selected === void 0 ? [{ text: " type to filter \xB7 \u2191\u2193 choose \xB7 Enter runs", token: "muted" }] : [];
  return /* @__PURE__ */ jsxs4(Modal, { screenWidth, screenHeight, width, height, title: "Command palette", info: `${items.length} commands`, children: [
    /* @__PURE__ */ jsx7(ListLine, { width: inner.width, segments: [{ text: ": ", token: "key" }, { text: query }, { text: "\u258F", token: "accent" }, ...hint] }),
    items.length === 0 ? /* @__PURE__ */ jsx7(ListLine, { width: inner.width, segments: [{ text: "no command matches", token: "muted" }] }) : items.slice(start, start + rows).map((m, i) => {
      const { left, right } = spread(m.label, m.keys, inner.width - 1);
      return /* @__PURE__ */ jsx7(
        ListLine,
        {
          width: inner.width,
          highlighted: start + i === selected,
          segments: [{ text: left }, { text: right, token: "key" }]
        },
        m.binding.id
      );
    })
  ] });
});

// src/ui/commands/listCommands.ts
var PAGE = 10;
function overlayList(ctx) {
  const { app, layout } = ctx;
  const s = app.view.getState();
  const top = selectTopOverlay(s);
  if (!top) return void 0;
  const readOnly = app.mode.readOnly;
  switch (top.kind) {
    case "help": {
      const lines = helpLines(usableBindings(ctx.bindings, readOnly), readOnly).length;
      const g = helpGeometry(layout.cols, layout.height, lines);
      return { count: g.maxOffset + 1, page: Math.max(1, g.rows - 1) };
    }
    case "palette":
      return { count: paletteItems(s.overlayQuery, usableBindings(ctx.bindings, readOnly)).length, page: paletteGeometry(layout.cols, layout.height).rows };
    case "picker":
      return { count: pickerItems(s.overlayQuery, selectActiveContractNames(app.store.getState())).length, page: PAGE };
    default:
      return { count: 0, page: 1 };
  }
}
function stepOf(move, page, count2) {
  if (move.kind === "by") return move.delta;
  if (move.kind === "page") return move.dir * page;
  return move.dir * Math.max(1, count2);
}
function moveList(move) {
  return (ctx) => {
    const { app } = ctx;
    const overlay = overlayList(ctx);
    if (overlay) {
      view.moveOverlayCursor(app.view, stepOf(move, overlay.page, overlay.count), overlay.count);
      return;
    }
    const v = app.view.getState();
    const a = app.store.getState();
    const pane = v.focus;
    if (!isPane(pane)) return;
    const count2 = paneRowCount(pane, a, v);
    if (pane === "book") {
      const next = moveBookCursorIn(a, v, stepOf(move, PAGE, count2));
      view.setBookCursor(app.view, next);
      return;
    }
    view.moveSelection(app.view, pane, stepOf(move, PAGE, count2), count2);
  };
}
var LIST_COMMANDS = {
  "list.up": moveList({ kind: "by", delta: -1 }),
  "list.down": moveList({ kind: "by", delta: 1 }),
  "list.pageUp": moveList({ kind: "page", dir: -1 }),
  "list.pageDown": moveList({ kind: "page", dir: 1 }),
  "list.top": moveList({ kind: "end", dir: -1 }),
  "list.bottom": moveList({ kind: "end", dir: 1 })
};

// src/ui/overlays/journalDetails.ts
function journalDetails(e) {
  const lines = [
    `time      ${formatClock(e.time)}`,
    `action    ${e.action}`,
    `outcome   ${e.outcome}${e.errorKind ? ` (${e.errorKind})` : ""}`,
    `signer    ${e.signerRole ?? "\u2014"}${e.signer ? ` ${e.signer}` : ""}`
  ];
  if (e.nonce !== void 0) lines.push(`nonce     ${e.nonce}`);
  if (e.requestId) lines.push(`request   ${e.requestId}`);
  if (e.cloids && e.cloids.length > 0) lines.push(`cloids    ${e.cloids.join(", ")}`);
  lines.push("", e.detail);
  return lines.join("\n");
}

// src/ui/commands/overlayCommands.ts
function hasRequestInFlight(ctx) {
  return ctx.app.view.getState().inFlight > 0;
}
async function switchContract(ctx, name) {
  const { app } = ctx;
  if (app.store.getState().market.selected === name) return;
  view.setBookCursor(app.view, null);
  view.setSelection(app.view, "book", 0);
  if (!app.session) {
    selectContract(app.store, name);
    return;
  }
  const r = await app.session.switchContract(name);
  if (r.ok) view.notify(app.view, `switched to ${name}`, "success");
  else view.notify(app.view, r.error.message, "error");
}
var OVERLAY_COMMANDS = {
  "app.forceQuit": (ctx) => ctx.quit(),
  // The one way out for q and for Quit in the palette: asks first while a signed request is in flight.
  quit: (ctx) => {
    if (hasRequestInFlight(ctx)) view.openOverlay(ctx.app.view, { kind: "quitConfirm" });
    else ctx.quit();
  },
  help: ({ app }) => view.openListOverlay(app.view, { kind: "help" }),
  "help.close": ({ app }) => view.closeOverlay(app.view),
  palette: ({ app }) => view.openListOverlay(app.view, { kind: "palette" }, paletteStartRow("")),
  "palette.close": ({ app }) => view.closeOverlay(app.view),
  "palette.run": (ctx) => {
    const { app } = ctx;
    const s = app.view.getState();
    const items = paletteItems(s.overlayQuery, usableBindings(ctx.bindings, app.mode.readOnly));
    const row = highlightedRow(s.overlayCursor, items.length);
    if (row === void 0) return;
    const chosen = items[row];
    view.closeOverlay(app.view);
    if (isCommandId(chosen.binding.id)) ctx.run(chosen.binding.id);
  },
  "contract.pick": ({ app }) => {
    const names = selectActiveContractNames(app.store.getState());
    view.openListOverlay(app.view, { kind: "picker" });
    const at = names.indexOf(app.store.getState().market.selected ?? "");
    if (at > 0) view.moveOverlayCursor(app.view, at, names.length);
  },
  "picker.close": ({ app }) => view.closeOverlay(app.view),
  "picker.choose": (ctx) => {
    const { app } = ctx;
    const s = app.view.getState();
    const items = pickerItems(s.overlayQuery, selectActiveContractNames(app.store.getState()));
    const row = highlightedRow(s.overlayCursor, items.length);
    const name = row === void 0 ? void 0 : items[row];
    view.closeOverlay(app.view);
    if (name) void switchContract(ctx, name);
  },
  "confirm.yes": (ctx) => {
    const top = selectTopOverlay(ctx.app.view.getState());
    if (top?.kind === "quitConfirm") ctx.quit();
    else view.closeOverlay(ctx.app.view);
  },
  "confirm.no": ({ app }) => view.closeOverlay(app.view),
  "journal.details": ({ app }) => {
    const entry = selectedJournalEntry(app.store.getState(), app.view.getState());
    if (!entry) {
      view.notify(app.view, "the journal is empty: signed actions appear here", "info");
      return;
    }
    view.openOverlay(app.view, { kind: "message", title: `Journal #${entry.seq}: ${entry.action}`, body: journalDetails(entry) });
  }
};

// src/ui/forms/formContext.ts
function keysOf(app) {
  const signers = app.session?.exchange.signers;
  if (signers) return keysLoaded(signers);
  const keys = { master: app.mode.signer === "master", agent: app.mode.signer === "agent" };
  if (app.mode.address && app.mode.signer === "master") keys.masterAddress = app.mode.address;
  return keys;
}
function settingsOf(app) {
  return app.settings ?? {};
}
function formContextOf(app, captured = {}, now = Date.now()) {
  const s = app.store.getState();
  const v = app.view.getState();
  let gone;
  const order2 = captured.order ? s.orders.open[captured.order.oid] : void 0;
  if (captured.order && !order2) gone = `order ${captured.order.oid} is no longer open (filled or cancelled)`;
  const position2 = captured.position ? s.account.positions.find((p) => p.contractId === captured.position.contractId && p.isBuy === captured.position.isBuy && p.size !== "0") : void 0;
  if (captured.position && !position2) gone = "the position is closed";
  const agent2 = captured.agent ? s.account.agents.find((a) => a.address.toLowerCase() === captured.agent.address.toLowerCase()) ?? captured.agent : void 0;
  const ctx = contextFromState(s, {
    keys: keysOf(app),
    settings: settingsOf(app),
    now,
    selectedOrder: order2,
    selectedPosition: position2,
    selectedAgent: agent2,
    leverageOf: v.leverageOf
  });
  return gone === void 0 ? { ctx } : { ctx, gone };
}

// src/ui/forms/agentKeyForm.ts
var GENERATE_AGENT = {
  id: "generateAgent",
  title: "Generate an agent key",
  fields: {
    password: textField({ label: "Password", help: `encrypts the key file (scrypt); at least ${MIN_PASSWORD} characters`, maxLength: 256 }),
    repeat: textField({ label: "Repeat", help: "the same password again", maxLength: 256 })
  },
  masked: /* @__PURE__ */ new Set(["password", "repeat"]),
  intro: (stateDir) => [
    stateDir ? `A new key is created here and saved encrypted to ${agentKeyDir(stateDir)}/<address>.json; it is never shown.` : "No state directory is known: the key cannot be stored.",
    "Then the approve form opens with its address. Start with --agent-keystore <file> to trade with it."
  ]
};
function evaluateLocal(form, texts) {
  const fields = [];
  const errors = [];
  for (const [key, f] of Object.entries(form.fields)) {
    const text = texts[key] ?? "";
    const view2 = { key, kind: f.kind, label: f.label, help: f.help, text, visible: true };
    const r = f.parse(text, void 0, texts);
    let error = r.ok ? void 0 : r.error;
    if (!error && key === "password" && text.length < MIN_PASSWORD) error = `Password: at least ${MIN_PASSWORD} characters`;
    if (!error && key === "repeat" && text !== (texts["password"] ?? "")) error = "Repeat: does not match the password";
    if (error) {
      view2.error = error;
      errors.push(error);
    }
    fields.push(view2);
  }
  return { fields, errors, ready: errors.length === 0 };
}

// src/ui/forms/blockerKeys.ts
var BLOCKER_COMMANDS = ["deployer.enroll", "collateral.move", "contract.pick"];
var CONFIRM_ANSWERS = /* @__PURE__ */ new Set(["y", "n"]);
function isBlockerCommand(id) {
  return BLOCKER_COMMANDS.includes(id);
}
function blockerKeys(bindings = DEFAULT_BINDINGS) {
  const claimed = new Set(bindings.filter((b) => b.context === "form" || b.context === "always").flatMap((b) => b.keys));
  const keyOf2 = /* @__PURE__ */ new Map();
  const commandOf = /* @__PURE__ */ new Map();
  for (const b of bindings) {
    if (b.context !== "global" || !isBlockerCommand(b.id)) continue;
    for (const k of b.keys) {
      if (claimed.has(k) || CONFIRM_ANSWERS.has(k) || commandOf.has(k)) continue;
      if (!keyOf2.has(b.id)) keyOf2.set(b.id, k);
      commandOf.set(k, b.id);
    }
  }
  return {
    labelOf: (command) => {
      const k = isBlockerCommand(command) ? keyOf2.get(command) : void 0;
      return k === void 0 ? void 0 : keyLabel(k);
    },
    commandOf: (key) => commandOf.get(key)
  };
}
var DEFAULT_BLOCKER_KEYS = blockerKeys();

// src/ui/forms/fieldEditing.ts
var TEXT_KINDS = /* @__PURE__ */ new Set(["text", "decimal", "amount", "address", "cloid", "integer"]);
function isTextKind(kind) {
  return TEXT_KINDS.has(kind);
}
var MULTILINE_FIELDS = /* @__PURE__ */ new Set(["lines"]);
function withText(st, key, text) {
  const touched = st.touched.includes(key) ? st.touched : [...st.touched, key];
  const { message: _m, ...rest } = st;
  return { ...rest, texts: { ...st.texts, [key]: text }, replace: false, touched };
}
function typeInto(st, key, typed) {
  const text = MULTILINE_FIELDS.has(key) ? typed.replace(/;/g, "\n") : typed;
  const before = st.replace ? "" : st.texts[key] ?? "";
  return withText(st, key, before + text);
}
function backspace(st, key) {
  if (st.replace) return withText(st, key, "");
  const chars = [...st.texts[key] ?? ""];
  return withText(st, key, chars.slice(0, -1).join(""));
}
function moveFocus(st, fields, delta) {
  const visible = fields.filter((f) => f.visible);
  if (visible.length === 0) return st;
  const at = visible.findIndex((f) => f.key === st.focus);
  const next = visible[((at < 0 ? 0 : at + delta) % visible.length + visible.length) % visible.length];
  return { ...st, focus: next.key, replace: next.text !== "" && isTextKind(next.kind) };
}
function focusedField(st, fields) {
  const hit = fields.find((f) => f.key === st.focus && f.visible);
  if (hit) return hit;
  const order2 = fields.map((f) => f.key);
  const at = order2.indexOf(st.focus);
  return fields.slice(Math.max(0, at)).find((f) => f.visible) ?? fields.find((f) => f.visible);
}
function choiceIndex(f) {
  const t = f.text.trim().toLowerCase();
  return (f.choices ?? []).findIndex((c) => c.text.toLowerCase() === t || c.label?.toLowerCase() === t);
}
function cycleChoice(st, f, delta) {
  const choices = f.choices ?? [];
  if (choices.length === 0) return st;
  const at = choiceIndex(f);
  const next = at < 0 ? delta > 0 ? 0 : choices.length - 1 : ((at + delta) % choices.length + choices.length) % choices.length;
  return withText(st, f.key, choices[next].text);
}
function jumpChoice(st, f, letter) {
  const choices = f.choices ?? [];
  const l = letter.toLowerCase();
  const at = choiceIndex(f);
  for (let i = 1; i <= choices.length; i++) {
    const c = choices[(Math.max(at, 0) + i) % choices.length];
    if (c.text.toLowerCase().startsWith(l) || c.label?.toLowerCase().startsWith(l)) return withText(st, f.key, c.text);
  }
  return st;
}
function showsError(st, f) {
  return f.error !== void 0 && (f.text !== "" || st.submitted || st.touched.includes(f.key));
}

// src/ui/forms/formState.ts
var counter = 0;
function newFormState(formId, texts, focus, o = {}) {
  counter += 1;
  const st = {
    instance: counter,
    formId,
    texts,
    focus,
    replace: (texts[focus] ?? "") !== "",
    touched: [],
    submitted: false,
    stage: "edit",
    captured: o.captured ?? {},
    scroll: 0
  };
  if (o.note !== void 0) st.note = o.note;
  return st;
}

// src/ui/forms/menus.ts
function balancesHeader(ctx) {
  const a = ctx.account;
  if (!a) return ["balances: account not loaded yet"];
  const coin = collateralCoin(ctx.configs);
  const lines = [`Account: ${a.marginShareType} margin`];
  const chain = a.chainBalances.map((b) => formatMoney(b.total, coinById(ctx.configs, b.coinId), { symbol: true })).join(", ") || formatMoney(0n, coin, { symbol: true });
  lines.push(`chain balance: ${chain}`);
  for (const p of a.marketDeployers) {
    lines.push(`deployer ${deployerName(ctx.configs, p.marketDeployerId)} pool: equity ${formatMoney(p.equity, coin, { symbol: true })}, withdrawable ${formatMoney(p.withdrawable, coin, { symbol: true })}`);
  }
  for (const g of a.shareGroups) {
    lines.push(`share group ${g.groupId} pool: ${formatMoney(g.balance, coinById(ctx.configs, g.coinId), { symbol: true })}${g.frozen ? " (FROZEN)" : ""}`);
  }
  return lines;
}
var MENUS = {
  "menu:collateral": {
    id: "menu:collateral",
    title: "Move collateral",
    header: balancesHeader,
    items: [
      { label: "Lock: chain balance -> deployer pool", form: "lockCollateral" },
      { label: "Unlock: deployer pool -> chain balance", form: "unlockCollateral" },
      { label: "Transfer between deployer pools", form: "transferBetweenDeployers" },
      { label: "Deployer pool -> share group pool", form: "transferMdToShareGroup" },
      { label: "Share group pool -> deployer pool", form: "transferShareGroupToMd" },
      { label: "Lock: chain balance -> share group pool", form: "lockIntoShareGroup" },
      { label: "Unlock: share group pool -> chain balance", form: "unlockFromShareGroup" },
      { label: "Switch margin share type (UNIFIED / PORTFOLIO)", form: "setMarginShareType" }
    ]
  },
  "menu:agents": {
    id: "menu:agents",
    title: "Agent wallets",
    header: (ctx) => [
      slotUsage(ctx.agents).text,
      "an agent signs trading actions for this account; approving and revoking needs the master key"
    ],
    items: [
      { label: "Generate a new agent key (saved encrypted), then approve it", form: "generateAgent" },
      { label: "Approve an agent wallet by address", form: "approveAgent" },
      { label: "Revoke the selected agent", form: "revokeAgent" }
    ]
  }
};
function menuById(id) {
  return Object.prototype.hasOwnProperty.call(MENUS, id) ? MENUS[id] : void 0;
}
function itemNote(item, ctx) {
  const spec = formById(item.form === "generateAgent" ? "approveAgent" : item.form);
  if (!spec) return void 0;
  const need = keyRequirement(spec.actionType, ctx.keys);
  return need.ok ? void 0 : "needs the master key";
}

// src/ui/forms/formActions.ts
var ORDER_ENTRY = /* @__PURE__ */ new Set(["order", "modify"]);
function resolveForm(app, st, now = Date.now()) {
  const { ctx, gone } = formContextOf(app, st.captured, now);
  const menu = menuById(st.formId);
  if (menu) return { kind: "menu", menu, ctx };
  if (st.formId === GENERATE_AGENT.id) return { kind: "local", form: GENERATE_AGENT, ev: evaluateLocal(GENERATE_AGENT, st.texts) };
  const spec = formById(st.formId);
  if (!spec) return { kind: "unknown" };
  const ev = evaluateForm(spec, st.texts, ctx);
  if (gone === void 0) return { kind: "spec", spec, ctx, ev };
  return { kind: "spec", spec, ctx, ev: { blocked: gone, fields: ev.fields.map(({ error: _e, ...f }) => f), errors: [gone], ready: false } };
}
function fieldsOf(r) {
  return r.kind === "spec" || r.kind === "local" ? r.ev.fields : [];
}
function openForm(app, formId, o = {}) {
  const st = initialState(app, formId, o);
  if (!st) {
    view.notify(app.view, `${formId}: no such form`, "error");
    return;
  }
  if (selectTopOverlay(app.view.getState())?.kind === "form") view.closeOverlay(app.view);
  view.openOverlay(app.view, { kind: "form", form: formId, ...o.params ? { params: o.params } : {} });
  view.setForm(app.view, st);
  if (o.submit) submitForm(app);
}
function adoptOverlay(app, formId, params) {
  const st = initialState(app, formId, params ? { params } : {});
  if (st) view.setForm(app.view, st);
  else closeForm(app);
}
function initialState(app, formId, o) {
  const captured = o.captured ?? {};
  let texts = {};
  let focus = "0";
  let replace = false;
  const spec = formById(formId);
  if (spec) {
    const { ctx } = formContextOf(app, captured);
    texts = initialTexts(spec, ctx, o.params ?? {});
    const visible = evaluateForm(spec, texts, ctx).fields.filter((f) => f.visible);
    const first = visible.find((f) => f.error !== void 0) ?? visible[0];
    focus = first?.key ?? "";
    replace = first !== void 0 && first.text !== "" && isTextKind(first.kind);
  } else if (formId === GENERATE_AGENT.id) {
    texts = { password: "", repeat: "" };
    focus = "password";
  } else if (!menuById(formId)) {
    return void 0;
  }
  return { ...newFormState(formId, texts, focus, { note: o.note, captured }), replace };
}
function closeForm(app) {
  if (selectTopOverlay(app.view.getState())?.kind === "form") view.closeOverlay(app.view);
  view.setForm(app.view, null);
}
function patch(app, st, change) {
  view.updateForm(app.view, st.instance, (f) => ({ ...f, ...change }));
}
function say(app, st, text, tone) {
  patch(app, st, { message: { text, tone } });
}
function submitForm(app) {
  const st = app.view.getState().form;
  if (!st) return;
  if (st.stage === "sending") return say(app, st, "sending\u2026 the answer will show here", "info");
  if (st.stage === "result") return closeForm(app);
  if (st.stage === "confirm") return confirmSend(app, st);
  const r = resolveForm(app, st);
  switch (r.kind) {
    case "unknown":
      return closeForm(app);
    case "menu": {
      const item = r.menu.items[Number(st.focus)];
      if (item) openForm(app, item.form, { captured: st.captured });
      return;
    }
    case "local":
      return void submitLocal(app, st, r.ev);
  }
  const { spec, ctx, ev } = r;
  if (ev.blocked !== void 0) return say(app, st, `not sent: ${ev.blocked}`, "error");
  if (!ev.ready || !ev.built) {
    const firstBad = ev.fields.find((f) => f.visible && f.error !== void 0);
    const { message: _m, ...rest } = st;
    const next = { ...rest, submitted: true, message: { text: `not sent: ${ev.errors[0] ?? "the form is not complete"}`, tone: "error" } };
    if (firstBad && firstBad.key !== st.focus) Object.assign(next, { focus: firstBad.key, replace: false });
    view.updateForm(app.view, st.instance, () => next);
    return;
  }
  const plan = confirmPlan(spec, ev, ctx);
  if (plan.show) {
    const { message: _m, ...rest } = st;
    view.updateForm(app.view, st.instance, () => ({ ...rest, stage: "confirm", confirm: { built: ev.built, plan, override: false, staleAck: false }, scroll: 0 }));
    return;
  }
  void send(app, st, spec, ev.built);
}
function confirmSend(app, st) {
  const c = st.confirm;
  const spec = formById(st.formId);
  if (!c || !spec) return;
  if (c.plan.blockers.length > 0 && !c.override) {
    const what = c.plan.blockers.length === 1 ? "the exchange is expected to refuse it for the reason above" : `the exchange is expected to refuse it for the ${c.plan.blockers.length} reasons above`;
    return say(app, st, `not sent: ${what}. Fix it, or if the dashboard's copy of the account is out of date, press o, then Enter, to send anyway (Esc goes back)`, "error");
  }
  if (c.plan.overrides.length > 0 && !c.override) {
    return say(app, st, `not sent: ${c.plan.overrides.length === 1 ? "a guard needs" : "the guards need"} an explicit override: press o, then Enter (Esc goes back)`, "warning");
  }
  const staleNow = ORDER_ENTRY.has(spec.actionType) && app.store.getState().session.staleness.book;
  if ((c.plan.staleBook !== void 0 || staleNow) && !c.staleAck) {
    patch(app, st, { confirm: { ...c, staleAck: true }, message: { text: "the order book is stale: press Enter once more to send anyway", tone: "warning" } });
    return;
  }
  void send(app, st, spec, c.built);
}
function overrideGuards(app) {
  const st = app.view.getState().form;
  if (!st) return;
  if (st.stage === "edit") return formKey(app, "o");
  const c = st.confirm;
  if (st.stage !== "confirm" || !c || !needsOverride(c.plan)) return;
  const override = !c.override;
  const past = [c.plan.blockers.length > 0 ? "what the exchange is expected to refuse" : "", c.plan.overrides.length > 0 ? "the guards" : ""].filter(Boolean).join(" and ");
  patch(app, st, {
    confirm: { ...c, override },
    message: override ? { text: `override armed past ${past}: Enter signs and sends`, tone: "warning" } : { text: "override withdrawn", tone: "info" }
  });
}
function runBlockerCommand(app, command, params) {
  switch (command) {
    case "deployer.enroll":
      return openForm(app, "enroll", params ? { params } : {});
    case "collateral.move":
      return openForm(app, "menu:collateral");
    case "contract.pick":
      closeForm(app);
      view.openListOverlay(app.view, { kind: "picker" });
      return;
  }
}
function backForm(app) {
  const st = app.view.getState().form;
  if (!st || st.stage !== "confirm") return closeForm(app);
  if (!fieldsOf(resolveForm(app, st)).some((f) => f.visible)) return closeForm(app);
  const { confirm: _c, message: _m, ...rest } = st;
  view.updateForm(app.view, st.instance, () => ({ ...rest, stage: "edit", scroll: 0 }));
}
var NOTICE_TONE = { success: "success", warning: "warning", error: "error" };
async function send(app, st, spec, built) {
  const exchange = app.session?.exchange;
  const { message: _m, ...rest } = st;
  view.updateForm(app.view, st.instance, () => ({ ...rest, stage: "sending", scroll: 0 }));
  let result;
  if (!exchange) result = { tone: "error", lines: ["not sent: no exchange session"] };
  else {
    view.beginRequest(app.view);
    try {
      result = (await sendCall(exchange, built.call, renderOptionsFor(app.store.getState().market.configs, built.call))).view;
    } catch (e) {
      result = { tone: "error", lines: [`not sent: ${e instanceof Error ? e.message : String(e)}`] };
    } finally {
      view.endRequest(app.view);
    }
  }
  const shown = app.view.getState().form?.instance === st.instance;
  view.updateForm(app.view, st.instance, (f) => ({ ...f, stage: "result", result, scroll: 0 }));
  if (!shown) view.notify(app.view, `${spec.title}: ${result.lines.join(" ")}`, NOTICE_TONE[result.tone]);
  const a = built.action;
  if (result.tone === "success" && a.type === "updateLeverage") view.setLeverage(app.view, a.asset, a.leverage);
}
async function submitLocal(app, st, ev) {
  if (!ev.ready) {
    patch(app, st, { submitted: true, message: { text: `not saved: ${ev.errors[0]}`, tone: "error" } });
    return;
  }
  if (!app.stateDir) return say(app, st, "not saved: no state directory to keep the key in", "error");
  const password = st.texts["password"] ?? "";
  patch(app, st, { stage: "sending", texts: { password: "", repeat: "" }, message: { text: "generating and encrypting the key\u2026", tone: "info" } });
  try {
    const { address, file } = await generateAgentKeystore(app.stateDir, password);
    view.notify(app.view, `new agent key ${address} saved encrypted to ${file}`, "success");
    if (app.view.getState().form?.instance !== st.instance) return;
    openForm(app, "approveAgent", {
      params: { address },
      note: `new agent key saved encrypted to ${file}. Approve it here; to trade with it, start with --agent-keystore and that file.`
    });
  } catch (e) {
    patch(app, st, { stage: "edit", replace: false, message: { text: `not saved: ${e instanceof Error ? e.message : String(e)}`, tone: "error" } });
  }
}
function formTakesText(app) {
  const st = app.view.getState().form;
  if (!st || st.stage !== "edit" || menuById(st.formId)) return false;
  const f = focusedField(st, fieldsOf(resolveForm(app, st)));
  return f !== void 0 && isTextKind(f.kind);
}
function formText(app, text) {
  const st = app.view.getState().form;
  if (!st || st.stage !== "edit") return;
  const f = focusedField(st, fieldsOf(resolveForm(app, st)));
  if (!f || !isTextKind(f.kind)) return;
  view.setForm(app.view, typeInto({ ...st, focus: f.key }, f.key, text));
}
function formKey(app, key, keys = DEFAULT_BLOCKER_KEYS) {
  const st = app.view.getState().form;
  if (!st) return;
  if (st.stage === "sending") {
    if (key === "q" && app.view.getState().inFlight > 0) view.openOverlay(app.view, { kind: "quitConfirm" });
    return;
  }
  if (st.stage === "confirm") {
    if (key === "y") submitForm(app);
    else if (key === "n") backForm(app);
    else {
      const command = keys.commandOf(key);
      const action = command && st.confirm?.plan.blockers.find((b) => b.blocker.action?.command === command)?.blocker.action;
      if (command && action) runBlockerCommand(app, command, action.params);
    }
    return;
  }
  if (st.stage !== "edit") return;
  if (menuById(st.formId)) {
    if (/^[1-9]$/.test(key)) {
      view.setForm(app.view, { ...st, focus: String(Number(key) - 1) });
      submitForm(app);
    }
    return;
  }
  const f = focusedField(st, fieldsOf(resolveForm(app, st)));
  if (!f) return;
  if (isTextKind(f.kind)) {
    if (key === "backspace") view.setForm(app.view, backspace({ ...st, focus: f.key }, f.key));
    return;
  }
  if (key === "left" || key === "right") view.setForm(app.view, cycleChoice({ ...st, focus: f.key }, f, key === "left" ? -1 : 1));
  else if ([...key].length === 1) view.setForm(app.view, jumpChoice({ ...st, focus: f.key }, f, key));
}
function stepField(app, delta) {
  const st = app.view.getState().form;
  if (!st) return;
  if (st.stage !== "edit") {
    const plan = st.confirm?.plan;
    const lines = (plan?.lines.length ?? 0) + (plan?.blockers.length ?? 0) + (plan?.overrides.length ?? 0) + (st.result?.lines.length ?? 0) + 8;
    view.setForm(app.view, { ...st, scroll: Math.min(lines, Math.max(0, st.scroll + delta)) });
    return;
  }
  const r = resolveForm(app, st);
  if (r.kind === "menu") {
    const n = r.menu.items.length;
    view.setForm(app.view, { ...st, focus: String(((Number(st.focus) + delta) % n + n) % n) });
    return;
  }
  view.setForm(app.view, moveFocus(st, fieldsOf(r), delta));
}
function toggleField(app) {
  const st = app.view.getState().form;
  if (!st || st.stage !== "edit") return;
  const r = resolveForm(app, st);
  if (r.kind === "menu") return submitForm(app);
  const f = focusedField(st, fieldsOf(r));
  if (f && !isTextKind(f.kind)) view.setForm(app.view, cycleChoice({ ...st, focus: f.key }, f, 1));
}

// src/ui/commands/tradingCommands.ts
function open(formId, take = () => ({}), o = {}) {
  return ({ app }) => openForm(app, formId, { ...o, captured: take(app) });
}
var order = (app) => {
  const o = selectedOrder(app.store.getState(), app.view.getState());
  return o ? { order: o } : {};
};
var position = (app) => {
  const v = app.view.getState();
  const p = v.focus === "positions" ? selectedPosition(app.store.getState(), v) : void 0;
  return p ? { position: p } : {};
};
var agent = (app) => {
  const a = selectedAgent(app.store.getState(), app.view.getState());
  return a ? { agent: a } : {};
};
function fromBook(make, take = () => ({}), submit = true) {
  return ({ app }) => {
    const { ctx } = formContextOf(app, take(app));
    const r = make(ctx, app);
    if (!r.ok) {
      view.notify(app.view, r.error, "warning");
      return;
    }
    openForm(app, r.form, { params: r.values, note: r.note, submit });
  };
}
var cursor = (app) => app.view.getState().bookCursorRaw;
function ladderFromCursor(ctx, app) {
  const raw = cursor(app);
  if (!ctx.contract) return { ok: false, error: "select a contract first" };
  if (raw === null) return { ok: false, error: "move the book cursor to a price level first (j/k)" };
  const at = BigInt(raw);
  const best2 = bestPrices(ctx.book ? { bids: ctx.book.levels[0], asks: ctx.book.levels[1] } : void 0, ctx.contract.priceScale);
  const middle = best2.bid !== void 0 && best2.ask !== void 0 ? (best2.bid + best2.ask) / 2n : best2.bid ?? best2.ask;
  const isBuy = middle === void 0 ? true : at <= middle;
  return ladder(ctx, isBuy, formatDecimal(at, ctx.contract.priceScale), 1, 5);
}
var TRADING_COMMANDS = {
  "order.buy": open("order", void 0, { params: { side: "Buy" } }),
  "order.sell": open("order", void 0, { params: { side: "Sell" } }),
  "order.batch": open("orderBatch"),
  "order.modify": open("modify", order),
  "order.cancel": open("cancel", order, { submit: true }),
  "order.cancelByCloid": open("cancelByCloid", order),
  "order.cancelAll": open("cancelAll", void 0, { submit: true }),
  "orders.scope": ({ app }) => {
    view.toggleOrdersScope(app.view);
    view.notify(app.view, app.view.getState().ordersScope === "all" ? "open orders: every contract" : "open orders: this contract", "info");
  },
  "position.tpsl": open("tpSl", position),
  "position.cancelTpSl": open("cancelTpSl", position, { submit: true }),
  "conditional.cancel": open("cancelConditional", position),
  "position.flatten": fromBook((ctx) => flatten(ctx), position),
  "position.reverse": fromBook((ctx) => reverse(ctx), position),
  "position.closeHalf": fromBook((ctx) => closeHalf(ctx), position),
  "book.buyAtCursor": fromBook((ctx, app) => atCursor(ctx, true, cursor(app))),
  "book.sellAtCursor": fromBook((ctx, app) => atCursor(ctx, false, cursor(app))),
  "book.joinBid": fromBook((ctx) => joinBest(ctx, true)),
  "book.joinAsk": fromBook((ctx) => joinBest(ctx, false)),
  "book.ladder": fromBook(ladderFromCursor, void 0, false),
  "margin.leverage": open("leverage"),
  "margin.mode": open("marginMode"),
  "margin.isolated": open("isolatedMargin", position),
  "collateral.move": open("menu:collateral"),
  "collateral.lock": open("lockCollateral"),
  "collateral.unlock": open("unlockCollateral"),
  "collateral.transfer": open("transferBetweenDeployers"),
  "collateral.toGroup": open("transferMdToShareGroup"),
  "collateral.fromGroup": open("transferShareGroupToMd"),
  "collateral.lockGroup": open("lockIntoShareGroup"),
  "collateral.unlockGroup": open("unlockFromShareGroup"),
  "collateral.shareType": open("setMarginShareType"),
  "agents.manage": open("menu:agents", agent),
  "agents.generate": open("generateAgent"),
  "agents.approve": open("approveAgent"),
  "agents.revoke": open("revokeAgent", agent),
  "deployer.enroll": open("enroll"),
  "fees.set": open("updateFeeSetting"),
  "form.submit": ({ app }) => submitForm(app),
  "form.cancel": ({ app }) => backForm(app),
  "form.nextField": ({ app }) => stepField(app, 1),
  "form.prevField": ({ app }) => stepField(app, -1),
  "form.toggle": ({ app }) => toggleField(app),
  "form.override": ({ app }) => overrideGuards(app)
};

// src/ui/panes/staleRules.ts
function pollFailed(s, name) {
  const p = s.session.polls[name];
  return !p || p.lastOk === null || p.lastError !== null;
}
function feedStaleness(feed, thresholdKey) {
  const flag = (s) => s.session.staleness[feed];
  return thresholdKey === void 0 ? { flag } : { thresholdKey, flag };
}
function polledFeedStaleness(poll, feed, thresholdKey) {
  const flag = (s) => s.session.polls[poll] ? pollFailed(s, poll) : s.session.staleness[feed];
  return thresholdKey === void 0 ? { flag } : { thresholdKey, flag };
}
var ACCOUNT_STALENESS = {
  thresholdKey: "account",
  flag: (s) => s.session.staleness.account,
  dataTime: (s) => s.account.updatedAt ?? void 0
};

// src/ui/panes/account/accountPaneSpec.ts
var ACCOUNT_SPEC = {
  id: "account",
  size: { minWidth: 26, minHeight: 5 },
  staleness: ACCOUNT_STALENESS
};

// src/ui/panes/agents/agentsPaneSpec.ts
var AGENTS_SPEC = {
  id: "agents",
  size: { minWidth: 22, minHeight: 5 },
  staleness: {
    thresholdKey: "agents",
    // Agents are polled only once the account id is known; until then there is nothing to trust or doubt.
    flag: (s) => s.session.polls["userAgents"] !== void 0 && s.session.polls["userAgents"].lastError !== null,
    dataTime: (s) => s.session.polls["userAgents"]?.lastOk ?? void 0
  }
};

// src/ui/panes/book/bookPaneSpec.ts
function bookDataTime(s) {
  const cid = s.market.selected === null ? void 0 : s.market.contracts[s.market.selected]?.contractId;
  if (cid === void 0) return void 0;
  const t = Math.max(s.market.feedTimes[cid] ?? -Infinity, s.market.books[cid]?.time ?? -Infinity, s.market.bbos[cid]?.time ?? -Infinity);
  return Number.isFinite(t) ? t - (s.session.clockOffsetMs ?? 0) : void 0;
}
var BOOK_SPEC = {
  id: "book",
  // border 2 + column titles 1 + 3 asks + spread + 2 bids
  size: { minWidth: 30, minHeight: 9, maxWidth: 64 },
  staleness: { thresholdKey: "book", flag: (s) => s.session.staleness.book, dataTime: bookDataTime }
};

// src/ui/panes/chart/chartPaneSpec.ts
var CHART_SPEC = {
  id: "chart",
  size: { minWidth: 30, minHeight: 8 },
  staleness: feedStaleness("candles", "candles")
};

// src/ui/panes/fills/fillsPaneSpec.ts
var FILLS_SPEC = {
  id: "fills",
  size: { minWidth: 28, minHeight: 5 },
  // Fills arrive as events: no age threshold, only the feed's (or the poll's) verdict.
  staleness: polledFeedStaleness("userFills", "fills")
};

// src/ui/panes/journal/journalPaneSpec.ts
var JOURNAL_SPEC = {
  id: "journal",
  size: { minWidth: 28, minHeight: 5 },
  // The journal is this session's own record: never stale.
  staleness: { flag: () => false }
};

// src/ui/panes/orders/ordersPaneSpec.ts
var ORDERS_SPEC = {
  id: "orders",
  size: { minWidth: 40, minHeight: 5 },
  staleness: polledFeedStaleness("userOrders", "orders", "orders")
};

// src/ui/panes/positions/positionsPaneSpec.ts
var POSITIONS_SPEC = {
  id: "positions",
  size: { minWidth: 40, minHeight: 5 },
  staleness: ACCOUNT_STALENESS
};

// src/ui/panes/shareGroups/shareGroupsPaneSpec.ts
var SHARE_GROUPS_SPEC = {
  id: "shareGroups",
  size: { minWidth: 22, minHeight: 5 },
  staleness: ACCOUNT_STALENESS
};

// src/ui/panes/trades/tradesPaneSpec.ts
var TRADES_SPEC = {
  id: "trades",
  size: { minWidth: 24, minHeight: 6, maxWidth: 56 },
  staleness: feedStaleness("trades", "trades")
};

// src/ui/panes/paneSpecs.ts
var PANE_SPECS = {
  book: BOOK_SPEC,
  trades: TRADES_SPEC,
  chart: CHART_SPEC,
  orders: ORDERS_SPEC,
  positions: POSITIONS_SPEC,
  account: ACCOUNT_SPEC,
  shareGroups: SHARE_GROUPS_SPEC,
  fills: FILLS_SPEC,
  agents: AGENTS_SPEC,
  journal: JOURNAL_SPEC
};

// src/ui/context/paneIds.ts
var PANE_IDS = ["header", ...PANE_CONTEXTS, "status"];

// src/ui/app/layout.ts
var MIN_COLS = 80;
var MIN_ROWS = 24;
var PANE_MIN = {
  header: { width: 40, height: 1 },
  status: { width: 40, height: 1 },
  ...Object.fromEntries(
    PANE_CONTEXTS.map((id) => [id, { width: PANE_SPECS[id].size.minWidth, height: PANE_SPECS[id].size.minHeight }])
  )
};
function paneMaxWidth(id) {
  return id === "header" || id === "status" ? void 0 : PANE_SPECS[id].size.maxWidth;
}
var HEADER = { fixed: 1, weight: 0, cells: [{ tabs: ["header"], weight: 1 }] };
var STATUS = { fixed: 1, weight: 0, cells: [{ tabs: ["status"], weight: 1 }] };
var ACCOUNT_TABS = ["orders", "positions", "fills", "account", "shareGroups", "agents", "journal"];
var TEMPLATES = [
  {
    name: "full",
    minCols: 120,
    minRows: 36,
    rows: [
      HEADER,
      { weight: 44, cells: [{ tabs: ["book"], weight: 25 }, { tabs: ["chart"], weight: 50 }, { tabs: ["trades"], weight: 25 }] },
      { weight: 30, cells: [{ tabs: ["orders"], weight: 40 }, { tabs: ["positions"], weight: 40 }, { tabs: ["account"], weight: 20 }] },
      {
        weight: 26,
        cells: [
          { tabs: ["fills"], weight: 30 },
          { tabs: ["journal"], weight: 30 },
          { tabs: ["shareGroups"], weight: 20 },
          { tabs: ["agents"], weight: 20 }
        ]
      },
      STATUS
    ]
  },
  {
    name: "medium",
    minCols: 100,
    minRows: 24,
    rows: [
      HEADER,
      { weight: 58, cells: [{ tabs: ["book"], weight: 34 }, { tabs: ["chart"], weight: 40 }, { tabs: ["trades"], weight: 30 }] },
      {
        weight: 42,
        cells: [
          { tabs: ["orders", "positions"], weight: 58 },
          { tabs: ["fills", "account", "shareGroups", "agents", "journal"], weight: 42 }
        ]
      },
      STATUS
    ]
  },
  {
    name: "narrowTall",
    minCols: MIN_COLS,
    minRows: 40,
    rows: [
      HEADER,
      { weight: 45, cells: [{ tabs: ["book"], weight: 55 }, { tabs: ["trades"], weight: 45 }] },
      { weight: 25, cells: [{ tabs: ["chart"], weight: 1 }] },
      { weight: 30, cells: [{ tabs: ACCOUNT_TABS, weight: 1 }] },
      STATUS
    ]
  },
  {
    name: "compact",
    minCols: MIN_COLS,
    minRows: MIN_ROWS,
    rows: [
      HEADER,
      { weight: 60, cells: [{ tabs: ["book"], weight: 55 }, { tabs: ["trades", "chart"], weight: 45 }] },
      { weight: 40, cells: [{ tabs: ACCOUNT_TABS, weight: 1 }] },
      STATUS
    ]
  }
];
function areaMin(tabs) {
  let width = 0;
  let height = 0;
  for (const t of tabs) {
    width = Math.max(width, PANE_MIN[t].width);
    height = Math.max(height, PANE_MIN[t].height);
  }
  return { width, height };
}
function areaMax(tabs) {
  let max = 0;
  for (const t of tabs) {
    const m = paneMaxWidth(t);
    if (m === void 0) return Infinity;
    max = Math.max(max, m);
  }
  return max;
}
function distribute(total2, slots) {
  const sizes = slots.map((s) => s.min);
  let extra = total2 - sizes.reduce((a, b) => a + b, 0);
  for (let guard = 0; extra > 0 && guard < slots.length + 1; guard++) {
    const open2 = slots.map((s, i) => sizes[i] < s.max && s.weight > 0 ? i : -1).filter((i) => i >= 0);
    if (open2.length === 0) break;
    const wsum = open2.reduce((a, i) => a + slots[i].weight, 0);
    const shares = open2.map((i) => {
      const exact = extra * slots[i].weight / wsum;
      const room = slots[i].max - sizes[i];
      return { i, whole: Math.min(room, Math.floor(exact)), frac: exact - Math.floor(exact), room };
    });
    let given = 0;
    for (const s of shares) {
      sizes[s.i] += s.whole;
      given += s.whole;
    }
    let left = extra - given;
    const byFrac = [...shares].sort((a, b) => b.frac - a.frac || a.i - b.i);
    for (const s of byFrac) {
      if (left === 0) break;
      if (sizes[s.i] < slots[s.i].max) {
        sizes[s.i] += 1;
        left -= 1;
      }
    }
    extra = left;
  }
  if (extra > 0 && sizes.length > 0) sizes[sizes.length - 1] += extra;
  return sizes;
}
function fits(t, cols, bodyRows) {
  if (cols < t.minCols || bodyRows + 1 < t.minRows) return false;
  let height = 0;
  for (const row of t.rows) {
    height += row.fixed ?? Math.max(...row.cells.map((c) => areaMin(c.tabs).height));
    const width = row.cells.reduce((a, c) => a + areaMin(c.tabs).width, 0);
    if (width > cols) return false;
  }
  return height <= bodyRows;
}
function zoomTemplate(pane) {
  return { name: "zoom", minCols: MIN_COLS, minRows: MIN_ROWS, rows: [HEADER, { weight: 1, cells: [{ tabs: [pane], weight: 1 }] }, STATUS] };
}
function place(t, cols, height) {
  const heights = distribute(
    height,
    t.rows.map((r) => {
      const min = r.fixed ?? Math.max(...r.cells.map((c) => areaMin(c.tabs).height));
      return { min, max: r.fixed ?? Infinity, weight: r.fixed ? 0 : r.weight };
    })
  );
  const panes = [];
  let y = 0;
  t.rows.forEach((row, ri) => {
    const h = heights[ri];
    const widths2 = distribute(
      cols,
      row.cells.map((c) => ({ min: areaMin(c.tabs).width, max: areaMax(c.tabs), weight: c.weight }))
    );
    let x = 0;
    row.cells.forEach((cell, ci) => {
      const w = widths2[ci];
      panes.push({ id: cell.tabs[0], tabs: cell.tabs, x, y, width: w, height: h });
      x += w;
    });
    y += h;
  });
  return panes;
}
function computeLayout(cols, rows, opts = {}) {
  const c = Math.max(0, Math.floor(cols));
  const r = Math.max(0, Math.floor(rows));
  const height = r - 1;
  if (c < MIN_COLS || r < MIN_ROWS) {
    return { cols: c, rows: r, height: 0, template: "tooSmall", panes: [], hidden: [...PANE_IDS], focusOrder: [] };
  }
  const zoom = opts.zoom && opts.zoom !== "header" && opts.zoom !== "status" ? zoomTemplate(opts.zoom) : void 0;
  const template = zoom ?? TEMPLATES.find((t) => fits(t, c, height)) ?? TEMPLATES[TEMPLATES.length - 1];
  const panes = place(template, c, height);
  const placed = new Set(panes.flatMap((p) => p.tabs));
  return {
    cols: c,
    rows: r,
    height,
    template: template.name,
    panes,
    hidden: PANE_IDS.filter((p) => !placed.has(p)),
    focusOrder: panes.filter((p) => p.id !== "header" && p.id !== "status").map((p) => p.id)
  };
}
function areaOf(layout, pane) {
  return layout.panes.find((p) => p.tabs.includes(pane));
}
function neighbour(layout, from, dir) {
  const a = areaOf(layout, from);
  if (!a) return void 0;
  let best2;
  for (const b of layout.panes) {
    if (b === a || !layout.focusOrder.includes(b.id)) continue;
    const horizontal2 = dir === "left" || dir === "right";
    const gap = dir === "left" ? a.x - (b.x + b.width) : dir === "right" ? b.x - (a.x + a.width) : dir === "up" ? a.y - (b.y + b.height) : b.y - (a.y + a.height);
    if (gap < 0) continue;
    const overlap = horizontal2 ? Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) : Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
    if (overlap <= 0) continue;
    if (!best2 || gap < best2.gap || gap === best2.gap && overlap > best2.overlap) best2 = { id: b.id, gap, overlap };
  }
  return best2?.id;
}
function cycleFocus(layout, from, step) {
  const order2 = layout.focusOrder;
  if (order2.length === 0) return void 0;
  const current = from ? areaOf(layout, from)?.id ?? from : void 0;
  const i = current ? order2.indexOf(current) : -1;
  if (i < 0) return step === 1 ? order2[0] : order2[order2.length - 1];
  return order2[(i + step + order2.length) % order2.length];
}

// src/ui/app/shownPane.ts
function shownPane(area, focus, activeTab) {
  if (area.tabs.includes(focus)) return focus;
  const chosen = activeTab[area.id];
  return chosen !== void 0 && area.tabs.includes(chosen) ? chosen : area.tabs[0];
}
function stepTab(area, current, step) {
  const i = area.tabs.indexOf(current);
  const n = area.tabs.length;
  return area.tabs[((i < 0 ? 0 : i) + step + n) % n];
}

// src/ui/commands/viewCommands.ts
var GROUPING_TICKS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3];
function focusArea(ctx, areaId) {
  if (!areaId) return;
  const area = ctx.layout.panes.find((p) => p.id === areaId);
  if (!area) return;
  const s = ctx.app.view.getState();
  view.focus(ctx.app.view, shownPane(area, s.focus, s.activeTab));
}
function moveFocus2(dir) {
  return (ctx) => focusArea(ctx, neighbour(ctx.layout, ctx.app.view.getState().focus, dir));
}
function switchTab(step) {
  return (ctx) => {
    const s = ctx.app.view.getState();
    const area = areaOf(ctx.layout, s.focus);
    if (!area || area.tabs.length < 2) return;
    const next = stepTab(area, shownPane(area, s.focus, s.activeTab), step);
    view.setTab(ctx.app.view, area.id, next);
    view.focus(ctx.app.view, next);
  };
}
function regroup(step) {
  return ({ app }) => {
    const current = app.view.getState().bookGroupTicks;
    const i = GROUPING_TICKS.findIndex((t) => t >= current);
    const from = i < 0 ? GROUPING_TICKS.length - 1 : i;
    const next = GROUPING_TICKS[Math.max(0, Math.min(GROUPING_TICKS.length - 1, from + step))];
    if (next !== current) view.setGrouping(app.view, next);
  };
}
var VIEW_COMMANDS = {
  "focus.next": (ctx) => focusArea(ctx, cycleFocus(ctx.layout, ctx.app.view.getState().focus, 1)),
  "focus.prev": (ctx) => focusArea(ctx, cycleFocus(ctx.layout, ctx.app.view.getState().focus, -1)),
  "focus.left": moveFocus2("left"),
  "focus.right": moveFocus2("right"),
  "tab.next": switchTab(1),
  "tab.prev": switchTab(-1),
  "pane.zoom": ({ app }) => view.toggleZoom(app.view),
  "theme.cycle": ({ app, themeNames }) => {
    const next = nextThemeName(app.view.getState().themeName, themeNames);
    view.setTheme(app.view, next);
    view.notify(app.view, `theme: ${next}`, "info");
  },
  "chart.interval": ({ app }) => {
    const current = app.view.getState().chartInterval;
    const next = CANDLE_INTERVALS[(CANDLE_INTERVALS.indexOf(current) + 1) % CANDLE_INTERVALS.length];
    view.setChartInterval(app.view, next);
  },
  "book.center": ({ app }) => view.setBookCursor(app.view, null),
  "book.groupingCoarser": regroup(1),
  "book.groupingFiner": regroup(-1)
};

// src/ui/commands/registry.ts
var COMMANDS = {
  ...TRADING_COMMANDS,
  ...OVERLAY_COMMANDS,
  ...VIEW_COMMANDS,
  ...LIST_COMMANDS
};
function runCommand(id, ctx, table = COMMANDS) {
  if (ctx.app.mode.readOnly && isWriteCommand(id)) {
    view.notify(ctx.app.view, READ_ONLY_REFUSAL, "warning");
    return;
  }
  const handler2 = table[id];
  if (!handler2) {
    view.notify(ctx.app.view, `${id}: nothing to do here`, "info");
    return;
  }
  try {
    handler2(ctx);
  } catch (e) {
    view.notify(ctx.app.view, `${id} failed: ${e instanceof Error ? e.message : String(e)}`, "error");
  }
}

// src/ui/input/useKeyboard.ts
import { useInput } from "ink";

// src/ui/input/formInput.ts
var handler;
function registerFormInput(h) {
  handler = h;
  return () => {
    if (handler === h) handler = void 0;
  };
}
function formInputHandler() {
  return handler;
}

// src/ui/input/inputContexts.ts
var OVERLAY_CONTEXT = {
  help: "help",
  palette: "palette",
  picker: "picker",
  quitConfirm: "confirm",
  message: "confirm",
  form: "form"
};
var TEXT_OVERLAYS = /* @__PURE__ */ new Set(["palette", "picker"]);
var TOO_SMALL_KEYS = /* @__PURE__ */ new Set(["quit", "app.forceQuit"]);
var TOO_SMALL_ASKING_KEYS = /* @__PURE__ */ new Set(["app.forceQuit", "confirm.yes", "confirm.no"]);
function inputStateOf(s, screen = { tooSmall: false }) {
  const top = selectTopOverlay(s);
  if (screen.tooSmall) {
    return top?.kind === "quitConfirm" ? { contexts: activeContexts({ overlay: "confirm" }), textInput: false, only: TOO_SMALL_ASKING_KEYS } : { contexts: activeContexts({}), textInput: false, only: TOO_SMALL_KEYS };
  }
  const focus = s.focus;
  const focused = isPane(focus) ? focus : void 0;
  return {
    contexts: activeContexts({ overlay: top ? OVERLAY_CONTEXT[top.kind] : void 0, focused }),
    textInput: top !== void 0 && (TEXT_OVERLAYS.has(top.kind) || top.kind === "form" && (formInputHandler()?.textInput(top) ?? false))
  };
}

// src/ui/input/useKeyboard.ts
function handleInput(input, key, o) {
  const chars = [...input];
  if (chars.length > 1 && !hasNamedKey(key) && CONTROL_IN_TEXT.test(input)) {
    for (const part of input.split(CONTROL_SPLIT)) if (part) handleInput(part, {}, o);
    return;
  }
  const state = inputStateOf(o.view.getState(), o.screen?.());
  if (chars.length > 1 && !state.textInput && !hasNamedKey(key)) {
    for (const ch of chars) handleInput(ch, {}, o);
    return;
  }
  const top = selectTopOverlay(o.view.getState());
  const form = top?.kind === "form" ? top : void 0;
  const formInput = form ? formInputHandler() : void 0;
  const only = state.only ? { only: state.only } : {};
  for (const action of dispatchInput(input, key, state.contexts, { keymap: o.keymap, textInput: state.textInput, ...only })) {
    if (action.kind === "command") o.run(action.id);
    else if (form && formInput) {
      if (action.kind === "text") formInput.onText(form, action.text);
      else formInput.onKey(form, action.key);
    } else if (action.kind === "text") {
      if (state.textInput) setFilter(o.view, o.view.getState().overlayQuery + action.text);
    } else if (action.key === "backspace" && state.textInput) {
      setFilter(o.view, [...o.view.getState().overlayQuery].slice(0, -1).join(""));
    }
  }
}
function setFilter(store, query) {
  const top = selectTopOverlay(store.getState());
  view.setOverlayQuery(store, query, top?.kind === "palette" ? paletteStartRow(query) : 0);
}
var CONTROL_IN_TEXT = /[\r\n\t\x7f\b]/;
var CONTROL_SPLIT = /([\r\n\t\x7f\b])/;
function hasNamedKey(key) {
  return Boolean(
    key.upArrow || key.downArrow || key.leftArrow || key.rightArrow || key.pageUp || key.pageDown || key.home || key.end || key.return || key.escape || key.tab || key.backspace || key.delete || key.ctrl || key.meta
  );
}
function useKeyboard(o) {
  useInput((input, key) => handleInput(input, key, o), { isActive: o.active ?? true });
}

// src/ui/overlays/Overlays.tsx
import { memo as memo10 } from "react";

// src/ui/forms/FormOverlay.tsx
import { memo as memo7, useEffect, useMemo as useMemo3 } from "react";
import { Box as Box5, Text as Text6 } from "ink";

// src/ui/forms/wrapText.ts
function wrapText(text, width) {
  if (width <= 0) return [];
  const out = [];
  for (const paragraph of text.split("\n")) {
    let line2 = "";
    for (const word of paragraph.split(" ")) {
      let w = word;
      const sep = line2 === "" ? "" : " ";
      if (textWidth(line2) + textWidth(sep) + textWidth(w) <= width) {
        line2 += sep + w;
        continue;
      }
      if (line2 !== "") out.push(line2);
      line2 = "";
      while (textWidth(w) > width) {
        const head = takeColumns(w, width) || [...w][0];
        out.push(head);
        w = w.slice(head.length);
      }
      line2 = w;
    }
    out.push(line2);
  }
  return out;
}

// src/ui/forms/formScreen.ts
var MESSAGE_TOKEN = { info: "text", success: "ok", warning: "warning", error: "error" };
var RESULT_TOKEN = { success: "ok", warning: "warning", error: "error" };
function wrapped(text, width, token, indent = "") {
  return wrapText(text, Math.max(1, width - textWidth(indent))).map((l) => [{ text: indent + l, ...token ? { token } : {} }]);
}
var EDIT_FOOTER = "Tab/\u2191\u2193 field \xB7 Space/\u2190\u2192 choice \xB7 Enter review \xB7 Esc close";
function valueSegments(f, focused, replace, masked, line2) {
  if (f.kind === "choice" || f.kind === "toggle") {
    const choice = f.choices?.find((c) => c.text.toLowerCase() === f.text.trim().toLowerCase());
    const shown = f.kind === "toggle" ? `${/^(yes|y|true|on|1)$/i.test(f.text.trim()) ? "[x]" : "[ ]"} ${f.text}` : `\u2039 ${f.text} \u203A`;
    const segs = [{ text: shown, ...focused ? { token: "accent", bold: true } : {} }];
    if (choice?.label && f.kind === "choice") segs.push({ text: `  ${choice.label}`, token: "muted" });
    return segs;
  }
  const text = masked ? "\u2022".repeat([...line2].length) : line2;
  if (!focused) return [{ text }];
  if (replace && text !== "") return [{ text, token: "selection" }];
  return [{ text }, { text: "\u258F", token: "accent" }];
}
function fieldRows(st, fields, width, masked) {
  const visible = fields.filter((f) => f.visible);
  const focus = focusedField(st, fields);
  const labelWidth = Math.min(18, Math.max(6, ...visible.map((f) => textWidth(f.label) + 1)));
  const rows = [];
  let anchor = 0;
  for (const f of visible) {
    const focused = f.key === focus?.key;
    if (focused) anchor = rows.length;
    const lines = MULTILINE_FIELDS.has(f.key) ? f.text.split("\n") : [f.text];
    lines.forEach((line2, i) => {
      const head = [
        { text: focused && i === 0 ? "\u203A " : "  ", token: "accent" },
        { text: fit(i === 0 ? f.label : "", labelWidth), token: focused ? "accent" : "muted", bold: focused }
      ];
      rows.push([...head, ...valueSegments(f, focused && i === lines.length - 1, st.replace, masked.has(f.key), line2)]);
    });
    if (showsError(st, f)) rows.push(...wrapped(`\u2715 ${f.error}`, width, "error", " ".repeat(labelWidth + 2)));
  }
  if (focus) {
    rows.push([]);
    const hint = MULTILINE_FIELDS.has(focus.key) ? `${focus.help} (";" starts a new line)` : focus.help;
    rows.push(...wrapped(hint, width, "muted", "  "));
  }
  return { rows, anchor };
}
function messageRows(st, width) {
  return st.message ? [[], ...wrapped(st.message.text, width, MESSAGE_TOKEN[st.message.tone], " ")] : [];
}
function specEdit(st, r, width) {
  const { spec, ctx, ev } = r;
  const need = keyRequirement(spec.actionType, ctx.keys);
  const where = ctx.contract ? ` \xB7 ${ctx.contract.name}` : "";
  const screen = { title: spec.title, info: need.ok ? `signs: ${need.role}${where}` : `no key${where}`, rows: [], anchor: 0, footer: EDIT_FOOTER };
  if (st.note) screen.rows.push(...wrapped(st.note, width, "accent", " "));
  if (ev.blocked !== void 0) {
    screen.rows.push(...wrapped(`\u2715 ${ev.blocked}`, width, "error", " "));
    screen.footer = "Esc close \xB7 nothing is signed";
    return screen;
  }
  const fields = fieldRows(st, ev.fields, width, /* @__PURE__ */ new Set());
  screen.anchor = screen.rows.length + fields.anchor;
  screen.rows.push(...fields.rows);
  if (!ev.ready && ev.fields.every((f) => f.error === void 0)) for (const e of ev.errors) screen.rows.push(...wrapped(`\u2715 ${e}`, width, st.submitted ? "error" : "warning", " "));
  if (ev.ready && ev.built) {
    screen.rows.push([]);
    for (const line2 of ev.built.summary) screen.rows.push(...wrapped(line2, width, "text", "  "));
  }
  screen.rows.push(...messageRows(st, width));
  return screen;
}
function confirmScreen(st, title, width, keys) {
  const c = st.confirm;
  const rows = st.note ? wrapped(st.note, width, "accent", " ") : [];
  const lines = c.plan.lines.filter((l, i) => c.plan.lines.indexOf(l) === i);
  lines.forEach((l, i) => rows.push(...wrapped(l, width, i === 0 && !st.note ? "accent" : "text", " ")));
  const blocked = c.plan.blockers.length > 0;
  if (blocked) {
    rows.push([], [{ text: " \u2715 the exchange is expected to refuse this: Enter does not sign", token: "error", bold: true }]);
    for (const l of blockerLines(c.plan, pressKey(keys.labelOf))) rows.push(...wrapped(`\u2022 ${l}`, width, "error", " "));
  }
  if (c.plan.overrides.length > 0) {
    rows.push([], [{ text: " \u26A0 fat-finger guards: each needs an explicit override", token: "warning", bold: true }]);
    for (const v of c.plan.overrides) rows.push(...wrapped(`\u2022 ${v.message}`, width, "warning", " "));
  }
  const gated = needsOverride(c.plan);
  if (gated) {
    const past = blocked ? c.plan.overrides.length > 0 ? "despite the refusal expected and the guards" : "despite the refusal expected" : "despite the guards";
    const ask = blocked ? "if the dashboard's copy of the account is out of date, press o to override, then Enter; plain Enter does not sign" : "press o to override, then Enter; plain Enter does not pass a guard";
    rows.push(...wrapped(c.override ? `override armed: Enter signs and sends ${past} (o again withdraws it)` : ask, width, c.override ? "error" : "warning", " "));
  }
  if (c.plan.staleBook !== void 0) rows.push([], ...wrapped(`\u23F8 ${c.plan.staleBook}`, width, "stale", " "));
  rows.push(...messageRows(st, width));
  const footer = !gated ? "Enter/y sign & send \xB7 Esc/n back" : c.override ? "Enter/y sign & send \xB7 o withdraw override \xB7 Esc/n back" : "o override \xB7 Esc/n back \xB7 Enter does not sign yet";
  return { title: `${title}: confirm`, info: blocked ? "blocked" : "review", rows, anchor: 0, footer };
}
function sendingScreen(st, title, width) {
  const rows = [[{ text: " \u29D7 sending\u2026 waiting for the exchange\u2019s answer", token: "warning", bold: true }], []];
  const lines = st.confirm?.plan.lines ?? [];
  for (const l of lines.filter((x, i) => lines.indexOf(x) === i)) rows.push(...wrapped(l, width, "muted", " "));
  rows.push(...messageRows(st, width));
  return { title, info: "sending\u2026", rows, anchor: 0, footer: "q asks before quitting \xB7 Esc hides this (the answer still lands in the journal)" };
}
function resultScreen(st, title, width) {
  const r = st.result;
  const rows = [];
  for (const l of r.lines) rows.push(...wrapped(l, width, RESULT_TOKEN[r.tone], " "));
  const word = r.tone === "success" ? "answered" : r.tone === "warning" ? "answered, check" : "refused";
  return { title: `${title}: exchange answer`, info: word, rows, anchor: 0, footer: "Enter/Esc close" };
}
function menuScreen(st, r, width) {
  const rows = [];
  for (const h of r.menu.header(r.ctx)) rows.push(...wrapped(h, width, "muted", " "));
  rows.push([]);
  const first = rows.length;
  r.menu.items.forEach((item, i) => {
    const on = String(i) === st.focus;
    const note = itemNote(item, r.ctx);
    rows.push([
      { text: on ? "\u203A " : "  ", token: "accent" },
      { text: `${i + 1} `, token: "key" },
      { text: item.label, ...on ? { token: "accent", bold: true } : {} },
      ...note ? [{ text: `  (${note})`, token: "warning" }] : []
    ]);
  });
  return { title: r.menu.title, rows: [...rows, ...messageRows(st, width)], anchor: first + Number(st.focus), footer: `\u2191\u2193 choose \xB7 1-${r.menu.items.length} \xB7 Enter open \xB7 Esc close` };
}
function localScreen(st, form, r, width, stateDir) {
  const rows = [];
  for (const l of form.intro(stateDir)) rows.push(...wrapped(l, width, "muted", " "));
  rows.push([]);
  const fields = fieldRows(st, r.ev.fields, width, form.masked);
  const anchor = rows.length + fields.anchor;
  rows.push(...fields.rows, ...messageRows(st, width));
  return { title: form.title, info: "signs nothing", rows, anchor, footer: st.stage === "sending" ? "encrypting\u2026" : "Tab/\u2191\u2193 field \xB7 Enter generate \xB7 Esc close" };
}
function formScreen(st, r, width, o = {}) {
  const title = r.kind === "spec" ? r.spec.title : r.kind === "menu" ? r.menu.title : r.kind === "local" ? r.form.title : st.formId;
  if (r.kind === "local") return localScreen(st, r.form, r, width, o.stateDir);
  if (st.stage === "result" && st.result) return resultScreen(st, title, width);
  if (st.stage === "sending") return sendingScreen(st, title, width);
  if (st.stage === "confirm" && st.confirm) return confirmScreen(st, title, width, o.keys ?? DEFAULT_BLOCKER_KEYS);
  if (r.kind === "menu") return menuScreen(st, r, width);
  if (r.kind === "spec") return specEdit(st, r, width);
  return { title, rows: [[{ text: `unknown form ${st.formId}`, token: "error" }]], anchor: 0, footer: "Esc close" };
}

// src/ui/forms/FormOverlay.tsx
import { jsx as jsx8, jsxs as jsxs5 } from "react/jsx-runtime";
var FORM_MAX_WIDTH = 84;
var FormLine = memo7(function FormLine2({ segments, width }) {
  const theme = useTheme();
  const out = [];
  let left = width;
  for (const s of segments) {
    if (left <= 0) break;
    const text = truncate(s.text, left);
    out.push({ ...s, text });
    left -= textWidth(text);
  }
  if (left > 0) out.push({ text: " ".repeat(left) });
  return /* @__PURE__ */ jsx8(Box5, { height: 1, flexShrink: 0, children: /* @__PURE__ */ jsx8(Text6, { wrap: "truncate", ...theme.tokens.text, children: out.map((s, i) => {
    const style = s.token ? theme.tokens[s.token] : void 0;
    return /* @__PURE__ */ jsx8(Text6, { ...style, bold: s.bold || style?.bold || void 0, children: s.text }, i);
  }) }) });
});
var FormOverlay = memo7(function FormOverlay2({
  overlay,
  screenWidth,
  screenHeight
}) {
  const app = useApp();
  const theme = useTheme();
  const { bindings } = useShell();
  const keys = useMemo3(() => blockerKeys(bindings), [bindings]);
  const st = useViewState((s) => s.form);
  const editing = st?.stage === "edit";
  useAppState((s) => editing ? s : null);
  const stale = st === null || st.formId !== overlay.form;
  useEffect(() => {
    if (stale) adoptOverlay(app, overlay.form, overlay.params);
  }, [stale, app, overlay]);
  if (stale) return null;
  const width = Math.min(screenWidth - 2, FORM_MAX_WIDTH);
  const inner = panelInner(width, 3).width;
  const screen = formScreen(st, resolveForm(app, st), inner, { stateDir: app.stateDir, keys });
  const room = Math.max(1, screenHeight - 2 - 3);
  const shown = Math.min(screen.rows.length, room);
  const overflow = screen.rows.length > room;
  const maxStart = screen.rows.length - shown;
  const start = st.stage === "edit" ? Math.min(maxStart, Math.max(0, screen.anchor - Math.floor(shown / 2))) : Math.min(maxStart, st.scroll);
  const footer = overflow ? `${screen.footer} \xB7 ${start + shown < screen.rows.length ? "\u2193" : ""}${start > 0 ? "\u2191" : ""} more` : screen.footer;
  return /* @__PURE__ */ jsxs5(Modal, { screenWidth, screenHeight, width, height: shown + 3, title: screen.title, ...screen.info ? { info: screen.info } : {}, children: [
    screen.rows.slice(start, start + shown).map((segments, i) => /* @__PURE__ */ jsx8(FormLine, { width: inner, segments }, start + i)),
    /* @__PURE__ */ jsx8(Box5, { height: 1, flexShrink: 0, children: /* @__PURE__ */ jsx8(Text6, { wrap: "truncate", ...theme.tokens.muted, children: fit(` ${footer}`, inner) }) })
  ] });
});

// src/ui/forms/useFormInput.ts
import { useEffect as useEffect2, useMemo as useMemo4 } from "react";
function useFormInput(app) {
  const { bindings } = useShell();
  const keys = useMemo4(() => blockerKeys(bindings), [bindings]);
  useEffect2(
    () => registerFormInput({
      textInput: () => formTakesText(app),
      onText: (_form, text) => formText(app, text),
      onKey: (_form, key) => formKey(app, key, keys)
    }),
    [app, keys]
  );
}

// src/ui/overlays/ContractPicker.tsx
import { memo as memo8, useMemo as useMemo5 } from "react";
import { jsx as jsx9, jsxs as jsxs6 } from "react/jsx-runtime";
var ContractPicker = memo8(function ContractPicker2({ screenWidth, screenHeight }) {
  const names = useAppState(selectActiveContractNames);
  const current = useAppState(selectSelectedName);
  const query = useViewState((s) => s.overlayQuery);
  const cursor2 = useViewState((s) => s.overlayCursor);
  const items = useMemo5(() => pickerItems(query, names), [query, names]);
  const width = Math.min(screenWidth - 2, 44);
  const height = Math.min(screenHeight - 2, Math.max(6, names.length + 3));
  const inner = panelInner(width, height);
  const rows = Math.max(0, inner.height - 1);
  const selected = Math.min(cursor2, items.length - 1);
  const start = scrollStart(items.length, rows, selected);
  return /* @__PURE__ */ jsxs6(Modal, { screenWidth, screenHeight, width, height, title: "Contract", info: "Active only", children: [
    /* @__PURE__ */ jsx9(ListLine, { width: inner.width, segments: [{ text: "/ ", token: "key" }, { text: query }, { text: "\u258F", token: "accent" }] }),
    items.length === 0 ? /* @__PURE__ */ jsx9(ListLine, { width: inner.width, segments: [{ text: names.length === 0 ? "no Active contract yet" : "no contract matches", token: "muted" }] }) : items.slice(start, start + rows).map((name, i) => /* @__PURE__ */ jsx9(
      ListLine,
      {
        width: inner.width,
        highlighted: start + i === selected,
        segments: [{ text: name, bold: name === current }, ...name === current ? [{ text: "  (current)", token: "muted" }] : []]
      },
      name
    ))
  ] });
});

// src/ui/overlays/MessageBox.tsx
import { memo as memo9 } from "react";
import { Box as Box6, Text as Text7 } from "ink";
import { jsx as jsx10, jsxs as jsxs7 } from "react/jsx-runtime";
var MessageBox = memo9(function MessageBox2({
  screenWidth,
  screenHeight,
  title,
  body,
  tone,
  footer
}) {
  const theme = useTheme();
  const lines = body.split("\n");
  const longest = Math.max(title.length + 6, footer.length + 2, ...lines.map((l) => l.length + 2));
  const width = Math.min(screenWidth - 2, Math.max(30, longest + 2));
  const height = Math.min(screenHeight - 2, lines.length + 4);
  const inner = panelInner(width, height);
  const rows = Math.max(0, inner.height - 1);
  const token = tone === "error" ? "error" : tone === "warning" ? "warning" : void 0;
  return /* @__PURE__ */ jsxs7(Modal, { screenWidth, screenHeight, width, height, title, children: [
    lines.slice(0, rows).map((l, i) => /* @__PURE__ */ jsx10(ListLine, { width: inner.width, segments: [token ? { text: l, token } : { text: l }] }, i)),
    /* @__PURE__ */ jsx10(Box6, { height: 1, flexShrink: 0, children: /* @__PURE__ */ jsx10(Text7, { wrap: "truncate", ...theme.tokens.muted, children: fit(` ${footer}`, inner.width) }) })
  ] });
});

// src/ui/overlays/Overlays.tsx
import { jsx as jsx11 } from "react/jsx-runtime";
var Overlays = memo10(function Overlays2({ screenWidth, screenHeight }) {
  const app = useApp();
  useFormInput(app);
  const top = useViewState(selectTopOverlay);
  if (!top) return null;
  const size = { screenWidth, screenHeight };
  switch (top.kind) {
    case "help":
      return /* @__PURE__ */ jsx11(HelpOverlay, { ...size });
    case "palette":
      return /* @__PURE__ */ jsx11(PaletteOverlay, { ...size });
    case "picker":
      return /* @__PURE__ */ jsx11(ContractPicker, { ...size });
    case "quitConfirm":
      return /* @__PURE__ */ jsx11(
        MessageBox,
        {
          ...size,
          title: "Quit?",
          tone: "warning",
          body: "A signed request is still waiting for its answer.\nQuit anyway? The exchange may still apply it.",
          footer: "y / Enter quit \xB7 n / Esc stay"
        }
      );
    case "message":
      return /* @__PURE__ */ jsx11(MessageBox, { ...size, title: top.title, body: top.body, tone: top.tone === "error" ? "error" : "info", footer: "Esc / Enter close" });
    case "form":
      return /* @__PURE__ */ jsx11(FormOverlay, { overlay: top, ...size });
  }
});

// src/ui/app/Area.tsx
import { memo as memo24, useMemo as useMemo17 } from "react";
import { Box as Box12 } from "ink";

// src/ui/panes/account/AccountPane.tsx
import { memo as memo13, useMemo as useMemo7, useRef as useRef3 } from "react";

// src/ui/components/Table.tsx
import { memo as memo11, useMemo as useMemo6, useRef } from "react";
import { Box as Box7, Text as Text8 } from "ink";
import { jsx as jsx12, jsxs as jsxs8 } from "react/jsx-runtime";
var GAP = " ";
function TableRowImpl({ row, cols, selected, selection, plain, tokens, gap }) {
  return /* @__PURE__ */ jsx12(Box7, { height: 1, flexShrink: 0, children: /* @__PURE__ */ jsx12(Text8, { wrap: "truncate", ...selected ? selection : plain, children: cols.map(({ column, width }, i) => {
    const raw = column.cell(row);
    const cell = typeof raw === "string" ? { text: raw } : raw;
    const style = cell.token ? tokens[cell.token] : void 0;
    return /* @__PURE__ */ jsx12(
      Text8,
      {
        ...selected ? {} : style,
        backgroundColor: selected ? selection.backgroundColor : style?.backgroundColor,
        bold: cell.bold || !selected && style?.bold || void 0,
        children: (i > 0 ? GAP.repeat(gap) : "") + fit(cell.text, width, column.align ?? "left")
      },
      column.key
    );
  }) }) });
}
var TableRow = memo11(TableRowImpl);
function TableImpl({ columns: columns2, rows, rowKey, width, height, selected, empty, showHeader = true, gap = 1 }) {
  const theme = useTheme();
  const cols = useMemo6(() => fitColumns(columns2, width, gap), [columns2, width, gap]);
  const startRef = useRef(0);
  const bodyHeight = Math.max(0, height - (showHeader ? 1 : 0));
  const start = scrollStart(rows.length, bodyHeight, selected, startRef.current);
  startRef.current = start;
  if (width <= 0 || height <= 0) return null;
  const visible = rows.slice(start, start + bodyHeight);
  return /* @__PURE__ */ jsxs8(Box7, { flexDirection: "column", width, height, overflow: "hidden", children: [
    showHeader && /* @__PURE__ */ jsx12(Box7, { height: 1, flexShrink: 0, children: /* @__PURE__ */ jsx12(Text8, { wrap: "truncate", ...theme.tokens.muted, bold: true, children: cols.map(({ column, width: w }, i) => (i > 0 ? GAP.repeat(gap) : "") + fit(column.title, w, column.align ?? "left")).join("") }) }),
    rows.length === 0 && empty && bodyHeight > 0 ? /* @__PURE__ */ jsx12(Text8, { wrap: "truncate", ...theme.tokens.muted, children: fit(empty, width, "center") }) : visible.map((row, i) => /* @__PURE__ */ jsx12(
      TableRow,
      {
        row,
        cols,
        selected: start + i === selected,
        selection: theme.tokens.selection,
        plain: theme.tokens.text,
        tokens: theme.tokens,
        gap
      },
      rowKey(row, start + i)
    ))
  ] });
}
var Table = memo11(TableImpl);

// src/ui/panes/columns.ts
function widthFor(title, values, min = 1, max = 40) {
  let w = Math.max(min, textWidth(title));
  for (const v of values) w = Math.max(w, textWidth(v));
  return Math.min(max, w);
}
function filler() {
  return { key: "_fill", title: "", width: 0, priority: -1, grow: true, cell: () => "" };
}

// src/ui/panes/usePaneStale.ts
import { useRef as useRef2 } from "react";

// src/ui/panes/staleness.ts
function staleFlagOf(pane, s) {
  return PANE_SPECS[pane].staleness.flag(s);
}
function dataTimeOf(pane, s) {
  return PANE_SPECS[pane].staleness.dataTime?.(s);
}
function staleThresholdOf(pane, staleAfterMs) {
  const key = PANE_SPECS[pane].staleness.thresholdKey;
  return key === void 0 ? void 0 : staleAfterMs[key];
}
function staleAge(o) {
  const age = o.dataAt === void 0 ? void 0 : Math.max(0, o.now - o.dataAt);
  const tooOld = age !== void 0 && o.thresholdMs !== void 0 && age > o.thresholdMs;
  if (!o.flag && !tooOld) return void 0;
  if (age !== void 0) return age;
  return Math.max(0, o.now - (o.since ?? o.now));
}

// src/ui/panes/useNow.ts
import { useSyncExternalStore } from "react";
var tickers = /* @__PURE__ */ new Map();
function tickerFor(periodMs) {
  let t = tickers.get(periodMs);
  if (!t) {
    t = { now: floorTo(Date.now(), periodMs), listeners: /* @__PURE__ */ new Set(), timer: void 0 };
    tickers.set(periodMs, t);
  }
  return t;
}
function floorTo(ms, periodMs) {
  return ms - ms % periodMs;
}
function useNow(periodMs = 1e3) {
  const t = tickerFor(periodMs);
  return useSyncExternalStore(
    (onChange) => {
      t.listeners.add(onChange);
      if (!t.timer) {
        t.now = floorTo(Date.now(), periodMs);
        t.timer = setInterval(() => {
          t.now = floorTo(Date.now(), periodMs);
          for (const l of t.listeners) l();
        }, periodMs);
        t.timer.unref?.();
      }
      return () => {
        t.listeners.delete(onChange);
        if (t.listeners.size === 0 && t.timer) {
          clearInterval(t.timer);
          t.timer = void 0;
        }
      };
    },
    () => {
      if (!t.timer) t.now = floorTo(Date.now(), periodMs);
      return t.now;
    }
  );
}

// src/ui/panes/usePaneStale.ts
function usePaneStale(pane) {
  const flag = useAppState((s) => staleFlagOf(pane, s));
  const { staleAfterMs, store } = useApp();
  const thresholdMs = staleThresholdOf(pane, staleAfterMs);
  const now = useNow(1e3);
  const dataAt = dataTimeOf(pane, store.getState());
  const since = useRef2(void 0);
  if (!flag) since.current = void 0;
  else since.current ??= now;
  return staleAge({ flag, dataAt, thresholdMs, now, since: since.current });
}

// src/ui/panes/SegmentLine.tsx
import { memo as memo12 } from "react";
import { Box as Box8, Text as Text9 } from "ink";
import { jsx as jsx13 } from "react/jsx-runtime";
var SegmentLine = memo12(function SegmentLine2({ segments, highlight }) {
  const theme = useTheme();
  const hl = highlight ? theme.tokens[highlight] : void 0;
  return /* @__PURE__ */ jsx13(Box8, { height: 1, flexShrink: 0, children: /* @__PURE__ */ jsx13(Text9, { wrap: "truncate", ...hl ?? theme.tokens.text, children: segments.map((s, i) => {
    const style = hl || !s.token ? void 0 : theme.tokens[s.token];
    return /* @__PURE__ */ jsx13(Text9, { ...style, backgroundColor: (hl ?? style)?.backgroundColor, bold: s.bold || style?.bold || hl?.bold || void 0, children: s.text }, i);
  }) }) });
});

// src/ui/panes/segments.ts
function clipSegments(segments, width) {
  const out = [];
  let used = 0;
  for (const s of segments) {
    if (used >= width) break;
    const w = textWidth(s.text);
    if (used + w <= width) {
      out.push(s);
      used += w;
    } else {
      const text = takeColumns(s.text, width - used);
      out.push({ ...s, text });
      used += textWidth(text);
    }
  }
  if (used < width) out.push({ text: " ".repeat(width - used) });
  return out;
}

// src/ui/panes/account/accountCard.ts
var CARD_BELOW = 56;
function line(width, label2, value2, token) {
  const vw = textWidth(value2);
  const room = width - vw - 1;
  const text = room >= textWidth(label2.text) ? label2.text : truncate(label2.text, Math.max(0, room));
  const gap = Math.max(text ? 1 : 0, width - textWidth(text) - vw);
  return clipSegments([{ ...label2, text }, { text: " ".repeat(gap) }, { text: value2, token }], width);
}
function accountCard(rows, width) {
  if (width <= 0) return [];
  const out = [];
  rows.forEach((r, i) => {
    const push = (key, first, segments) => out.push({ key, row: i, first, segments });
    if (r.kind === "chain") {
      push(r.key, true, line(width, { text: r.where, bold: true }, `${r.balance} ${r.coin}`));
      return;
    }
    if (r.kind === "poolCoin") {
      push(r.key, true, line(width, { text: `  ${r.coin}`, token: "muted" }, r.balance));
      return;
    }
    push(r.key, true, line(width, { text: r.where, bold: true }, r.coin, "muted"));
    const fields = [
      ["balance", r.balance, "text"],
      ["equity", r.equity, "text"],
      ["margin used", r.used, "warning"],
      ["available", r.available, "ok"],
      ["withdrawable", r.withdrawable, "text"]
    ];
    for (const [label2, value2, token] of fields) push(`${r.key}:${label2}`, false, line(width, { text: `  ${label2}`, token: "muted" }, value2, token));
  });
  return out;
}
function focusCard(f, width, enrollKey) {
  if (width <= 0) return [];
  const out = [line(width, { text: f.row.where, bold: true }, f.row.coin, "muted")];
  const figure = (label2, value2, token) => out.push(line(width, { text: `  ${label2}`, token: "muted" }, value2, token));
  const note = (text) => out.push(clipSegments([{ text, token: "warning" }, { text: " ".repeat(width) }], width));
  figure("available", f.row.available, "ok");
  if (f.status === "not enrolled") note(enrollKey ? `  not enrolled: press ${enrollKey}` : "  not enrolled");
  else if (f.status === "FROZEN") note("  FROZEN: reduce-only");
  figure("margin used", f.row.used, "warning");
  figure("equity", f.row.equity, "text");
  return out;
}

// src/ui/panes/account/focusPool.ts
function focusPool(account, configs, contract, shareGroupDefs) {
  if (!account || !contract) return void 0;
  const view2 = poolView({ account, configs, shareGroupDefs }, contract);
  const coin = collateralCoin2(configs);
  const name = deployerNames(configs).get(contract.marketDeployerId);
  const md = `MD${contract.marketDeployerId}`;
  const pool = view2.ref.kind === "group" ? `group ${view2.ref.id} of ${md}` : name ? `${md} ${name}` : md;
  const money = (raw) => formatMoney(raw ?? 0n, { decimals: coin.decimals });
  const md0 = account.marketDeployers.find((m) => m.marketDeployerId === contract.marketDeployerId);
  const out = {
    contract: contract.name,
    pool,
    row: {
      key: `focus:${contract.contractId}`,
      kind: "focus",
      where: `${contract.name} \u2192 ${pool}`,
      coin: coin.name,
      balance: money(view2.collateralBalance),
      equity: money(view2.equity),
      used: money(view2.marginUsed),
      available: money(view2.available),
      // What may leave a group pool is not reported; a deployer pool's is.
      withdrawable: view2.ref.kind === "md" ? money(md0 && /^\d+$/.test(md0.withdrawable) ? BigInt(md0.withdrawable) : 0n) : ""
    }
  };
  if (!view2.enrolled) out.status = "not enrolled";
  else if (view2.frozen) out.status = "FROZEN";
  return out;
}

// src/ui/panes/account/AccountPane.tsx
import { Fragment, jsx as jsx14, jsxs as jsxs9 } from "react/jsx-runtime";
function accountColumns(rows) {
  const coinWidth = widthFor("", rows.map((r) => r.coin), 0);
  const balanceText = (r) => `${r.balance} ${fit(r.coin, coinWidth)}`;
  const w = (title, pick2, min = 4) => widthFor(title, rows.map(pick2), min, 24);
  return [
    { key: "where", title: "Pool", width: w("Pool", (r) => r.where, 5), priority: 10, cell: (r) => ({ text: r.where, bold: r.kind !== "poolCoin" }) },
    // The coin rides with the balance, so it survives when narrow columns drop.
    { key: "balance", title: "Balance", width: w("Balance", balanceText), align: "right", priority: 9, cell: (r) => balanceText(r) },
    { key: "equity", title: "Equity", width: w("Equity", (r) => r.equity), align: "right", priority: 7, cell: (r) => r.equity },
    { key: "used", title: "Margin", width: w("Margin", (r) => r.used), align: "right", priority: 5, cell: (r) => ({ text: r.used, token: "warning" }) },
    { key: "available", title: "Avail", width: w("Avail", (r) => r.available), align: "right", priority: 8, cell: (r) => ({ text: r.available, token: "ok" }) },
    { key: "withdrawable", title: "Withdraw", width: w("Withdraw", (r) => r.withdrawable), align: "right", priority: 4, cell: (r) => r.withdrawable },
    filler()
  ];
}
function cardWindow(lines, height, selected, startRef) {
  const at = selected === void 0 ? void 0 : lines.findIndex((l) => l.row === selected && l.first);
  const start = scrollStart(lines.length, height, at !== void 0 && at >= 0 ? at : void 0, startRef.current);
  startRef.current = start;
  return lines.slice(start, start + Math.max(0, height));
}
function enrollKeyOf(bindings) {
  const k = bindings.find((b) => b.id === "deployer.enroll")?.keys[0];
  return k === void 0 ? void 0 : keyLabel(k);
}
function focusNote(f, enrollKey) {
  if (f.status === "not enrolled") return ` not enrolled in ${f.pool}${enrollKey ? `: press ${enrollKey} to enroll` : ""}; ${f.contract} orders have nothing to draw on`;
  if (f.status === "FROZEN") return ` ${f.pool} is FROZEN: only reduce-only orders on ${f.contract}`;
  return void 0;
}
var AccountPane = memo13(function AccountPane2({ width, height, focused, tabs }) {
  const chain = useAppState((s) => s.account.chainBalances);
  const pools = useAppState((s) => s.account.pools);
  const configs = useAppState((s) => s.market.configs);
  const raw = useAppState((s) => s.account.raw);
  const groupDefs = useAppState((s) => s.account.shareGroupDefs);
  const contract = useAppState(selectSelectedContract);
  const selected = useViewState((s) => s.selection.account);
  const { bindings } = useShell();
  const staleMs = usePaneStale("account");
  const rows = accountRows(chain, pools, configs);
  const pinned = useMemo7(() => focusPool(raw, configs, contract, groupDefs), [raw, configs, contract, groupDefs]);
  const columns2 = useMemo7(() => accountColumns(pinned ? [pinned.row, ...rows] : rows), [rows, pinned]);
  const inner = panelInner(width, height);
  const enrollKey = enrollKeyOf(bindings);
  const card = useMemo7(() => inner.width < CARD_BELOW ? accountCard(rows, inner.width) : void 0, [rows, inner.width]);
  const pinnedCard = useMemo7(() => card && pinned ? focusCard(pinned, inner.width, enrollKey) : [], [card, pinned, inner.width, enrollKey]);
  const note = pinned && !card ? focusNote(pinned, enrollKey) : void 0;
  const pinnedHeight = card ? Math.min(pinnedCard.length, Math.max(0, inner.height - 1)) : pinned ? Math.min(2 + (note ? 1 : 0), Math.max(0, inner.height - 2)) : 0;
  const sel = focused ? clampSelection(selected, rows.length) : void 0;
  const startRef = useRef3(0);
  const info = raw ? `${raw.marginShareType.toLowerCase()} \xB7 ${raw.positionMode === "ONE_WAY" ? "one-way" : "hedge"}` : void 0;
  const rest = Math.max(0, inner.height - pinnedHeight);
  return /* @__PURE__ */ jsx14(Panel, { tabs, title: raw ? `Account #${raw.accountId}` : "Account", width, height, focused, staleMs, info, children: !card ? /* @__PURE__ */ jsxs9(Fragment, { children: [
    pinned && pinnedHeight >= 2 && /* @__PURE__ */ jsx14(Table, { columns: columns2, rows: [pinned.row], rowKey: (r) => r.key, width: inner.width, height: 2 }),
    note && pinnedHeight >= 3 && /* @__PURE__ */ jsx14(SegmentLine, { segments: [{ text: fit(note, inner.width), token: "warning" }] }),
    /* @__PURE__ */ jsx14(
      Table,
      {
        columns: columns2,
        rows,
        rowKey: (r) => r.key,
        width: inner.width,
        height: rest,
        selected: sel,
        showHeader: pinnedHeight < 2,
        empty: raw ? "no balances" : "waiting for account\u2026"
      }
    )
  ] }) : card.length === 0 && pinnedCard.length === 0 ? inner.height > 0 && /* @__PURE__ */ jsx14(SegmentLine, { segments: [{ text: fit(raw ? "no balances" : "waiting for account\u2026", inner.width, "center"), token: "muted" }] }) : /* @__PURE__ */ jsxs9(Fragment, { children: [
    pinnedCard.slice(0, pinnedHeight).map((segments, i) => /* @__PURE__ */ jsx14(SegmentLine, { segments }, `focus:${i}`)),
    cardWindow(card, rest, sel, startRef).map((l) => /* @__PURE__ */ jsx14(SegmentLine, { segments: l.segments, highlight: sel !== void 0 && l.row === sel && l.first ? "selection" : void 0 }, l.key))
  ] }) });
});

// src/ui/panes/account/accountPaneDef.ts
var ACCOUNT_PANE = { ...ACCOUNT_SPEC, component: AccountPane };

// src/ui/panes/agents/AgentsPane.tsx
import { memo as memo14, useMemo as useMemo8 } from "react";

// src/ui/panes/RowTable.tsx
import { jsx as jsx15 } from "react/jsx-runtime";
var keyOf = (row) => row.key;
function RowTable(props) {
  const { columns: columns2, rows, width, height, empty, selected, focused } = props;
  return /* @__PURE__ */ jsx15(
    Table,
    {
      columns: columns2,
      rows,
      rowKey: keyOf,
      width,
      height,
      selected: focused ? clampSelection(selected, rows.length) : void 0,
      empty
    }
  );
}

// src/ui/panes/agents/AgentsPane.tsx
import { jsx as jsx16, jsxs as jsxs10 } from "react/jsx-runtime";
function agentColumns(rows, serverNow) {
  const tone = (r) => isExpired(r, serverNow) ? "error" : r.validUntil !== 0 && r.validUntil - serverNow < EXPIRY_WARNING_MS ? "warning" : "ok";
  return [
    { key: "name", title: "Name", width: widthFor("Name", rows.map((r) => r.name), 6, 16), priority: 10, cell: (r) => ({ text: r.name, bold: true }) },
    { key: "slot", title: "Slot", width: 5, priority: 4, cell: (r) => ({ text: r.slot, token: "muted" }) },
    { key: "address", title: "Address", width: 13, priority: 6, cell: (r) => r.address },
    { key: "expires", title: "Expires", width: 9, align: "right", priority: 9, cell: (r) => ({ text: expiryText(r, serverNow), token: tone(r) }) },
    filler()
  ];
}
var AgentsPane = memo14(function AgentsPane2({ width, height, focused, tabs }) {
  const agents = useAppState((s) => s.account.agents);
  const offset = useAppState((s) => s.session.clockOffsetMs ?? 0);
  const polled = useAppState((s) => s.session.polls["userAgents"]?.lastOk != null);
  const selected = useViewState((s) => s.selection.agents);
  const staleMs = usePaneStale("agents");
  const now = useNow(1e3);
  const rows = agentRows(agents);
  const columns2 = useMemo8(() => agentColumns(rows, now + offset), [rows, now, offset]);
  const inner = panelInner(width, height);
  return /* @__PURE__ */ jsxs10(Panel, { tabs, title: "Agents", width, height, focused, staleMs, children: [
    inner.height > 0 && /* @__PURE__ */ jsx16(SegmentLine, { segments: [{ text: fit(slotSummary(agents, inner.width), inner.width), token: "muted" }] }),
    /* @__PURE__ */ jsx16(
      RowTable,
      {
        columns: columns2,
        rows,
        width: inner.width,
        height: Math.max(0, inner.height - 1),
        focused,
        selected,
        empty: polled || agents.length > 0 ? "no agents approved" : "waiting for agents\u2026"
      }
    )
  ] });
});

// src/ui/panes/agents/agentsPaneDef.ts
var AGENTS_PANE = { ...AGENTS_SPEC, component: AgentsPane };

// src/ui/panes/book/BookPane.tsx
import { memo as memo15, useMemo as useMemo9 } from "react";

// src/ui/format/depthBar.ts
var EIGHTHS = ["", "\u258F", "\u258E", "\u258D", "\u258C", "\u258B", "\u258A", "\u2589"];
var FULL = "\u2588";
function depthEighths(size, maxSize, width) {
  if (width <= 0 || size <= 0n || maxSize <= 0n) return 0;
  const capped = size > maxSize ? maxSize : size;
  const eighths = Number(capped * BigInt(width) * 8n / maxSize);
  return Math.max(1, eighths);
}
function depthCells(size, maxSize, width) {
  if (width <= 0 || size <= 0n || maxSize <= 0n) return 0;
  const capped = size > maxSize ? maxSize : size;
  const twice = capped * BigInt(width) * 2n / maxSize;
  return Math.max(1, Number((twice + 1n) / 2n));
}
function depthBar(size, maxSize, width, opts = {}) {
  if (width <= 0) return "";
  const align = opts.align ?? "left";
  if (align === "right" || opts.partial === false) {
    const cells = depthCells(size, maxSize, width);
    const bar2 = FULL.repeat(cells);
    return align === "right" ? " ".repeat(width - cells) + bar2 : bar2 + " ".repeat(width - cells);
  }
  const eighths = depthEighths(size, maxSize, width);
  const full = Math.floor(eighths / 8);
  const tip = EIGHTHS[eighths % 8] ?? "";
  const bar = FULL.repeat(full) + tip;
  return bar + " ".repeat(width - full - (tip ? 1 : 0));
}

// src/ui/panes/book/bookRows.ts
var SPREAD = /* @__PURE__ */ Symbol("spread");
var GAP2 = " ";
var OWN = "\u25C6";
var MIN_BAR = 3;
function withTotals(levels, side) {
  let total2 = 0n;
  return levels.map((level) => ({ side, level, total: total2 += level.sz, virtual: false }));
}
function withCursor(asks, bids, cursor2) {
  if (cursor2 === null) return;
  if (asks.some((e) => e.level.px === cursor2) || bids.some((e) => e.level.px === cursor2)) return;
  const bestBid = bids[0]?.level.px;
  const onAskSide = bestBid === void 0 ? true : cursor2 > bestBid;
  const list = onAskSide ? asks : bids;
  const i = list.findIndex((e) => onAskSide ? e.level.px > cursor2 : e.level.px < cursor2);
  const at = i < 0 ? list.length : i;
  const prevTotal = at > 0 ? list[at - 1].total : 0n;
  list.splice(at, 0, { side: onAskSide ? "ask" : "bid", level: { px: cursor2, sz: 0n, n: 0 }, total: prevTotal, virtual: true });
}
function spreadBps(bestBid, bestAsk) {
  const mid2 = bestBid + bestAsk;
  if (mid2 <= 0n) return "\u2014";
  const hundredths = divRound((bestAsk - bestBid) * 2n * 1000000n, mid2, "half-up");
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")} bps`;
}
function spreadText(ladder2, priceScale, width) {
  const { bestBid, bestAsk } = ladder2;
  if (bestBid === void 0 && bestAsk === void 0) return "empty book";
  if (bestBid === void 0) return "no bids";
  if (bestAsk === void 0) return "no asks";
  if (bestAsk < bestBid) return "crossed";
  const px = { priceScale };
  const abs = formatPrice(bestAsk - bestBid, px);
  const core = `spread ${abs} \xB7 ${spreadBps(bestBid, bestAsk)}`;
  const mid = formatPrice(divRound(bestBid + bestAsk, 2n, "half-up"), px);
  const long = `mid ${mid} \xB7 ${core}`;
  return textWidth(long) + 4 <= width ? long : textWidth(core) + 2 <= width ? core : `${abs} \xB7 ${spreadBps(bestBid, bestAsk)}`;
}
function spreadLine(text, width) {
  const label2 = ` ${text} `;
  if (textWidth(label2) >= width) return [{ text: fit(text, width, "center"), token: "spread" }];
  const left = Math.floor((width - textWidth(label2)) / 2);
  const right = width - textWidth(label2) - left;
  return [
    { text: "\u2500".repeat(left), token: "border" },
    { text: label2, token: "spread" },
    { text: "\u2500".repeat(right), token: "border" }
  ];
}
function headerLine(width, pw, sw, tw, showTotal, barWidth) {
  let text = `  ${fit("Price", pw, "right")}  ${fit("Size", sw, "right")}`;
  if (showTotal) text += GAP2 + fit("Total", tw, "right");
  if (barWidth > 0) text += GAP2 + fit("Depth", barWidth, "left");
  return { key: "h", kind: "header", segments: [{ text: fit(text, width), token: "muted" }], cursor: false };
}
function columns(width, pw, sw, tw) {
  const base = 1 + 1 + pw + 1 + 1 + sw;
  const showTotal = base + 1 + tw <= width;
  const used = base + (showTotal ? 1 + tw : 0);
  return { showTotal, used, barWidth: width - used - 1 >= MIN_BAR ? width - used - 1 : 0 };
}
var MIN_PRICE_WIDTH = 5;
var MIN_SIZE_WIDTH = 4;
var MIN_TOTAL_WIDTH = 5;
function messageLines(text, width, height) {
  const showHeader = height >= 3;
  const rows = height - (showHeader ? 1 : 0);
  const out = [];
  if (showHeader) {
    const c = columns(width, MIN_PRICE_WIDTH, MIN_SIZE_WIDTH, MIN_TOTAL_WIDTH);
    out.push(headerLine(width, MIN_PRICE_WIDTH, MIN_SIZE_WIDTH, MIN_TOTAL_WIDTH, c.showTotal, c.barWidth));
  }
  const at = Math.floor((rows - 1) / 2);
  for (let i = 0; i < rows; i++) {
    out.push({
      key: `m${i}`,
      kind: i === at ? "message" : "blank",
      segments: [{ text: i === at ? fit(text, width, "center") : " ".repeat(width), token: "muted" }],
      cursor: false
    });
  }
  return out;
}
function bookRows(input) {
  const { ladder: ladder2, width, height, priceScale, qtyScale } = input;
  if (width <= 0 || height <= 0) return [];
  if (!ladder2) return messageLines(input.emptyText, width, height);
  const asks = withTotals(ladder2.asks, "ask");
  const bids = withTotals(ladder2.bids, "bid");
  withCursor(asks, bids, input.cursor);
  const slots = [...[...asks].reverse(), SPREAD, ...bids];
  const spreadAt = asks.length;
  const showHeader = height >= 3;
  const rows = height - (showHeader ? 1 : 0);
  const asksShown = Math.ceil((rows - 1) / 2);
  let start = spreadAt - asksShown;
  if (input.cursor !== null) {
    const ci = slots.findIndex((s) => s !== SPREAD && s.level.px === input.cursor);
    if (ci >= 0 && ci < start) start = ci;
    else if (ci >= start + rows) start = ci - rows + 1;
  }
  const window = Array.from({ length: rows }, (_, i) => slots[start + i]);
  const fmtPx = (px) => formatPrice(px, { priceScale });
  const fmtSz = (sz) => formatSize(sz, { qtyScale });
  const visible = window.filter((s) => s !== void 0 && s !== SPREAD);
  const pw = Math.max(MIN_PRICE_WIDTH, ...visible.map((e) => textWidth(fmtPx(e.level.px))));
  const sw = Math.max(MIN_SIZE_WIDTH, ...visible.map((e) => e.virtual ? 0 : textWidth(fmtSz(e.level.sz))));
  const tw = Math.max(MIN_TOTAL_WIDTH, ...visible.map((e) => textWidth(fmtSz(e.total))));
  let maxTotal = 0n;
  for (const e of visible) if (e.total > maxTotal) maxTotal = e.total;
  const { showTotal, used, barWidth } = columns(width, pw, sw, tw);
  const pad = width - used - (barWidth > 0 ? 1 + barWidth : 0);
  const out = [];
  if (showHeader) out.push(headerLine(width, pw, sw, tw, showTotal, barWidth));
  window.forEach((slot, i) => {
    if (slot === void 0) {
      out.push({ key: `b${i}`, kind: "blank", segments: [{ text: " ".repeat(width) }], cursor: false });
      return;
    }
    if (slot === SPREAD) {
      out.push({ key: "spread", kind: "spread", segments: spreadLine(spreadText(ladder2, priceScale, width), width), cursor: false });
      return;
    }
    const { side, level, total: total2, virtual } = slot;
    const own = (side === "bid" ? input.own.bids : input.own.asks).has(level.px);
    const tone = side === "bid" ? "bid" : "ask";
    const segments = [
      { text: side === "bid" ? "B" : "S", token: tone },
      { text: GAP2 + fit(fmtPx(level.px), pw, "right"), token: tone },
      { text: own ? OWN : " ", token: "accent" },
      { text: GAP2 + fit(virtual ? "" : fmtSz(level.sz), sw, "right"), token: "text" }
    ];
    if (showTotal) segments.push({ text: GAP2 + fit(virtual ? "" : fmtSz(total2), tw, "right"), token: "muted" });
    if (barWidth > 0) segments.push({ text: GAP2 + depthBar(virtual ? 0n : total2, maxTotal, barWidth), token: side === "bid" ? "bidBar" : "askBar" });
    if (pad > 0) segments.push({ text: " ".repeat(pad) });
    out.push({ key: `${side}${level.px}`, kind: side, segments, cursor: input.cursor === level.px });
  });
  return out.map((l) => ({ ...l, segments: clipSegments(l.segments, width) }));
}

// src/ui/panes/book/BookPane.tsx
import { jsx as jsx17 } from "react/jsx-runtime";
function ownLevels(orders, priceScale, group) {
  const bids = /* @__PURE__ */ new Set();
  const asks = /* @__PURE__ */ new Set();
  for (const o of orders) {
    const px = toRaw(o.limitPx, priceScale);
    if (px === void 0) continue;
    if (o.isBuy) bids.add(bucketOf(px, "bid", group));
    else asks.add(bucketOf(px, "ask", group));
  }
  return { bids, asks };
}
var BookPane = memo15(function BookPane2({ width, height, focused, tabs }) {
  const contract = useAppState(selectSelectedContract);
  const book = useAppState((s) => contract ? s.market.books[contract.contractId] : void 0);
  const orders = useAppState(selectOpenOrdersFor(contract?.contractId ?? -1));
  const groupTicks = useViewState((s) => s.bookGroupTicks);
  const cursorRaw = useViewState((s) => s.bookCursorRaw);
  const staleMs = usePaneStale("book");
  const ladder2 = ladderOf(book, contract, groupTicks);
  const group = ladder2?.group ?? 1n;
  const own = useMemo9(() => ownLevels(orders, contract?.priceScale ?? 0, group), [orders, contract, group]);
  const inner = panelInner(width, height);
  const lines = useMemo9(
    () => bookRows({
      ladder: ladder2,
      priceScale: contract?.priceScale ?? 0,
      qtyScale: contract?.qtyScale ?? 0,
      width: inner.width,
      height: inner.height,
      cursor: parseRaw(cursorRaw),
      own,
      emptyText: contract ? "waiting for book\u2026" : "no contract selected"
    }),
    [ladder2, contract, inner.width, inner.height, cursorRaw, own]
  );
  const info = contract ? `${groupTicks > 1 ? "grp" : "tick"} ${formatPrice(group, contract)}` : void 0;
  return /* @__PURE__ */ jsx17(Panel, { tabs, title: contract ? `Book ${contract.name}` : "Book", width, height, focused, staleMs, info, children: lines.map((l) => /* @__PURE__ */ jsx17(SegmentLine, { segments: l.segments, highlight: l.cursor ? "cursor" : void 0 }, l.key)) });
});

// src/ui/panes/book/bookPaneDef.ts
var BOOK_PANE = { ...BOOK_SPEC, component: BookPane };

// src/ui/panes/chart/ChartPane.tsx
import { memo as memo17 } from "react";
import { Box as Box10 } from "ink";

// src/ui/components/Chart.tsx
import { memo as memo16, useMemo as useMemo10 } from "react";
import { Box as Box9, Text as Text10 } from "ink";

// src/ui/components/chartLines.ts
import asciichart from "asciichart";
function tickOf(tick) {
  if (typeof tick === "bigint") return tick > 0n ? tick : 1n;
  return typeof tick === "number" && Number.isSafeInteger(tick) && tick > 0 ? BigInt(tick) : 1n;
}
function chartLines(values, scale, width, height, opts = {}) {
  if (width <= 0 || height <= 0) return [];
  const blank = () => Array.from({ length: height }, () => " ".repeat(width));
  if (values.length < 2 || height < 2) {
    const lines2 = blank();
    lines2[Math.floor((height - 1) / 2)] = fit(opts.emptyText ?? "no data", width, "center");
    return lines2;
  }
  const tick = tickOf(opts.tick);
  const intervals = height - 1;
  let labelWidth = 0;
  let shown = values;
  let axis;
  let labels = [];
  for (let pass = 0; ; pass++) {
    const points = width - labelWidth - 1;
    if (points < 2) return blank();
    shown = shown.slice(-points);
    if (!axis || pass < 4) {
      axis = priceAxis(shown, tick, intervals);
      labels = axisPrices(axis).map((raw) => formatPrice(raw, { priceScale: scale }));
    }
    const widest = Math.max(...labels.map(textWidth));
    if (widest <= labelWidth) break;
    labelWidth = widest;
  }
  const bottom = axis.top - BigInt(intervals) * axis.step;
  const plotted = asciichart.plot(
    shown.map((v) => Number(v - bottom)),
    {
      height: intervals,
      offset: 2,
      min: 0,
      max: Number(axis.top - bottom),
      format: (_value, row) => fit(labels[row] ?? "", labelWidth, "right")
    }
  );
  const lines = plotted.split("\n").map((l) => fit(l, width, "left", ""));
  while (lines.length < height) lines.push(" ".repeat(width));
  return lines.slice(0, height);
}

// src/ui/components/Chart.tsx
import { jsx as jsx18 } from "react/jsx-runtime";
var Chart = memo16(function Chart2({ values, scale, tick, width, height, token = "chart", emptyText }) {
  const style = useTheme().tokens[token];
  const lines = useMemo10(
    () => chartLines(values, scale, width, height, { tick, emptyText }),
    [values, scale, tick, width, height, emptyText]
  );
  return /* @__PURE__ */ jsx18(Box9, { flexDirection: "column", width, height, overflow: "hidden", children: lines.map((line2, i) => /* @__PURE__ */ jsx18(Text10, { wrap: "truncate", ...style, children: line2 }, i)) });
});

// src/ui/panes/chart/chartHeader.ts
var closesOf = memoLast((candles, priceScale) => {
  const out = [];
  for (const c of candles) {
    const raw = toRaw(c.c, priceScale);
    if (raw !== void 0) out.push(raw);
  }
  return out;
});
function chartHeader(candles, interval, priceScale, qtyScale, width) {
  const last = candles[candles.length - 1];
  const groups = [[10, [{ text: interval, token: "accent", bold: true }]]];
  if (last) {
    const px = (v) => formatPrice(v, { priceScale });
    const field = (label2, value2) => [
      { text: `  ${label2} `, token: "muted" },
      { text: value2, token: "text" }
    ];
    groups.push([5, field("O", px(last.o))], [4, [...field("H", px(last.h)), ...field("L", px(last.l))]], [9, field("C", px(last.c))]);
    const o = toRaw(last.o, priceScale);
    const c = toRaw(last.c, priceScale);
    if (o !== void 0 && c !== void 0 && o > 0n) {
      const d = c - o;
      groups.push([8, [{ text: `  ${directionSymbol(d)} ${formatPercent(d, o, { signed: true })}`, token: d > 0n ? "up" : d < 0n ? "down" : "muted" }]]);
    }
    const vol = toRaw(last.v, qtyScale);
    if (vol !== void 0) groups.push([3, field("V", formatCompact(vol, qtyScale))]);
  }
  const widthOf2 = (g) => g.reduce((a, s) => a + textWidth(s.text), 0);
  const kept = new Set(groups.map((_, i) => i));
  const total2 = () => [...kept].reduce((a, i) => a + widthOf2(groups[i][1]), 0);
  while (kept.size > 1 && total2() > width) {
    let drop = -1;
    for (const i of kept) if (i > 0 && (drop < 0 || groups[i][0] <= groups[drop][0])) drop = i;
    if (drop < 0) break;
    kept.delete(drop);
  }
  return clipSegments(groups.filter((_, i) => kept.has(i)).flatMap(([, segs]) => segs), width);
}

// src/ui/panes/chart/ChartPane.tsx
import { jsx as jsx19, jsxs as jsxs11 } from "react/jsx-runtime";
var EMPTY2 = [];
var ChartPane = memo17(function ChartPane2({ width, height, focused, tabs }) {
  const contract = useAppState(selectSelectedContract);
  const interval = useViewState((s) => s.chartInterval);
  const candles = useAppState((s) => contract ? s.market.candles[`${contract.contractId}:${interval}`] ?? EMPTY2 : EMPTY2);
  const staleMs = usePaneStale("chart");
  const inner = panelInner(width, height);
  const closes = closesOf(candles, contract?.priceScale ?? 0);
  const header = chartHeader(candles, interval, contract?.priceScale ?? 0, contract?.qtyScale ?? 0, inner.width);
  const chartHeight = Math.max(0, inner.height - 1);
  const waiting = !contract ? "no contract selected" : candles.length === 1 ? `first ${interval} bar open, waiting for the next\u2026` : `waiting for ${interval} candles of ${contract.name}\u2026`;
  return /* @__PURE__ */ jsxs11(Panel, { tabs, title: contract ? `Chart ${contract.name}` : "Chart", width, height, focused, staleMs, children: [
    inner.height > 0 && /* @__PURE__ */ jsx19(SegmentLine, { segments: header }),
    chartHeight > 0 && inner.width > 0 && /* @__PURE__ */ jsx19(Box10, { height: chartHeight, flexShrink: 0, children: /* @__PURE__ */ jsx19(Chart, { values: closes, scale: contract?.priceScale ?? 0, tick: contract?.tickSize, width: inner.width, height: chartHeight, emptyText: waiting }) })
  ] });
});

// src/ui/panes/chart/chartPaneDef.ts
var CHART_PANE = { ...CHART_SPEC, component: ChartPane };

// src/ui/panes/fills/FillsPane.tsx
import { memo as memo18, useMemo as useMemo11 } from "react";
import { Text as Text11 } from "ink";
import { jsx as jsx20 } from "react/jsx-runtime";
function fillColumns(rows) {
  const w = (title, pick2, min = 4) => widthFor(title, rows.map(pick2), min, 20);
  return [
    { key: "time", title: "Time", width: 8, priority: 6, cell: (r) => ({ text: r.time, token: "muted" }) },
    { key: "contract", title: "Contract", width: w("Contract", (r) => r.contract), priority: 7, cell: (r) => r.contract },
    { key: "side", title: "Side", width: 4, priority: 10, cell: (r) => ({ text: r.side, token: r.isBuy ? "bid" : "ask" }) },
    { key: "price", title: "Price", width: w("Price", (r) => r.price, 5), align: "right", priority: 10, cell: (r) => r.price },
    { key: "size", title: "Size", width: w("Size", (r) => r.size), align: "right", priority: 9, cell: (r) => r.size },
    { key: "fee", title: "Fee", width: w("Fee", (r) => r.fee), align: "right", priority: 4, cell: (r) => ({ text: r.fee, token: "muted" }) },
    { key: "pnl", title: "Closed PnL", width: w("Closed PnL", (r) => r.pnl), align: "right", priority: 5, cell: (r) => ({ text: r.pnl, token: r.pnlTone }) },
    { key: "liq", title: "Role", width: 5, priority: 3, grow: true, cell: (r) => ({ text: r.liquidity, token: r.liquidity === "liq" ? "error" : "muted" }) }
  ];
}
var MONITOR_FILLS = "fills are not available in monitor mode (no fills query without a signature)";
var FillsPane = memo18(function FillsPane2({ width, height, focused, tabs }) {
  const { mode } = useApp();
  const muted = useTheme().tokens.muted;
  const fills = useAppState((s) => s.orders.fills);
  const configs = useAppState((s) => s.market.configs);
  const selected = useViewState((s) => s.selection.fills);
  const staleMs = usePaneStale("fills");
  const rows = fillRows(fills, configs);
  const columns2 = useMemo11(() => fillColumns(rows), [rows]);
  const inner = panelInner(width, height);
  return /* @__PURE__ */ jsx20(Panel, { tabs, title: "Fills", width, height, focused, staleMs: mode.readOnly ? void 0 : staleMs, info: rows.length ? String(rows.length) : void 0, children: mode.readOnly ? wrapText(MONITOR_FILLS, inner.width).slice(0, inner.height).map((line2, i) => /* @__PURE__ */ jsx20(Text11, { ...muted, wrap: "truncate", children: fit(line2, inner.width, "center") }, i)) : /* @__PURE__ */ jsx20(
    RowTable,
    {
      columns: columns2,
      rows,
      width: inner.width,
      height: inner.height,
      focused,
      selected,
      empty: "no fills yet"
    }
  ) });
});

// src/ui/panes/fills/fillsPaneDef.ts
var FILLS_PANE = { ...FILLS_SPEC, component: FillsPane };

// src/ui/panes/journal/JournalPane.tsx
import { memo as memo19, useMemo as useMemo12 } from "react";
import { jsx as jsx21 } from "react/jsx-runtime";
var COMPACT_BELOW = 48;
function journalColumns(rows, width = Infinity) {
  const w = (title, pick2, min = 4, max = 24) => widthFor(title, rows.map(pick2), min, max);
  const compact = width < COMPACT_BELOW;
  const outcome = compact ? { key: "outcome", title: "", width: 1, priority: 9, cell: (r) => ({ text: r.outcome.slice(0, 1), token: r.outcomeTone }) } : { key: "outcome", title: "Result", width: w("Result", (r) => r.outcome, 4, 12), priority: 9, cell: (r) => ({ text: r.outcome, token: r.outcomeTone }) };
  return [
    { key: "time", title: "Time", width: 8, priority: 7, cell: (r) => ({ text: r.time, token: "muted" }) },
    { key: "action", title: "Action", width: w("Action", (r) => r.action, 6, 24), priority: 10, cell: (r) => ({ text: r.action, bold: true }) },
    outcome,
    { key: "signer", title: "Signer", width: 6, priority: 5, cell: (r) => ({ text: r.signer, token: "muted" }) },
    { key: "nonce", title: "Nonce", width: w("Nonce", (r) => r.nonce, 5, 13), align: "right", priority: 2, cell: (r) => ({ text: r.nonce, token: "muted" }) },
    { key: "req", title: "Request", width: w("Request", (r) => r.requestId, 7, 12), priority: 3, cell: (r) => ({ text: r.requestId, token: "muted" }) },
    { key: "detail", title: "Detail", width: 10, priority: 8, grow: true, cell: (r) => ({ text: r.detail, token: r.outcomeTone === "error" ? "error" : "text" }) }
  ];
}
var JournalPane = memo19(function JournalPane2({ width, height, focused, tabs }) {
  const entries = useAppState((s) => s.journal.entries);
  const selected = useViewState((s) => s.selection.journal);
  const rows = journalRows(entries);
  const inner = panelInner(width, height);
  const columns2 = useMemo12(() => journalColumns(rows, inner.width), [rows, inner.width]);
  return /* @__PURE__ */ jsx21(Panel, { tabs, title: "Journal", width, height, focused, info: rows.length ? String(rows.length) : void 0, children: /* @__PURE__ */ jsx21(
    RowTable,
    {
      columns: columns2,
      rows,
      width: inner.width,
      height: inner.height,
      focused,
      selected,
      empty: "no signed actions yet"
    }
  ) });
});

// src/ui/panes/journal/journalPaneDef.ts
var JOURNAL_PANE = { ...JOURNAL_SPEC, component: JournalPane };

// src/ui/panes/orders/OrdersPane.tsx
import { memo as memo20, useMemo as useMemo13 } from "react";
import { jsx as jsx22 } from "react/jsx-runtime";
function orderColumns(rows, scope, now) {
  const cols = [];
  if (scope === "all") cols.push({ key: "contract", title: "Contract", width: widthFor("Contract", rows.map((r) => r.contract), 4, 12), priority: 7, cell: (r) => r.contract });
  cols.push(
    { key: "side", title: "Side", width: 4, priority: 9, cell: (r) => ({ text: r.side, token: r.isBuy ? "bid" : "ask" }) },
    { key: "price", title: "Price", width: widthFor("Price", rows.map((r) => r.price), 5), align: "right", priority: 10, cell: (r) => r.price },
    { key: "size", title: "Size/Orig", width: widthFor("Size/Orig", rows.map((r) => r.size), 5), align: "right", priority: 8, cell: (r) => r.size },
    { key: "filled", title: "Filled", width: widthFor("Filled", rows.map((r) => r.filled), 4), align: "right", priority: 4, cell: (r) => ({ text: r.filled, token: "muted" }) },
    { key: "tif", title: "TIF", width: 3, priority: 5, cell: (r) => r.tif },
    { key: "ro", title: "RO", width: 2, priority: 6, cell: (r) => ({ text: r.reduceOnly, token: "warning" }) },
    { key: "age", title: "Age", width: 4, align: "right", priority: 3, cell: (r) => ({ text: formatAge(now - r.placedAt), token: "muted" }) },
    { key: "cloid", title: "Cloid", width: 6, priority: 1, grow: true, cell: (r) => ({ text: r.cloid, token: "muted" }) }
  );
  return cols;
}
var OrdersPane = memo20(function OrdersPane2({ width, height, focused, tabs }) {
  const contract = useAppState(selectSelectedContract);
  const open2 = useAppState((s) => s.orders.open);
  const configs = useAppState((s) => s.market.configs);
  const scope = useViewState((s) => s.ordersScope);
  const selected = useViewState((s) => s.selection.orders);
  const staleMs = usePaneStale("orders");
  const now = useNow(1e3);
  const rows = orderRows(open2, configs, contract?.contractId, scope);
  const columns2 = useMemo13(() => orderColumns(rows, scope, now), [rows, scope, now]);
  const inner = panelInner(width, height);
  const where = scope === "all" ? "all contracts" : contract?.name ?? "";
  return /* @__PURE__ */ jsx22(Panel, { tabs, title: `Orders ${where}`.trim(), width, height, focused, staleMs, info: String(rows.length), children: /* @__PURE__ */ jsx22(
    RowTable,
    {
      columns: columns2,
      rows,
      width: inner.width,
      height: inner.height,
      focused,
      selected,
      empty: scope === "all" || !contract ? "no open orders" : `no open orders on ${contract.name}`
    }
  ) });
});

// src/ui/panes/orders/ordersPaneDef.ts
var ORDERS_PANE = { ...ORDERS_SPEC, component: OrdersPane };

// src/ui/panes/positions/PositionsPane.tsx
import { memo as memo21, useMemo as useMemo14 } from "react";
import { jsx as jsx23 } from "react/jsx-runtime";
function positionColumns(rows) {
  const w = (title, pick2, min = 4) => widthFor(title, rows.map(pick2), min);
  const side = (r) => r.isBuy ? "bid" : "ask";
  return [
    { key: "contract", title: "Contract", width: w("Contract", (r) => r.contract, 4), priority: 10, cell: (r) => ({ text: r.contract, bold: true }) },
    { key: "side", title: "Side", width: 5, priority: 7, cell: (r) => ({ text: r.side, token: side(r) }) },
    { key: "size", title: "Size", width: w("Size", (r) => r.size), align: "right", priority: 10, cell: (r) => ({ text: r.size, token: side(r) }) },
    { key: "entry", title: "Entry", width: w("Entry", (r) => r.entry), align: "right", priority: 8, cell: (r) => r.entry },
    { key: "mark", title: "Mark", width: w("Mark", (r) => r.mark), align: "right", priority: 6, cell: (r) => r.mark },
    { key: "upnl", title: "uPnL", width: w("uPnL", (r) => r.upnl), align: "right", priority: 9, cell: (r) => ({ text: r.upnl, token: r.pnlTone }) },
    { key: "roe", title: "ROE", width: w("ROE", (r) => r.roe), align: "right", priority: 5, cell: (r) => ({ text: r.roe, token: r.pnlTone }) },
    { key: "lev", title: "Lev", width: w("Lev", (r) => r.leverage, 3), align: "right", priority: 4, cell: (r) => r.leverage },
    { key: "mode", title: "Mode", width: 5, priority: 2, cell: (r) => ({ text: r.mode, token: "muted" }) },
    { key: "liq", title: "Liq px", width: w("Liq px", (r) => r.liq), align: "right", priority: 6, cell: (r) => ({ text: r.liq, token: "warning" }) },
    { key: "tpsl", title: "TP/SL", width: w("TP/SL", (r) => r.tpsl, 5), priority: 1, grow: true, cell: (r) => ({ text: r.tpsl, token: "muted" }) }
  ];
}
var PositionsPane = memo21(function PositionsPane2({ width, height, focused, tabs }) {
  const positions = useAppState((s) => s.account.positions);
  const configs = useAppState((s) => s.market.configs);
  const marketStates = useAppState((s) => s.market.marketStates);
  const loaded = useAppState((s) => s.account.raw !== null);
  const selected = useViewState((s) => s.selection.positions);
  const staleMs = usePaneStale("positions");
  const rows = positionRows(positions, configs, marketStates);
  const columns2 = useMemo14(() => positionColumns(rows), [rows]);
  const inner = panelInner(width, height);
  return /* @__PURE__ */ jsx23(Panel, { tabs, title: "Positions", width, height, focused, staleMs, info: String(rows.length), children: /* @__PURE__ */ jsx23(
    RowTable,
    {
      columns: columns2,
      rows,
      width: inner.width,
      height: inner.height,
      focused,
      selected,
      empty: loaded ? "no open positions" : "waiting for account\u2026"
    }
  ) });
});

// src/ui/panes/positions/positionsPaneDef.ts
var POSITIONS_PANE = { ...POSITIONS_SPEC, component: PositionsPane };

// src/ui/panes/shareGroups/ShareGroupsPane.tsx
import { memo as memo22, useMemo as useMemo15 } from "react";
import { Box as Box11, Text as Text12 } from "ink";
import { jsx as jsx24, jsxs as jsxs12 } from "react/jsx-runtime";
function shareGroupColumns(rows) {
  const w = (title, pick2, min = 4) => widthFor(title, rows.map(pick2), min, 24);
  return [
    { key: "group", title: "Grp", width: w("Grp", (r) => `#${r.groupId}`, 3), priority: 10, cell: (r) => ({ text: `#${r.groupId}`, bold: true }) },
    {
      key: "state",
      title: "State",
      width: 6,
      priority: 9,
      cell: (r) => r.frozen ? { text: "FROZEN", token: "frozen", bold: true } : { text: "active", token: "ok" }
    },
    { key: "balance", title: "Pool", width: w("Pool", (r) => r.balance), align: "right", priority: 8, cell: (r) => r.balance },
    { key: "equity", title: "Equity", width: w("Equity", (r) => r.equity), align: "right", priority: 7, cell: (r) => r.equity },
    { key: "coin", title: "Coin", width: w("Coin", (r) => r.coin), priority: 3, cell: (r) => ({ text: r.coin, token: "muted" }) },
    { key: "members", title: "Members", width: 7, priority: 5, grow: true, cell: (r) => r.members }
  ];
}
var ShareGroupsPane = memo22(function ShareGroupsPane2({ width, height, focused, tabs }) {
  const defs = useAppState((s) => s.account.shareGroupDefs);
  const pools = useAppState((s) => s.account.shareGroups);
  const configs = useAppState((s) => s.market.configs);
  const selected = useViewState((s) => s.selection.shareGroups);
  const staleMs = usePaneStale("shareGroups");
  const theme = useTheme();
  const rows = shareGroupRows(defs, pools, configs);
  const columns2 = useMemo15(() => shareGroupColumns(rows), [rows]);
  const inner = panelInner(width, height);
  const frozen = frozenGroups(rows);
  const banner = frozenBanner(frozen, inner.width, Math.min(2, Math.max(1, inner.height - 2)));
  const tableHeight = Math.max(0, inner.height - banner.length);
  return /* @__PURE__ */ jsxs12(Panel, { tabs, title: "Share groups", width, height, focused, staleMs, info: frozen.length ? "FROZEN" : void 0, children: [
    banner.map((line2, i) => /* @__PURE__ */ jsx24(Box11, { height: 1, flexShrink: 0, children: /* @__PURE__ */ jsx24(Text12, { wrap: "truncate", ...theme.tokens.frozen, bold: true, children: fit(line2, inner.width) }) }, i)),
    /* @__PURE__ */ jsx24(
      RowTable,
      {
        columns: columns2,
        rows,
        width: inner.width,
        height: tableHeight,
        focused,
        selected,
        empty: "no share groups"
      }
    )
  ] });
});

// src/ui/panes/shareGroups/shareGroupsPaneDef.ts
var SHARE_GROUPS_PANE = { ...SHARE_GROUPS_SPEC, component: ShareGroupsPane };

// src/ui/panes/trades/TradesPane.tsx
import { memo as memo23, useMemo as useMemo16 } from "react";

// src/ui/panes/trades/tradeRows.ts
var BIG_MULTIPLE = 5n;
var MIN_SAMPLE = 20;
function bigTradeThreshold(trades, qtyScale) {
  if (trades.length < MIN_SAMPLE) return void 0;
  const sizes = [];
  for (const t of trades) {
    const raw = toRaw(t.sz, qtyScale);
    if (raw !== void 0) sizes.push(raw);
  }
  if (sizes.length < MIN_SAMPLE) return void 0;
  sizes.sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
  return sizes[Math.floor(sizes.length / 2)] * BIG_MULTIPLE;
}
function tradeRows(trades, priceScale, qtyScale, limit) {
  const threshold = bigTradeThreshold(trades, qtyScale);
  const out = [];
  for (let i = trades.length - 1; i >= 0 && out.length < limit; i--) {
    const t = trades[i];
    const prev = trades[i - 1];
    const px = toRaw(t.px, priceScale);
    const dir = tickDirection(px, prev ? toRaw(prev.px, priceScale) : void 0);
    const sz = toRaw(t.sz, qtyScale);
    const isBuy = t.side === "B";
    out.push({
      key: String(t.tid),
      time: formatClock(t.time),
      isBuy,
      side: sideLabel(isBuy),
      price: formatPrice(px, { priceScale }),
      tick: dir === void 0 ? " " : directionSymbol(dir),
      size: formatSize(sz, { qtyScale }),
      big: threshold !== void 0 && sz !== void 0 && threshold > 0n && sz >= threshold
    });
  }
  return out;
}

// src/ui/panes/trades/TradesPane.tsx
import { jsx as jsx25 } from "react/jsx-runtime";
var EMPTY3 = [];
function columnsFor(rows) {
  const tone = (r) => r.isBuy ? "bid" : "ask";
  return [
    { key: "side", title: "", width: 1, priority: 8, cell: (r) => ({ text: r.side, token: tone(r), bold: r.big }) },
    {
      key: "price",
      title: "Price",
      width: widthFor("Price", rows.map((r) => `${r.price} ${r.tick}`), 7),
      align: "right",
      priority: 10,
      cell: (r) => ({ text: `${r.price} ${r.tick}`, token: tone(r), bold: r.big })
    },
    {
      key: "size",
      title: "Size",
      width: widthFor("Size", rows.map((r) => r.big ? `\u2605${r.size}` : r.size), 6),
      align: "right",
      priority: 9,
      cell: (r) => ({ text: r.big ? `\u2605${r.size}` : r.size, token: "text", bold: r.big })
    },
    { key: "time", title: "Time", width: 8, align: "right", priority: 5, cell: (r) => ({ text: r.time, token: "muted" }) },
    filler()
  ];
}
var TradesPane = memo23(function TradesPane2({ width, height, focused, tabs }) {
  const contract = useAppState(selectSelectedContract);
  const trades = useAppState((s) => contract ? s.market.trades[contract.contractId] ?? EMPTY3 : EMPTY3);
  const staleMs = usePaneStale("trades");
  const inner = panelInner(width, height);
  const limit = Math.max(0, inner.height - 1);
  const rows = useMemo16(
    () => contract ? tradeRows(trades, contract.priceScale, contract.qtyScale, limit) : [],
    [trades, contract, limit]
  );
  const columns2 = useMemo16(() => columnsFor(rows), [rows]);
  return /* @__PURE__ */ jsx25(Panel, { tabs, title: contract ? `Trades ${contract.name}` : "Trades", width, height, focused, staleMs, children: /* @__PURE__ */ jsx25(
    RowTable,
    {
      columns: columns2,
      rows,
      width: inner.width,
      height: inner.height,
      empty: contract ? "waiting for trades\u2026" : "no contract selected"
    }
  ) });
});

// src/ui/panes/trades/tradesPaneDef.ts
var TRADES_PANE = { ...TRADES_SPEC, component: TradesPane };

// src/ui/panes/paneDefs.ts
var PANE_DEFS = {
  book: BOOK_PANE,
  trades: TRADES_PANE,
  chart: CHART_PANE,
  orders: ORDERS_PANE,
  positions: POSITIONS_PANE,
  account: ACCOUNT_PANE,
  shareGroups: SHARE_GROUPS_PANE,
  fills: FILLS_PANE,
  agents: AGENTS_PANE,
  journal: JOURNAL_PANE
};
var PANE_TITLES = Object.fromEntries(
  PANE_IDS.map((id) => [id, id === "header" ? "Header" : id === "status" ? "Status" : CONTEXT_TITLES[id]])
);
function ShellOwned() {
  return null;
}
var PANES = {
  header: ShellOwned,
  ...Object.fromEntries(PANE_CONTEXTS.map((id) => [id, PANE_DEFS[id].component])),
  status: ShellOwned
};

// src/ui/app/Area.tsx
import { jsx as jsx26 } from "react/jsx-runtime";
var selectPositionCount = (s) => selectPositions(s).length;
function useTabItems(tabs) {
  const orders = useAppState(selectOpenOrderCount);
  const positions = useAppState(selectPositionCount);
  return useMemo17(
    () => tabs.map((id) => {
      const badge = id === "orders" && orders > 0 ? orders : id === "positions" && positions > 0 ? positions : void 0;
      return badge === void 0 ? { id, label: PANE_TITLES[id] } : { id, label: PANE_TITLES[id], badge };
    }),
    [tabs, orders, positions]
  );
}
var Area = memo24(function Area2({ area }) {
  const focus = useViewState((s) => s.focus);
  const chosen = useViewState((s) => s.activeTab[area.id]);
  const shown = shownPane(area, focus, chosen === void 0 ? {} : { [area.id]: chosen });
  const Pane = PANES[shown];
  const items = useTabItems(area.tabs);
  const tabs = useMemo17(() => area.tabs.length > 1 ? { items, active: shown } : void 0, [area.tabs.length, items, shown]);
  return /* @__PURE__ */ jsx26(Box12, { width: area.width, height: area.height, flexShrink: 0, overflow: "hidden", children: /* @__PURE__ */ jsx26(Pane, { width: area.width, height: area.height, focused: focus === shown, tabs }) });
});

// src/ui/app/Header.tsx
import { memo as memo26 } from "react";

// src/ui/app/Bar.tsx
import { memo as memo25 } from "react";
import { Box as Box13, Text as Text13 } from "ink";
import { jsx as jsx27 } from "react/jsx-runtime";
var Bar = memo25(function Bar2({ segments, width, base }) {
  const theme = useTheme();
  const baseStyle = theme.tokens[base];
  return /* @__PURE__ */ jsx27(Box13, { width, height: 1, flexShrink: 0, overflow: "hidden", backgroundColor: baseStyle.backgroundColor, children: /* @__PURE__ */ jsx27(Text13, { wrap: "truncate", ...baseStyle, children: segments.map((s, i) => {
    const style = s.token ? theme.tokens[s.token] : void 0;
    return /* @__PURE__ */ jsx27(Text13, { ...style, backgroundColor: style?.backgroundColor ?? baseStyle.backgroundColor, bold: s.bold || style?.bold || void 0, children: s.text }, i);
  }) }) });
});

// src/ui/app/fitSegments.ts
var SEPARATOR = { text: " \u2502 ", token: "muted" };
function widthOf(segments) {
  let w = 0;
  for (const s of segments) w += textWidth(s.text);
  return w;
}
function total(chosen, sepWidth) {
  const present = chosen.filter((c) => c !== void 0 && c.length > 0);
  return present.reduce((a, c) => a + widthOf(c), 0) + Math.max(0, present.length - 1) * sepWidth;
}
function fitSegments(groups, width, separator = SEPARATOR) {
  const sepWidth = textWidth(separator.text);
  const variant = groups.map(() => 0);
  const pick2 = (i) => {
    const v = variant[i];
    const g = groups[i];
    if (v === void 0) return void 0;
    if (g.fill) return [];
    return v === 0 ? g.segments : g.narrower?.[v - 1];
  };
  const minFill = (i) => {
    const g = groups[i];
    if (!g.fill || variant[i] === void 0) return 0;
    return Math.min(widthOf(g.segments), g.minWidth ?? 8);
  };
  const need = () => {
    const fixed = total(groups.map((_, i) => pick2(i)), sepWidth);
    const fills = groups.reduce((a, _, i) => a + minFill(i) + (minFill(i) > 0 && fixed > 0 ? sepWidth : 0), 0);
    return fixed + fills;
  };
  const levels = [...new Set(groups.map((g) => g.priority))].sort((a, b) => b - a);
  for (const level of levels) {
    const members = groups.map((g, i) => ({ g, i })).filter((x) => x.g.priority === level).reverse();
    for (const { g, i } of members) {
      const variants = g.narrower?.length ?? 0;
      while (need() > width && variant[i] < variants) variant[i] = variant[i] + 1;
    }
    for (const { g, i } of members) {
      if (need() <= width) break;
      if (level > 0 && !g.keep) variant[i] = void 0;
    }
    if (need() <= width) break;
  }
  const out = [];
  let used = 0;
  const fixedWidth = total(groups.map((_, i) => pick2(i)), sepWidth);
  groups.forEach((g, i) => {
    if (variant[i] === void 0) return;
    let segs = pick2(i);
    if (g.fill) {
      const room = width - fixedWidth - (fixedWidth > 0 ? sepWidth : 0);
      if (room <= 0 || widthOf(g.segments) === 0) return;
      const cut = [];
      let left = room;
      for (const s of g.segments) {
        if (left <= 0) break;
        const text = truncate(s.text, left);
        cut.push({ ...s, text });
        left -= textWidth(text);
      }
      segs = cut;
    }
    if (!segs || segs.length === 0) return;
    if (used > 0) {
      out.push(separator);
      used += sepWidth;
    }
    out.push(...segs);
    used += widthOf(segs);
  });
  return clip(out, width);
}
function clip(segments, width) {
  const out = [];
  let left = width;
  for (const s of segments) {
    if (left <= 0) break;
    const text = truncate(s.text, left);
    out.push({ ...s, text });
    left -= textWidth(text);
  }
  return out;
}

// src/ui/app/headerSegments.ts
var label = (text) => ({ text, token: "muted" });
function dayChange(market, priceScale) {
  const open2 = toRaw(market?.dayOpenPx ?? void 0, priceScale);
  const now = toRaw(market?.lastPx ?? market?.markPx ?? void 0, priceScale);
  if (open2 === void 0 || now === void 0 || open2 === 0n) return void 0;
  const delta = now - open2;
  const token = delta > 0n ? "up" : delta < 0n ? "down" : "muted";
  return [label("24h "), { text: `${directionSymbol(delta)} ${formatPercent(delta, open2, { signed: true, decimals: 2 })}`, token }];
}
function badges(m, width) {
  const out = [];
  const wide = width >= 110;
  if (m.readOnly) out.push({ text: " READ-ONLY ", token: "warning", bold: true });
  if (m.embedded) out.push({ text: wide ? " EMBEDDED EXCHANGE (paper) " : " EMBEDDED (paper) ", token: "accent", bold: true });
  return out;
}
function headerSegments(m, width) {
  const right = badges(m, width);
  const rightWidth = right.reduce((a, s) => a + textWidth(s.text), 0);
  const c = m.contract;
  const scale = c?.priceScale ?? 0;
  const px = (v) => formatPrice2(v ?? void 0, scale, { separators: true });
  const mk = m.market;
  const groups = [
    { priority: 0, segments: [c ? { text: ` ${c.name}`, token: "accent", bold: true } : { text: m.loaded === false ? " connecting\u2026" : " no contract", token: "muted" }] },
    { priority: 1, segments: [label("mark "), { text: px(mk?.markPx), bold: true }] },
    { priority: 2, segments: [label("last "), { text: px(mk?.lastPx) }] }
  ];
  const change = c ? dayChange(mk, scale) : void 0;
  if (change) groups.push({ priority: 3, segments: change });
  groups.push(
    { priority: 4, segments: [label("funding "), { text: formatRatePercent(mk?.fundingRate, { signed: true, decimals: 4 }) }], narrower: [[label("fund "), { text: formatRatePercent(mk?.fundingRate, { signed: true, decimals: 4 }) }]] },
    { priority: 5, segments: [label("index "), { text: px(mk?.indexPx) }], narrower: [[label("idx "), { text: px(mk?.indexPx) }]] }
  );
  const leftWidth = Math.max(0, width - rightWidth - 1);
  const left = fitSegments(groups, leftWidth, { text: "  ", token: "muted" });
  const used = left.reduce((a, s) => a + textWidth(s.text), 0);
  const gap = Math.max(0, width - used - rightWidth);
  const out = [...left, { text: " ".repeat(gap) }, ...right];
  return used + gap + rightWidth > width ? fitSegments([{ priority: 0, segments: out }], width) : out;
}

// src/ui/app/Header.tsx
import { jsx as jsx28 } from "react/jsx-runtime";
var NONE = -1;
var selectConfigsLoaded = (s) => s.market.configs !== null;
var selectedId = (s) => selectSelectedContract(s)?.contractId ?? NONE;
var Header = memo26(function Header2({ width }) {
  const { mode } = useApp();
  const contract = useAppState(selectSelectedContract);
  const id = useAppState(selectedId);
  const market = useAppState((s) => id === NONE ? void 0 : selectMarketState(id)(s));
  const loaded = useAppState(selectConfigsLoaded);
  const segments = headerSegments({ contract, market, embedded: mode.embedded, readOnly: mode.readOnly, loaded }, width);
  return /* @__PURE__ */ jsx28(Bar, { segments, width, base: "header" });
});

// src/ui/app/StatusBar.tsx
import { memo as memo27 } from "react";

// src/ui/app/statusSegments.ts
var CHANNEL_LABEL = {
  l2Book: "book",
  bbo: "bbo",
  trades: "trd",
  candle: "cdl",
  config: "cfg",
  openOrders: "ord",
  orderUpdates: "upd",
  userFills: "fill"
};
var CHANNEL_ORDER = Object.keys(CHANNEL_LABEL);
var STATE_GLYPH = {
  live: { glyph: "\u25CF", token: "ok" },
  connecting: { glyph: "\u25D0", token: "warning" },
  subscribing: { glyph: "\u25D0", token: "warning" },
  resyncing: { glyph: "\u25D0", token: "warning" },
  stale: { glyph: "\u25CC", token: "stale" },
  down: { glyph: "\u2715", token: "error" }
};
var CONN_TEXT = {
  idle: { text: "\u25CB idle", token: "muted" },
  connecting: { text: "\u25D0 connecting", token: "warning" },
  authenticating: { text: "\u25D0 auth", token: "warning" },
  open: { text: "\u25CF ws", token: "ok" },
  reconnecting: { text: "\u25D0 reconnecting", token: "warning" },
  closed: { text: "\u2715 closed", token: "error" }
};
function channelType(key) {
  return key.split(":", 1)[0] ?? key;
}
function channelSegments(channels) {
  const keys = Object.keys(channels).sort((a, b) => CHANNEL_ORDER.indexOf(channelType(a)) - CHANNEL_ORDER.indexOf(channelType(b)) || a.localeCompare(b));
  const out = [];
  for (const k of keys) {
    const st = STATE_GLYPH[channels[k]];
    if (out.length > 0) out.push({ text: " " });
    const type = channelType(k);
    const label2 = type === "candle" ? `c${k.split(":")[2] ?? ""}` : CHANNEL_LABEL[type] ?? type;
    out.push({ text: label2, token: "muted" }, { text: st.glyph, token: st.token });
  }
  return out;
}
function channelSummary(channels) {
  const states = Object.values(channels);
  if (states.length === 0) return [];
  const live = states.filter((s) => s === "live").length;
  const worst = states.includes("down") ? "down" : states.includes("stale") ? "stale" : live < states.length ? "connecting" : "live";
  return [{ text: `${STATE_GLYPH[worst].glyph}${live}/${states.length}`, token: STATE_GLYPH[worst].token }];
}
var TONE_TOKEN = { info: "text", success: "ok", warning: "warning", error: "error" };
var TONE_MARK = { info: "", success: "\u2713 ", warning: "! ", error: "\u2715 " };
function statusSegments(m, width) {
  const conn = CONN_TEXT[m.connection];
  const groups = [
    {
      priority: 0,
      segments: [m.readOnly ? { text: " READ-ONLY", token: "warning", bold: true } : { text: " TRADING", token: "ok", bold: true }],
      narrower: [[m.readOnly ? { text: " RO", token: "warning", bold: true } : { text: " TR", token: "ok", bold: true }]]
    },
    {
      priority: 2,
      segments: [{ text: m.signer === "none" ? "no key" : `signer ${m.signer}`, token: m.signer === "master" ? "warning" : "muted" }],
      narrower: [[{ text: m.signer === "none" ? "no key" : m.signer, token: m.signer === "master" ? "warning" : "muted" }]]
    },
    {
      priority: 3,
      keep: true,
      segments: [{ text: conn.text, token: conn.token }, ...Object.keys(m.channels).length ? [{ text: " " }, ...channelSegments(m.channels)] : []],
      narrower: [[{ text: conn.text, token: conn.token }, { text: " " }, ...channelSummary(m.channels)], [...channelSummary(m.channels)]]
    },
    { priority: 4, segments: [{ text: m.latencyMs === null ? "rtt \u2014" : `rtt ${formatMillis(m.latencyMs)}`, token: "muted" }] },
    {
      priority: 5,
      segments: [
        { text: `clock ${m.clockOffsetMs === null ? "\u2014" : formatMillis(m.clockOffsetMs)}`, token: m.clockWarning ? "warning" : "muted" },
        ...m.clockWarning ? [{ text: " !", token: "warning" }] : []
      ]
    },
    { priority: 3, segments: [{ text: m.dataAgeMs === void 0 ? "data \u2014" : `data ${formatAge(m.dataAgeMs)}`, token: "muted" }] }
  ];
  if (m.inFlight > 0) groups.push({ priority: 0, segments: [{ text: `\u29D7 ${m.inFlight} sending`, token: "warning" }] });
  if (m.progress) groups.push({ priority: 2, segments: [{ text: `\u29D7 ${m.progress}`, token: "accent" }], narrower: [[{ text: "\u29D7 setting up", token: "accent" }]] });
  if (m.clockWarning && !m.message) groups.push({ priority: 1, fill: true, minWidth: 24, segments: [{ text: `! ${m.clockWarning}`, token: "warning" }] });
  if (m.message) groups.push({ priority: 1, fill: true, minWidth: 24, segments: [{ text: `${TONE_MARK[m.message.tone]}${m.message.text}`, token: TONE_TOKEN[m.message.tone] }] });
  return fitSegments(groups, width);
}

// src/ui/app/StatusBar.tsx
import { jsx as jsx29 } from "react/jsx-runtime";
var selectChannels = (s) => s.session.channels;
var StatusBar = memo27(function StatusBar2({ width }) {
  const { mode, store } = useApp();
  const now = useNow(1e3);
  const connection = useAppState(selectConnection);
  const channels = useAppState(selectChannels);
  const latencyMs = useAppState(selectLatency);
  const clockOffsetMs = useAppState(selectClockOffset);
  const clockWarning = useAppState(selectClockWarning);
  const dataAt = dataTimeOf("book", store.getState());
  const lastError = useAppState(selectLastError);
  const notice = useViewState((s) => s.notice);
  const progress = useViewState((s) => s.progress);
  const inFlight = useViewState((s) => s.inFlight);
  let message;
  if (notice && (!lastError || notice.at >= lastError.time)) message = { text: notice.text, tone: notice.tone };
  else if (lastError) message = { text: lastError.message, tone: "error" };
  const segments = statusSegments(
    {
      connection,
      channels,
      latencyMs,
      clockOffsetMs,
      clockWarning,
      dataAgeMs: dataAt === void 0 ? void 0 : Math.max(0, now - dataAt),
      signer: mode.signer,
      readOnly: mode.readOnly,
      inFlight,
      progress,
      message
    },
    width
  );
  return /* @__PURE__ */ jsx29(Bar, { segments, width, base: "status" });
});

// src/ui/app/useChartFeed.ts
import { useEffect as useEffect3 } from "react";
function useChartFeed(session, contractId, interval) {
  useEffect3(() => {
    if (!session || contractId === void 0) return;
    return session.watchCandles(contractId, interval);
  }, [session, contractId, interval]);
}

// src/ui/app/useTerminalSize.ts
import { useEffect as useEffect4, useState } from "react";
import { useStdout } from "ink";
function sizeOf(stdout) {
  return { cols: stdout.columns || 80, rows: stdout.rows || 24 };
}
function useTerminalSize() {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => sizeOf(stdout));
  useEffect4(() => {
    const onResize = () => {
      const next = sizeOf(stdout);
      setSize((prev) => prev.cols === next.cols && prev.rows === next.rows ? prev : next);
    };
    stdout.on("resize", onResize);
    onResize();
    return () => {
      stdout.off("resize", onResize);
    };
  }, [stdout]);
  return size;
}

// src/ui/app/App.tsx
import { Fragment as Fragment2, jsx as jsx30, jsxs as jsxs13 } from "react/jsx-runtime";
function rowsOf(layout) {
  const rows = /* @__PURE__ */ new Map();
  for (const p of layout.panes) {
    const row = rows.get(p.y) ?? [];
    row.push(p);
    rows.set(p.y, row);
  }
  return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r.sort((a, b) => a.x - b.x));
}
var Body = memo28(function Body2({ layout }) {
  return /* @__PURE__ */ jsx30(Fragment2, { children: rowsOf(layout).map((row) => /* @__PURE__ */ jsx30(Box14, { flexDirection: "row", width: layout.cols, height: row[0].height, flexShrink: 0, children: row.map(
    (area) => area.id === "header" ? /* @__PURE__ */ jsx30(Header, { width: area.width }, "header") : area.id === "status" ? /* @__PURE__ */ jsx30(StatusBar, { width: area.width }, "status") : /* @__PURE__ */ jsx30(Area, { area }, area.tabs.join(","))
  ) }, row[0].y)) });
});
function Screen({ bindings, themeNames, onQuit }) {
  const app = useApp();
  const { cols, rows } = useTerminalSize();
  const zoom = useViewState((s) => s.zoom);
  const layout = useMemo18(() => computeLayout(cols, rows, zoom ? { zoom } : {}), [cols, rows, zoom]);
  const layoutRef = useRef4(layout);
  layoutRef.current = layout;
  const keymap = useMemo18(() => new Keymap(bindings), [bindings]);
  const quitted = useRef4(false);
  const quit = useCallback(() => {
    if (quitted.current) return;
    quitted.current = true;
    onQuit();
  }, [onQuit]);
  const run = useCallback(
    (id) => {
      const ctx = { app, layout: layoutRef.current, bindings, themeNames, quit, run, now: Date.now };
      runCommand(id, ctx);
    },
    [app, bindings, themeNames, quit]
  );
  const screen = useCallback(() => ({ tooSmall: layoutRef.current.template === "tooSmall" }), []);
  useKeyboard({ keymap, view: app.view, run, screen });
  useEffect5(() => {
    if (layout.focusOrder.length === 0) return;
    const focus = app.view.getState().focus;
    if (!layout.panes.some((p) => p.tabs.includes(focus)) || focus === "header" || focus === "status") view.focus(app.view, layout.focusOrder[0]);
  }, [layout, app.view]);
  const contractId = useAppState((s) => selectSelectedContract(s)?.contractId);
  const interval = useViewState((s) => s.chartInterval);
  useChartFeed(app.session, contractId, interval);
  const asking = useViewState((s) => selectTopOverlay(s)?.kind === "quitConfirm");
  if (layout.template === "tooSmall") return /* @__PURE__ */ jsx30(TooSmall, { cols, rows, asking });
  return /* @__PURE__ */ jsxs13(Box14, { flexDirection: "column", width: cols, height: layout.height, overflow: "hidden", children: [
    /* @__PURE__ */ jsx30(Body, { layout }),
    /* @__PURE__ */ jsx30(Overlays, { screenWidth: cols, screenHeight: layout.height })
  ] });
}
function TooSmall({ cols, rows, asking }) {
  const size = `terminal too small: need ${MIN_COLS}x${MIN_ROWS}, have ${cols}x${rows}`;
  const text = asking ? `Quit anyway? A signed request is still waiting (y quit \xB7 n stay) \xB7 ${size}` : size;
  return /* @__PURE__ */ jsx30(Box14, { width: cols, height: 1, overflow: "hidden", children: /* @__PURE__ */ jsx30(Text14, { wrap: "truncate", children: fit(text, cols) }) });
}
function Themed({ level, themeDirs, children }) {
  const { view: viewStore } = useApp();
  const name = useViewState((s) => s.themeName);
  const loaded = useMemo18(() => loadThemeOrFallback(name, { level, ...themeDirs ? { dirs: themeDirs } : {} }), [name, level, themeDirs]);
  useEffect5(() => {
    if (loaded.error) view.notify(viewStore, loaded.error, "error");
  }, [loaded, viewStore]);
  return /* @__PURE__ */ jsx30(ThemeProvider, { theme: loaded.theme, children });
}
function App({ ctx, bindings, level, themeNames, themeDirs, onQuit }) {
  const shell = useMemo18(() => ({ bindings }), [bindings]);
  return /* @__PURE__ */ jsx30(AppContext.Provider, { value: ctx, children: /* @__PURE__ */ jsx30(ShellContext.Provider, { value: shell, children: /* @__PURE__ */ jsx30(Themed, { level, themeDirs, children: /* @__PURE__ */ jsx30(Screen, { bindings, themeNames, onQuit }) }) }) });
}

// src/ui/app/runDashboard.ts
var DEFAULT_STALE_AFTER_MS = { book: 1e4, candles: 18e4, account: 1e4, agents: 6e4 };
var CRASH_HOOK_ENV = "PERPDESK_CRASH_AFTER_MS";
var CANDLE_BASE_INTERVAL = "1m";
var MAX_FPS = 250;
function fail(message, code) {
  process.stderr.write(`perpdesk: ${message}
`);
  return code;
}
function userError(e) {
  if (e instanceof StartupError) return { message: e.message, code: e.exitCode };
  if (e instanceof KeySourceError) return { message: e.message, code: 2 };
  return void 0;
}
function benchSwitches(env) {
  const flush = env["PERPDESK_FLUSH_MS"];
  return flush !== void 0 && /^\d{1,5}$/.test(flush) ? { flushMs: Number(flush) } : {};
}
async function bounded(p, ms = 2e3) {
  let timer;
  await Promise.race([p.catch(() => {
  }), new Promise((r) => timer = setTimeout(r, ms))]);
  clearTimeout(timer);
}
function showEvents(session, viewStore) {
  return session.onEvent((e) => {
    if (e.type === "progress") view.setProgress(viewStore, e.step);
    else view.notify(viewStore, e.text, e.tone);
  });
}
async function runDashboard(p) {
  const { args, config, stateDir, themeDirs } = p;
  const level = detectColorLevel(process.env, args.noColor ? ["--no-color"] : []);
  applyColorLevel(level);
  const keymap = applyOverrides(config.keymap);
  const viewStore = createViewStore({ themeName: args.theme ?? config.theme ?? DEFAULT_THEME, chartInterval: CANDLE_BASE_INTERVAL });
  let opened;
  let contractName2;
  try {
    opened = await openTarget({ ...args, url: args.url ?? config.url, ws: args.ws ?? config.ws, advertise: true }, stateDir, {
      onProgress: (step) => view.setProgress(viewStore, step),
      log: (line2) => process.stderr.write(`${line2}
`)
    });
  } catch (e) {
    const u = userError(e);
    if (!u) throw e;
    return fail(u.message, u.code);
  }
  try {
    contractName2 = await resolveContract(opened.target.url, args.contract ?? config.contract);
  } catch (e) {
    await bounded(opened.target.embedded?.close() ?? Promise.resolve());
    const u = userError(e);
    if (!u) throw e;
    return fail(u.message, u.code);
  }
  const session = createSession(opened.target, opened.keys, {
    contractName: contractName2,
    stateDir,
    face: "dashboard",
    candleInterval: CANDLE_BASE_INTERVAL,
    ...config.poll ? { poll: config.poll } : {},
    ...benchSwitches(process.env)
  });
  const stopEvents = showEvents(session, viewStore);
  const warnings = [...opened.warnings, ...keymap.errors];
  if (warnings.length > 0) view.notify(viewStore, warnings.join(" \xB7 "), "warning");
  const settings = { confirm: config.confirm, guards: config.guards, alerts: config.alerts, defaultSize: config.defaultSize };
  const ctx = {
    store: session.store,
    view: viewStore,
    session,
    mode: { readOnly: session.readOnly, embedded: session.embedded, signer: session.signer, address: session.address },
    staleAfterMs: { ...DEFAULT_STALE_AFTER_MS, ...config.staleAfterMs },
    settings,
    stateDir
  };
  const stopAlerts = startAlerts({ store: session.store, view: viewStore, settings: config.alerts, bell: () => process.stdout.write("\x07") });
  let instanceRef;
  const stopDrawing = () => {
    try {
      instanceRef?.unmount();
    } catch {
    }
  };
  process.on("uncaughtException", stopDrawing);
  process.on("unhandledRejection", stopDrawing);
  const guard = takeTerminal();
  const diffOut = process.env["PERPDESK_RENDERER"] === "ink" ? void 0 : new DiffingStdout(process.stdout);
  const fastAssembly = diffOut ? await installFastAssembly() : void 0;
  let quit = () => {
  };
  const quitting = new Promise((resolve2) => quit = resolve2);
  const instance = render2(
    createElement(App, {
      ctx,
      bindings: keymap.bindings,
      level,
      themeNames: listThemes(themeDirs),
      themeDirs,
      onQuit: () => quit()
    }),
    { exitOnCtrlC: false, patchConsole: true, maxFps: diffOut ? MAX_FPS : 30, ...diffOut ? { stdout: diffOut } : {} }
  );
  instanceRef = instance;
  const crashAfter = Number(process.env[CRASH_HOOK_ENV]);
  if (Number.isFinite(crashAfter) && crashAfter > 0) {
    setTimeout(() => {
      throw new Error(`crash requested by ${CRASH_HOOK_ENV} (test hook)`);
    }, crashAfter);
  }
  let code = 0;
  try {
    await Promise.race([quitting, instance.waitUntilExit()]);
  } catch (e) {
    code = 70;
    guard.restore();
    process.stderr.write(`perpdesk stopped after an unexpected error: ${e instanceof Error ? e.message : String(e)}
`);
  }
  instance.unmount();
  diffOut?.flush();
  diffOut?.detach();
  if (fastAssembly?.installed) fastAssembly.restore();
  process.off("uncaughtException", stopDrawing);
  process.off("unhandledRejection", stopDrawing);
  stopEvents();
  stopAlerts();
  await bounded(session.close());
  guard.restore();
  setTimeout(() => process.exit(process.exitCode ?? code), 1e3).unref();
  return code;
}
export {
  CRASH_HOOK_ENV,
  DEFAULT_STALE_AFTER_MS,
  runDashboard
};
