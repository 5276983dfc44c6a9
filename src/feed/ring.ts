/**
 * Immutable capped append: the store keeps arrays (newest last) that must be new objects
 * when they change and the same object when they do not.
 */
export function appendCapped<T>(current: readonly T[], added: readonly T[], cap: number): readonly T[] {
  if (added.length === 0) return current;
  if (added.length >= cap) return added.slice(added.length - cap);
  const keep = Math.max(0, current.length + added.length - cap);
  return keep === 0 ? current.concat(added) : current.slice(keep).concat(added);
}

/** Mutable capped push for buffers between flushes. */
export function pushCapped<T>(buffer: T[], items: readonly T[], cap: number): void {
  for (const x of items) buffer.push(x);
  if (buffer.length > cap) buffer.splice(0, buffer.length - cap);
}
