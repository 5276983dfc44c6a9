import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The screen is not the process (docs/architecture.md, "A screen owns its state"): nothing
 * under src/ui keeps mutable state at module level, where every screen of a process (each
 * SSH viewer of `perpdesk serve`) would share it. A module may hold constants; a top-level
 * `let`, or a module-level Map, Set, array or object that the module changes, fails here
 * unless it is on the allow-list below: pure caches, whose contents are the same for every
 * screen, and the process's own patch of ink. Each entry says why.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const UI = path.join(ROOT, 'src', 'ui');

/** `file:name` -> why it may stay. Keep it short: a new entry needs the same kind of reason. */
const ALLOWED: Readonly<Record<string, string>> = {
  'src/ui/format/width.ts:segmenter': 'pure cache: one Intl.Segmenter, built on first use',
  'src/ui/format/width.ts:widths': 'pure cache: display width per string, bounded, the same for every screen',
  'src/ui/render/graphemeWidth.ts:segmenter': 'pure cache: one Intl.Segmenter, built on first use',
  'src/ui/render/graphemeWidth.ts:cache': 'pure cache: width per grapheme, bounded, the same for every screen',
  'src/ui/input/mouseActions.ts:widestStale': 'pure cache: the widest stale marker, measured once',
  'src/ui/panes/useNow.ts:tickers': 'a shared wall clock per period: the time is the same for every screen, one timer each',
  'src/ui/panes/useNow.ts:override': "the process's clock: the wall clock, or a replay's recorded time (perpdesk replay runs one local screen, never a serve)",
  'src/ui/render/StyledLine.ts:scratchView': 'scratch of one synchronous call (an SGR sequence\'s parameters), set before each use, holding nothing between calls',
  'src/ui/panes/chart/chartHeader.ts:parsedBars': 'pure cache: a candle\'s bar in raw units, weakly keyed by the immutable wire candle and its scales',
  'src/ui/render/installFastAssembly.ts:active': "the process's one patch of ink's Output class, which is itself module state of ink",
};

/** Methods that change a Map, Set, array or object in place. */
const MUTATORS = new Set(['set', 'add', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

/** The identifier a member chain starts from (`a.b[c].d` -> `a`). */
function rootName(e: ts.Expression): string | undefined {
  let x: ts.Expression = e;
  for (;;) {
    if (ts.isIdentifier(x)) return x.text;
    if (ts.isPropertyAccessExpression(x) || ts.isElementAccessExpression(x)) x = x.expression;
    else if (ts.isParenthesizedExpression(x) || ts.isNonNullExpression(x) || ts.isAsExpression(x)) x = x.expression;
    else return undefined;
  }
}

const isAssignment = (k: ts.SyntaxKind) => k >= ts.SyntaxKind.FirstAssignment && k <= ts.SyntaxKind.LastAssignment;

/** Names of module-level consts the file changes in place (a.set(…), a.x = …, delete a[k], Object.assign(a, …)). */
function mutatedNames(sf: ts.SourceFile): Set<string> {
  const out = new Set<string>();
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n)) {
      const callee = n.expression;
      if (ts.isPropertyAccessExpression(callee) && MUTATORS.has(callee.name.text)) {
        const r = rootName(callee.expression);
        if (r) out.add(r);
      }
      if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'Object' && callee.name.text === 'assign' && n.arguments[0]) {
        const r = rootName(n.arguments[0]);
        if (r) out.add(r);
      }
    }
    if (ts.isBinaryExpression(n) && isAssignment(n.operatorToken.kind) && (ts.isPropertyAccessExpression(n.left) || ts.isElementAccessExpression(n.left))) {
      const r = rootName(n.left);
      if (r) out.add(r);
    }
    if (ts.isDeleteExpression(n)) {
      const r = rootName(n.expression);
      if (r) out.add(r);
    }
    if ((ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) && (n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken)) {
      const r = ts.isPropertyAccessExpression(n.operand) || ts.isElementAccessExpression(n.operand) ? rootName(n.operand) : undefined;
      if (r) out.add(r);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** Whether a const's initializer makes something a module could change: a collection, an array or an object literal. */
function isContainer(init: ts.Expression | undefined): boolean {
  let e = init;
  while (e && (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e))) e = e.expression;
  if (!e) return false;
  if (ts.isArrayLiteralExpression(e) || ts.isObjectLiteralExpression(e)) return true;
  return ts.isNewExpression(e) && ts.isIdentifier(e.expression) && ['Map', 'Set', 'WeakMap', 'WeakSet', 'Array'].includes(e.expression.text);
}

/** Every module-level mutable binding of one file, as `file:name (why)`. */
function moduleState(file: string, text: string): string[] {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const mutated = mutatedNames(sf);
  const found: string[] = [];
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const isConst = (st.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const d of st.declarationList.declarations) {
      if (!ts.isIdentifier(d.name)) continue;
      const name = d.name.text;
      if (!isConst) found.push(`${rel}:${name} (a top-level let)`);
      else if (isContainer(d.initializer) && mutated.has(name)) found.push(`${rel}:${name} (a module-level collection the module changes)`);
    }
  }
  return found;
}

describe('no module-level mutable state under src/ui', () => {
  it('every screen keeps its state in its own stores and context; only the allow-list is shared', () => {
    const found = sourceFiles(UI).flatMap((f) => moduleState(f, readFileSync(f, 'utf8')));
    const names = found.map((f) => f.replace(/ \(.*\)$/, ''));
    expect(found.filter((f) => !(f.replace(/ \(.*\)$/, '') in ALLOWED))).toEqual([]);
    // An entry whose code is gone leaves the list too.
    expect(Object.keys(ALLOWED).filter((k) => !names.includes(k))).toEqual([]);
  });

  it('finds a top-level let, a changed module Map and a changed module array, and lets constants be', () => {
    const f = path.join(UI, 'planted.ts');
    const src = [
      'let handler: (() => void) | undefined;',
      'const byScreen = new Map<string, number>();',
      'const seen: string[] = [];',
      'const FIXED = new Set([1, 2]);',
      "const LABELS = { a: 'A' } as const;",
      'export function f(k: string) { byScreen.set(k, 1); seen.push(k); return FIXED.has(1) && LABELS.a && handler; }',
    ].join('\n');
    expect(moduleState(f, src)).toEqual([
      'src/ui/planted.ts:handler (a top-level let)',
      'src/ui/planted.ts:byScreen (a module-level collection the module changes)',
      'src/ui/planted.ts:seen (a module-level collection the module changes)',
    ]);
  });
});
