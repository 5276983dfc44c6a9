import {
  COMMANDS,
  EXIT,
  WATCH_LINE_SCHEMAS,
  commandName
} from "./chunk-QBYXQN2N.js";
import "./chunk-5VB7KZPF.js";
import "./chunk-UTCD3AFF.js";
import "./chunk-VTVBDURB.js";

// src/command/outputSchemas.ts
import { toJsonSchema } from "@valibot/to-json-schema";
var DRAFT_07 = "http://json-schema.org/draft-07/schema#";
function wireJsonSchema(schema) {
  return toJsonSchema(schema, { target: "draft-07", errorMode: "ignore" });
}
var strings = { type: "array", items: { type: "string" } };
var WRITE_OUTPUT = {
  $schema: DRAFT_07,
  anyOf: [
    {
      type: "object",
      description: "sent: ok is false when the exchange refused any of it (the exit status says which failure)",
      properties: {
        ok: { type: "boolean" },
        action: { type: "string", description: "the signed action's type" },
        request: { ...strings, description: "the request in words, as the confirm step shows it" },
        answer: { type: "object", description: "the exchange's answer, or what the client made of a lost one" }
      },
      required: ["ok", "action", "answer"]
    },
    {
      type: "object",
      description: "--dry-run: the signed envelope, not sent",
      properties: {
        dryRun: { const: true },
        request: { type: "object", description: "the envelope that would be posted: action, nonce, signature" },
        signer: { type: "object", properties: { role: { type: "string" }, address: { type: "string" } }, required: ["role", "address"] },
        summary: strings,
        checks: strings
      },
      required: ["dryRun", "request", "signer", "summary", "checks"]
    }
  ]
};
var ERROR_OUTPUT = {
  $schema: DRAFT_07,
  type: "object",
  properties: {
    ok: { const: false },
    exitCode: { type: "integer", enum: Object.values(EXIT).filter((c) => c !== EXIT.ok) },
    error: { type: "string" }
  },
  required: ["ok", "exitCode", "error"]
};
function outputSchemas() {
  const out = {};
  for (const c of COMMANDS) {
    const name = commandName(c);
    if (c.schema) out[name] = wireJsonSchema(c.schema());
    else if (c.writes) out[name] = WRITE_OUTPUT;
  }
  for (const c of COMMANDS) {
    if (!c.watch || !c.schema) continue;
    const name = commandName(c);
    const line = WATCH_LINE_SCHEMAS[name];
    out[`${name} --watch`] = line ? wireJsonSchema(line()) : out[name];
  }
  out["error"] = ERROR_OUTPUT;
  return out;
}
export {
  outputSchemas
};
