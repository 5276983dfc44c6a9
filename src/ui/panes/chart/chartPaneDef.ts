import type { PaneDef } from '../paneDef.js';
import { ChartPane } from './ChartPane.js';
import { CHART_SPEC } from './chartPaneSpec.js';

export const CHART_PANE: PaneDef<'chart'> = { ...CHART_SPEC, component: ChartPane };
