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
