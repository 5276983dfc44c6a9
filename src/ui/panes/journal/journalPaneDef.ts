import type { PaneDef } from '../paneDef.js';
import { listPane } from '../ListPane.js';
import { JOURNAL_LIST } from './journalList.js';
import { JOURNAL_SPEC } from './journalPaneSpec.js';

export const JOURNAL_PANE: PaneDef<'journal'> = { ...JOURNAL_SPEC, component: listPane(JOURNAL_LIST) };
