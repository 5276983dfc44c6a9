/**
 * What the confirm step knows will make the exchange refuse an order, said in words with
 * what to do about it. A blocker stops Enter from signing; because the dashboard's copy of
 * the account may be stale, an explicit override still sends (the exchange has the last word).
 */
export type BlockerKind = 'notEnrolled' | 'inactive' | 'frozen' | 'reduceOnly' | 'postOnly' | 'margin' | 'beyondTiers';

export interface Blocker {
  kind: BlockerKind;
  /** Why, in words: "not enrolled in deployer 2". */
  reason: string;
  /**
   * A command that fixes it; the screen names the key bound to it ("press E to enroll").
   * `params` prefill the form the command opens (the deployer to enroll in).
   */
  action?: { command: string; text: string; params?: Readonly<Record<string, string>> };
  /** What else would do. */
  advice?: string;
}

/**
 * The blocker as one line. `keyOf` gives the label of the key bound to a command (from the
 * keymap in force) that works where the line is shown, or undefined when only the palette
 * reaches it.
 */
export function blockerText(b: Blocker, keyOf: (command: string) => string | undefined = () => undefined): string {
  const todo: string[] = [];
  if (b.action) {
    const key = keyOf(b.action.command);
    todo.push(key ? `press ${key} to ${b.action.text}` : `${b.action.text} from the command palette`);
  }
  if (b.advice) todo.push(b.advice);
  return todo.length > 0 ? `${b.reason}: ${todo.join(', or ')}` : b.reason;
}
