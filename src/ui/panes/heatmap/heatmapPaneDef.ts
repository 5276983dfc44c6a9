import type { PaneDef } from '../paneDef.js';
import { HeatmapPane } from './HeatmapPane.js';
import { HEATMAP_SPEC } from './heatmapPaneSpec.js';

export const HEATMAP_PANE: PaneDef<'heatmap'> = { ...HEATMAP_SPEC, component: HeatmapPane };
