import { needsOverride } from '../../forms/index.js';
import { hintEntries, type Binding, type CommandId, type HintEntry } from '../../keymap/index.js';
import type { Segment } from '../components/Tone.js';
import { inputStateOf } from '../input/inputContexts.js';
import { selectTopOverlay, type ViewState } from '../view/viewStore.js';
import { fitSegments, type SegmentGroup } from './fitSegments.js';

/** Form keys that mean nothing on the confirm step (the confirm step's own say so in their binding's `step`). */
const EDIT_ONLY: readonly CommandId[] = ['form.nextField', 'form.prevField', 'form.toggle', 'form.priceSource'];

/** What the entries of the screen in `s` leave out: keys that would do nothing there. */
function exceptFor(s: ViewState, bindings: readonly Binding[]): Set<CommandId> {
  const top = selectTopOverlay(s);
  // Over an overlay, a pane's row is not what the user is looking at.
  // Over a row's menu `/` filters nothing (the menu lists its commands whole).
  if (top && top.kind !== 'form') return new Set<CommandId>(top.kind === 'rowMenu' ? ['row.copy', 'row.menu', 'list.filter'] : ['row.copy', 'row.menu']);
  // The book draws prices, not rows: its `/` only says where filters are.
  if (top?.kind !== 'form') return new Set<CommandId>(s.focus === 'book' ? ['list.filter'] : []);
  const f = s.form;
  if (!f || f.stage !== 'confirm') {
    const out = new Set<CommandId>(bindings.filter((b) => b.step === 'confirm').map((b) => b.id));
    if (f?.formId !== 'order') out.add('form.priceSource');
    if (f && f.stage !== 'edit') out.add('form.submit');
    return out;
  }
  const out = new Set<CommandId>(EDIT_ONLY);
  const plan = f.confirm?.plan;
  if (!plan?.skipUnder) out.add('form.skipConfirm');
  if (!plan || !needsOverride(plan)) out.add('form.override');
  return out;
}

/** Words that read better on the confirm step than the binding's own. */
const CONFIRM_LABELS: Partial<Record<CommandId, string>> = { 'form.submit': 'sign' };

/**
 * The entries of the key hint line for what the view shows: the open overlay's keys, else
 * the focused pane's and list keys, then the global ones; `?` help always last.
 */
export function hintsFor(s: ViewState, bindings: readonly Binding[], readOnly: boolean): HintEntry[] {
  const { contexts, textInput } = inputStateOf(s);
  const entries = hintEntries(bindings, contexts, { readOnly, except: exceptFor(s, bindings), textInput });
  const confirming = selectTopOverlay(s)?.kind === 'form' && s.form?.stage === 'confirm';
  const labelled = confirming ? entries.map((e) => ({ ...e, label: CONFIRM_LABELS[e.id] ?? e.label })) : entries;
  const help = labelled.filter((e) => e.id === 'help');
  return [...labelled.filter((e) => e.id !== 'help'), ...help];
}

const GAP: Segment = { text: '  ' };

/** The hint line within `width`: entries drop from the end first, help stays. */
export function hintSegments(entries: readonly HintEntry[], width: number): Segment[] {
  const groups: SegmentGroup[] = entries.map((e, i) => ({
    priority: e.id === 'help' ? 0 : i + 1,
    segments: [
      { text: e.key, token: 'key', bold: true },
      { text: ` ${e.label}`, token: 'muted' },
    ],
  }));
  return fitSegments([{ priority: 0, segments: [{ text: '' }] }, ...groups], width, GAP);
}
