import { createRequire } from 'node:module';

let found: string | null | undefined;

/**
 * better-sqlite3's compiled addon, named to it directly (its `nativeBinding` option). Left to
 * find the addon itself, better-sqlite3 asks the `bindings` package, which reads a stack trace
 * and tries path after path: ~1-3 ms of a start before the venue opens (docs/performance.md,
 * issue 34). Undefined when the addon is not where better-sqlite3's install puts it (a debug
 * build, a package that no longer exposes the path): better-sqlite3 then searches as before.
 */
export function sqliteAddon(): string | undefined {
  if (found === undefined) {
    try {
      found = createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node');
    } catch {
      found = null;
    }
  }
  return found ?? undefined;
}

/** better-sqlite3's options with the addon named when it was found. */
export function withSqliteAddon<T extends object>(options: T): T & { nativeBinding?: string } {
  const nativeBinding = sqliteAddon();
  return nativeBinding === undefined ? options : { ...options, nativeBinding };
}
