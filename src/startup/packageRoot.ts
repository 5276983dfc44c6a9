import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding perpdesk's package.json, found by walking up from this module, so it is
 * the same whether the code runs from src/ (tsx, vitest) or from dist/ (the published build).
 * Undefined when no package.json is above (a bundled copy).
 */
export function packageRoot(from: string = fileURLToPath(import.meta.url)): string | undefined {
  let dir = dirname(from);
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}
