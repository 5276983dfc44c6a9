import { PANE_CONTEXTS } from '../../keymap/index.js';

/**
 * Every area the layout can place: the shell's header and status bar around the content
 * panes, which are the keymap's pane contexts (one vocabulary). Kept apart from the layout
 * so that panes can name each other without importing the layout's size rules.
 */
export const PANE_IDS = ['header', ...PANE_CONTEXTS, 'status'] as const;
export type PaneId = (typeof PANE_IDS)[number];
