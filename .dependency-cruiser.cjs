/**
 * The import rules of docs/architecture.md, checked on the real import graph (type-only
 * imports included) by dependency-cruiser. The layers and what each may import are read
 * from the "Layers" table of that document, so the document and the check cannot differ.
 * test/repo/boundaries.test.ts runs it in `npm test`; `npx depcruise src --ignore-known`
 * runs it by hand.
 *
 * Import circles already known are kept in .dependency-cruiser-known-violations.json; a new
 * circle fails, and that file is regenerated only to shrink it.
 */
const fs = require('node:fs');
const path = require('node:path');

const DOC = path.join(__dirname, 'docs', 'architecture.md');

/** `{ layer: [layers it may import] }` from the table rows "| `src/x` | role | may import |". */
function layersFromDoc(text) {
  const start = text.indexOf('## Layers');
  if (start < 0) throw new Error(`${DOC}: no "## Layers" section`);
  const layers = {};
  for (const line of text.slice(start).split('\n')) {
    const row = /^\|\s*`src\/([\w-]+)`\s*\|.*\|([^|]*)\|\s*$/.exec(line);
    if (!row) continue;
    const allowed = row[2].trim() === 'nothing of ours' ? [] : [...row[2].matchAll(/`src\/([\w-]+)`/g)].map((m) => m[1]);
    layers[row[1]] = allowed;
  }
  if (Object.keys(layers).length === 0) throw new Error(`${DOC}: the Layers table has no rows`);
  return layers;
}

const LAYERS = layersFromDoc(fs.readFileSync(DOC, 'utf8'));

const layerRules = Object.entries(LAYERS).map(([layer, allowed]) => ({
  name: `layer-${layer}`,
  comment: `src/${layer} may import ${allowed.length ? allowed.map((l) => `src/${l}`).join(', ') : 'nothing of ours'} (docs/architecture.md)`,
  severity: 'error',
  from: { path: `^src/${layer}/` },
  to: { path: '^src/', pathNot: [`^src/${layer}/`, ...allowed.map((l) => `^src/${l}/`)] },
}));

/** Every layer but the dashboard runs without a screen. */
const HEADLESS = Object.keys(LAYERS).filter((l) => l !== 'ui');

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'headless-without-ink',
      comment: 'layers below the faces run without a screen: no ink, no React',
      severity: 'error',
      from: { path: `^src/(${HEADLESS.join('|')})/` },
      to: { path: '(^|/)node_modules/(ink|react|react-reconciler|yoga-layout)/' },
    },
    {
      name: 'src-not-from-tests',
      comment: 'shipped code never imports tests, benchmarks or scripts',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^(test|bench|scripts)/' },
    },
    {
      name: 'no-circular',
      comment: 'an import circle makes a part impossible to read or test on its own',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'every import resolves',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    ...(fs.existsSync('tsconfig.json') ? { tsConfig: { fileName: 'tsconfig.json' } } : {}),
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
