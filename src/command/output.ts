
/**
 * How a command prints: a table for a person at a terminal, one JSON document for a script
 * (stdout not a TTY, or --json), one JSON object per line while watching. Decimals are the
 * exchange's strings in JSON; bigints are written as decimal strings, never numbers.
 */
export type OutputMode = 'table' | 'json';

export interface Table {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
  /** Columns to right-align (numbers). */
  right?: readonly number[];
}

/** What a command answers: the document for scripts, and its rendering for a person. */
export interface CommandOutput {
  json: unknown;
  /** Lines of text or a table; absent: the JSON, indented. */
  human?: Table | readonly string[];
  /** Not 0 when the answer is a failure the caller must see in the status (a rejection). */
  exitCode?: number;
}

export interface Writer {
  write(text: string): void;
}

/** What JSON.stringify leaves raw but a terminal may act on (C1 controls, DEL, line separators, bidi overrides). */
// eslint-disable-next-line no-control-regex
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** JSON text; every character a terminal could act on is written as a \u escape (the same value to a parser). */
export function toJson(value: unknown, indent?: number): string {
  const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), indent);
  return text === undefined ? text : text.replace(RAW_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Terminal columns a cell takes; string-width (wide and combining characters) once tables are printed. */
let stringWidth: (text: string) => number = (text) => text.length;

/** Loads the width measure tables need; JSON output never pays for it. */
export async function prepareTables(): Promise<void> {
  stringWidth = (await import('../format/columnWidth.js')).default;
}

export function renderTable(t: Table): string[] {
  if (t.rows.length === 0) return [t.columns.join('  '), '(none)'];
  const widths = t.columns.map((c, i) => Math.max(stringWidth(c), ...t.rows.map((r) => stringWidth(r[i] ?? ''))));
  const right = new Set(t.right ?? []);
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => {
        const pad = ' '.repeat(Math.max(0, (widths[i] ?? 0) - stringWidth(cell)));
        return right.has(i) ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(t.columns), ...t.rows.map(line)];
}

function isTable(h: CommandOutput['human']): h is Table {
  return h !== undefined && !Array.isArray(h);
}

export function humanLines(out: CommandOutput): string[] {
  const h = out.human;
  if (h === undefined) return toJson(out.json, 2).split('\n');
  return isTable(h) ? renderTable(h) : [...(h as readonly string[])];
}

/** Prints one answer in the chosen mode. */
export function printOutput(w: Writer, mode: OutputMode, out: CommandOutput): void {
  if (mode === 'json') w.write(`${toJson(out.json, 2)}\n`);
  else w.write(`${humanLines(out).join('\n')}\n`);
}

/** Prints one streamed update: an NDJSON line for scripts, its rendering for a person. */
export function printEvent(w: Writer, mode: OutputMode, out: CommandOutput): void {
  if (mode === 'json') w.write(`${toJson(out.json)}\n`);
  else w.write(`${humanLines(out).join('\n')}\n`);
}
