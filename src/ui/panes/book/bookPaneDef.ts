import type { PaneDef } from '../paneDef.js';
import { BookPane } from './BookPane.js';
import { BOOK_SPEC } from './bookPaneSpec.js';

export const BOOK_PANE: PaneDef<'book'> = { ...BOOK_SPEC, component: BookPane };
