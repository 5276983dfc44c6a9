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

export type BlockerAction = NonNullable<Blocker['action']>;

/** How a face says to carry out a blocker's fix ("press E to enroll"); undefined falls back to the palette. */
export type Remedy = (action: BlockerAction) => string | undefined;

/** The dashboard's remedy: the key bound to the command in the keymap in force, where there is one. */
export function pressKey(keyOf: (command: string) => string | undefined): Remedy {
  return (a) => {
    const key = keyOf(a.command);
    return key ? `press ${key} to ${a.text}` : undefined;
  };
}

/** The blocker as one line: why, then what to do about it in the words of the face showing it. */
export function blockerText(b: Blocker, remedy: Remedy = () => undefined): string {
  const todo: string[] = [];
  if (b.action) todo.push(remedy(b.action) ?? `${b.action.text} from the command palette`);
  if (b.advice) todo.push(b.advice);
  return todo.length > 0 ? `${b.reason}: ${todo.join(', or ')}` : b.reason;
}
