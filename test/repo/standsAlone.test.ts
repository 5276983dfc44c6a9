import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { VECTORS_PATH } from '../support/vectors.js';

/**
 * A clone of the repository is all a user has: no test, script or document may lean on a
 * file beside it. These checks read the repository's own files and fail on any path that
 * leaves it.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.git']);

function walk(dir: string, keep: (file: string) => boolean, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file, keep, out);
    else if (keep(file)) out.push(file);
  }
  return out;
}

function inRepo(target: string): boolean {
  const rel = path.relative(ROOT, target);
  return !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** Workspace locations a maintainer's checkout may have beside the repo, named outright. */
const NAMED_OUTSIDE = [/\/work\//, /\.\.\/shared\b/, /(^|[^\w-])shared\/(spec|test-vectors|notes)\//];

/** Lines of `text` with a `../…` path that resolves above the repository root, or a named outside path. */
function escapingLines(file: string, text: string, pattern: RegExp): string[] {
  const out: string[] = [];
  text.split('\n').forEach((line, i) => {
    const escapes = [...line.matchAll(pattern)].some((m) => !inRepo(path.resolve(path.dirname(file), m[1] as string)));
    if (escapes || NAMED_OUTSIDE.some((re) => re.test(line))) out.push(`${i + 1}: ${line.trim()}`);
  });
  return out;
}

function offenders(files: string[], pattern: RegExp): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of files) {
    const hits = escapingLines(file, readFileSync(file, 'utf8'), pattern);
    if (hits.length > 0) found[path.relative(ROOT, file)] = hits;
  }
  return found;
}

/** A quoted relative path in code: '../x', "../../y", `../z`. */
const CODE_PATH = /['"`]((?:\.\.?\/)+[^'"`\s]*)['"`]/g;
/** A relative path in prose or a link: ../x after a space, bracket, quote or backtick. */
const DOC_PATH = /(?:^|[\s(`'"[])((?:\.\.\/)+[^\s)`'"\]]*)/g;

const CODE_EXT = /\.(?:[cm]?[jt]sx?|json)$/;
/** Data copied verbatim from elsewhere may mention where it came from; it is read, never followed. */
const DATA_FIXTURES = path.join(ROOT, 'test', 'fixtures');
/** This file spells out the paths it forbids, to show that it would see them. */
const SELF = fileURLToPath(import.meta.url);

describe('the repository stands alone', () => {
  it('no source, test, bench or script file reads a path outside the repository', () => {
    const files = ['src', 'test', 'bench', 'scripts']
      .flatMap((dir) => walk(path.join(ROOT, dir), (f) => CODE_EXT.test(f) && !f.startsWith(DATA_FIXTURES) && f !== SELF))
      .concat(['package.json', 'vitest.config.ts', 'tsconfig.json'].map((f) => path.join(ROOT, f)));
    expect(files.length).toBeGreaterThan(100);
    expect(offenders(files, CODE_PATH)).toEqual({});
  });

  it('README and docs name no path outside the repository', () => {
    const docs = walk(ROOT, (f) => f.endsWith('.md'));
    expect(docs.map((f) => path.relative(ROOT, f))).toEqual(expect.arrayContaining(['README.md', path.join('docs', 'protocol.md')]));
    expect(offenders(docs, DOC_PATH)).toEqual({});
  });

  it('reads the signing vectors from a fixture inside the repository, unchanged since they were copied', () => {
    expect(inRepo(VECTORS_PATH)).toBe(true);
    expect(existsSync(VECTORS_PATH)).toBe(true);
    // test/fixtures/README.md: where the file came from and how to refresh it (then update this hash).
    const sha256 = createHash('sha256').update(readFileSync(VECTORS_PATH)).digest('hex');
    expect(sha256).toBe(SIGNING_VECTORS_SHA256);
  });

  it('finds what it looks for', () => {
    // The checks above pass on silence; make sure they would see the paths they forbid.
    const code = path.join(ROOT, 'test', 'support', 'probe.ts');
    const doc = path.join(ROOT, 'docs', 'probe.md');
    expect(escapingLines(code, "new URL('../../../vectors.json', import.meta.url)", CODE_PATH)).toHaveLength(1);
    expect(escapingLines(code, "readFileSync('/work/shared/x.json')", CODE_PATH)).toHaveLength(1);
    expect(escapingLines(code, "import { a } from '../../src/a.js'", CODE_PATH)).toEqual([]);
    expect(escapingLines(code, "new URL('../../', import.meta.url)", CODE_PATH)).toEqual([]);
    expect(escapingLines(doc, 'the spec (`../../api.md`)', DOC_PATH)).toHaveLength(1);
    expect(escapingLines(doc, 'see shared/spec/api.md', DOC_PATH)).toHaveLength(1);
    expect(escapingLines(doc, 'see [the README](../README.md) and `src/protocol/wire/`', DOC_PATH)).toEqual([]);
  });
});

const SIGNING_VECTORS_SHA256 = 'c106a6eba32a271e98d062540aa28f434b317255dcf2337eb58bd9093031863e';
