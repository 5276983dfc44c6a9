/**
 * Remembers the last result per argument identity. Row models are rebuilt only when the
 * store slice they read is replaced (slices are immutable), so the pane, the shell's list
 * navigation and the forms all get the same array for the same data.
 */
export function memoLast<A extends readonly unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  let lastArgs: A | undefined;
  let lastResult: R;
  return (...args: A): R => {
    if (lastArgs && lastArgs.length === args.length && lastArgs.every((a, i) => Object.is(a, args[i]))) return lastResult;
    lastResult = fn(...args);
    lastArgs = args;
    return lastResult;
  };
}

/**
 * One row model per item, kept while the item object and the context (configs, the day)
 * stay the same. A list slice is replaced whenever one item in it changes, but the other
 * items keep their objects (applyBatch appends and replaces, it does not copy), so a list of
 * a thousand rows rebuilds one row, not a thousand, when one order moves or one fill
 * arrives; and the row objects it keeps are the ones `/` has already worked out text for.
 */
export function memoPerItem<I extends object, C, R>(build: (item: I, context: C) => R): (item: I, context: C) => R {
  let cache = new WeakMap<I, R>();
  let context: { value: C } | undefined;
  return (item, ctx) => {
    if (!context || !Object.is(context.value, ctx)) {
      cache = new WeakMap();
      context = { value: ctx };
    }
    let row = cache.get(item);
    if (row === undefined) {
      row = build(item, ctx);
      cache.set(item, row);
    }
    return row;
  };
}

/** Two rows alike: the same object, or the same keys with the same values (Object.is). */
function sameRow(a: object, b: object): boolean {
  if (a === b) return true;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * The last array again when a rebuilt list has the same rows (by `sameRow`): a list worked
 * out from a slice that was replaced with the same content (a mark that moved under no
 * position, a poll that said the same) keeps its identity, so the pane does not re-render.
 */
export function keepSameRows<A extends readonly unknown[], R extends object>(fn: (...args: A) => readonly R[]): (...args: A) => readonly R[] {
  let last: readonly R[] | undefined;
  return (...args: A) => {
    const rows = fn(...args);
    if (last !== undefined && rows !== last && rows.length === last.length && rows.every((r, i) => sameRow(r, last![i]!))) return last;
    last = rows;
    return rows;
  };
}
