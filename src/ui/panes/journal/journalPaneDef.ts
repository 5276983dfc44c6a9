import type { PaneDef } from '../paneDef.js';
import { JournalPane } from './JournalPane.js';
import { JOURNAL_SPEC } from './journalPaneSpec.js';

export const JOURNAL_PANE: PaneDef<'journal'> = { ...JOURNAL_SPEC, component: JournalPane };
