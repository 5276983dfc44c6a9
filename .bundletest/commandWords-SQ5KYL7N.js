import {
  SHARED_OPTIONS
} from "./chunk-L4UM5I4Q.js";

// src/command/commandWords.ts
var COMMAND_WORDS = /* @__PURE__ */ new Set([
  "help",
  "schema",
  "book",
  "trades",
  "candles",
  "contracts",
  "account",
  "positions",
  "orders",
  "order",
  "agents",
  "groups",
  "deployers",
  "fees",
  "modify",
  "cancel",
  "cancel-all",
  "tpsl",
  "conditional",
  "flatten",
  "reverse",
  "leverage",
  "margin-mode",
  "isolated-margin",
  "collateral",
  "group",
  "margin-share-type",
  "agent",
  "enroll",
  "register"
]);
var VALUE_FLAGS = /* @__PURE__ */ new Set(["--count", "--for"]);
for (const [name, o] of Object.entries(SHARED_OPTIONS)) if (o.type === "string") VALUE_FLAGS.add(`--${name}`);
function firstWord(argv) {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") return -1;
    if (!a.startsWith("-")) return i;
    if (!a.includes("=") && VALUE_FLAGS.has(a)) i++;
  }
  return -1;
}
function commandLine(argv) {
  const i = firstWord(argv);
  if (i < 0 || !COMMAND_WORDS.has(argv[i])) return void 0;
  return [...argv.slice(i), ...argv.slice(0, i)];
}
export {
  COMMAND_WORDS,
  commandLine
};
