import type { Built, ConfirmPlan, PriceSource, ResultView } from '../../forms/index.js';
import type { AgentRecord, OpenOrder, Position } from '../../protocol/wire/index.js';

/**
 * The open form's editing state, kept in the view store beside its overlay so that the
 * keyboard commands and the overlay component read one copy. Only one form is live at a
 * time on a screen (overlays capture the keyboard); `instance` tells a late answer from an
 * old form apart from the form now on screen.
 */
export type FormStage = 'edit' | 'confirm' | 'sending' | 'result';

export interface PendingConfirm {
  /** Frozen when Enter was pressed: the confirm step shows, and signs, exactly this request. */
  built: Built;
  plan: ConfirmPlan;
  /** The user pressed the override key: the listed guards no longer stop Enter. */
  override: boolean;
  /** The stale-book warning was acknowledged once; the next Enter sends. */
  staleAck: boolean;
}

export interface FormMessage {
  text: string;
  tone: 'info' | 'warning' | 'error' | 'success';
}

/** Rows the form acts on, taken when it opened (a row index would drift as lists change). */
export interface Captured {
  order?: OpenOrder;
  position?: Position;
  agent?: AgentRecord;
  /** The book cursor's raw price when the order form was opened from the book. */
  cursorPx?: string;
  /**
   * The contract the form was opened for, by name: it stays on it whatever any screen shows
   * next, and refuses to sign once it is no longer tradable (formContextOf).
   */
  contract?: string;
}

export interface FormState {
  instance: number;
  /** A FORMS id, a menu ('menu:collateral', 'menu:agents') or a local form ('generateAgent'). */
  formId: string;
  texts: Readonly<Record<string, string>>;
  /** Key of the focused field, or the highlighted menu item as a number string. */
  focus: string;
  /** The focused field's text was prefilled: the first typed character replaces it. */
  replace: boolean;
  /** Fields the user has edited: their "required" complaints show before a submit. */
  touched: readonly string[];
  /** Enter was pressed once: every field's complaint shows. */
  submitted: boolean;
  stage: FormStage;
  /** Why the form opened with these values ("Buy at the cursor 150"). */
  note?: string;
  /** Where the order form's price came from; unset once the user types one. */
  priceSource?: PriceSource;
  captured: Captured;
  confirm?: PendingConfirm;
  /** An algo form's confirm step: what it will do, frozen when Enter was pressed. */
  review?: readonly string[];
  message?: FormMessage;
  result?: ResultView;
  /** First body row shown when the confirm or result text is taller than the box. */
  scroll: number;
  /**
   * The cloids this form has drawn for the orders it builds, one per slot, so every
   * evaluation builds the same action and the one confirmed is the one sent. The form's
   * own (every copy of its state shares the holder); a send gives it a fresh one.
   */
  cloids: { drawn: string[] };
}

/** `instance`: a number the screen never gave another form (view.nextFormInstance). */
export function newFormState(instance: number, formId: string, texts: Record<string, string>, focus: string, o: { note?: string | undefined; captured?: Captured } = {}): FormState {
  const st: FormState = {
    instance,
    formId,
    texts,
    focus,
    replace: (texts[focus] ?? '') !== '',
    touched: [],
    submitted: false,
    stage: 'edit',
    captured: o.captured ?? {},
    scroll: 0,
    cloids: { drawn: [] },
  };
  if (o.note !== undefined) st.note = o.note;
  return st;
}
