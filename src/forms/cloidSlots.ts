/**
 * The cloids a form gives the orders it builds when none is typed: slot 0 for the first
 * such order, 1 for the next, each drawn once from `next` (the client's generator) and kept
 * for the life of the form, so every evaluation of it builds the same action and the one
 * confirmed, dry-run or journalled is the one sent. At most `max` slots (a batch's limit).
 * `given` holds what was drawn: a caller that keeps it (a form on a screen) keeps the cloids.
 */
export function cloidSlots(next: () => string, max = 100, given: string[] = []): (slot: number) => string {
  return (slot) => {
    if (!Number.isInteger(slot) || slot < 0 || slot >= max) throw new RangeError(`cloid slot ${slot} is outside 0..${max - 1}`);
    while (given.length <= slot) given.push(next());
    return given[slot]!;
  };
}
