import { view } from '../view/viewStore.js';
import type { CommandTable } from './types.js';

/** The heatmap's key: how much time a column spans (the ring it draws from stays the same). */
export const HEATMAP_COMMANDS = {
  'heatmap.span': (ctx) => {
    view.cycleHeatSpan(ctx.app.view);
  },
} satisfies CommandTable;
