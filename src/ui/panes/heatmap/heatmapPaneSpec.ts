import { BOOK_SPEC } from '../book/bookPaneSpec.js';
import type { PaneSpec } from '../paneSpec.js';

export const HEATMAP_SPEC: PaneSpec<'heatmap'> = {
  id: 'heatmap',
  size: { minWidth: 30, minHeight: 8 },
  // Drawn from the book: stale when the book is.
  staleness: BOOK_SPEC.staleness,
};
