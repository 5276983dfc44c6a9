import * as v from 'valibot';
import { ansi16Name, isColor } from './downgrade.js';
import { isThemeToken, THEME_TOKENS } from './tokens.js';

/**
 * themes/<name>.json:
 *   { "name": "dark", "extends"?: "dark", "tokens": { "<token>": "#rrggbb" | {
 *       "fg"?, "bg"?, "fg16"?, "bg16"?, "bold"?, "dim"?, "italic"?, "underline"?, "inverse"? } } }
 * Colours are #rgb / #rrggbb or a 16-colour name; fg16/bg16 pick the 16-colour fallback by
 * hand where the nearest-colour guess would be wrong (teal -> cyan rather than green).
 */

const Color = v.pipe(
  v.string('expected a colour string'),
  v.check(isColor, (issue) => `${JSON.stringify(issue.input)} is not a colour (use #rrggbb or a 16-colour name such as green)`),
);
const Color16 = v.pipe(
  v.string('expected a 16-colour name'),
  v.check((s) => ansi16Name(s) !== undefined, (issue) => `${JSON.stringify(issue.input)} is not a 16-colour name (black, red, green, yellow, blue, magenta, cyan, white, gray, or one of those + Bright)`),
);

export const TokenStyle = v.union(
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
        inverse: v.optional(v.boolean()),
      },
      (issue) => `unknown style key ${JSON.stringify(issue.input)}; use fg, bg, fg16, bg16, bold, dim, italic, underline, inverse`,
    ),
  ],
  'expected a colour string or a style object',
);
export type TokenStyle = v.InferOutput<typeof TokenStyle>;

export const ThemeFile = v.strictObject(
  {
    $schema: v.optional(v.string()),
    name: v.optional(v.string()),
    description: v.optional(v.string()),
    extends: v.optional(v.string()),
    tokens: v.record(v.string(), TokenStyle),
  },
  (issue) => `unknown field ${JSON.stringify(issue.input)}; a theme has name, description, extends and tokens`,
);
export type ThemeFile = v.InferOutput<typeof ThemeFile>;

/** Validates a parsed theme file; every message names the token or field at fault. */
export function parseThemeFile(json: unknown): { ok: true; file: ThemeFile } | { ok: false; errors: string[] } {
  const r = v.safeParse(ThemeFile, json);
  if (!r.success) {
    const errors = r.issues.map((issue) => {
      const { path, message } = explain(issue);
      const where = path ? path.replace(/^tokens\./, 'token ') : 'theme';
      return `${where}: ${message}`;
    });
    return { ok: false, errors: [...new Set(errors)] };
  }
  const errors: string[] = [];
  for (const token of Object.keys(r.output.tokens)) {
    if (!isThemeToken(token)) errors.push(`token ${token}: unknown token (known: ${THEME_TOKENS.join(', ')})`);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, file: r.output };
}

type Issue = v.BaseIssue<unknown>;

/**
 * A union reports each branch's issues nested, with paths relative to the union; follow
 * the branch matching the input's own type (string colour vs style object) down to the
 * issue that says what is wrong, joining the paths on the way.
 */
function explain(issue: Issue, prefix = ''): { path: string; message: string } {
  const here = [prefix, v.getDotPath(issue) ?? ''].filter(Boolean).join('.');
  const nested = issue.issues as Issue[] | undefined;
  if (!nested || nested.length === 0) return { path: here, message: issue.message };
  const isString = typeof issue.input === 'string';
  const branch = nested.find((n) => (isString ? n.expected === 'string' || n.kind === 'validation' : n.expected !== 'string')) ?? nested[0]!;
  return explain(branch, here);
}
