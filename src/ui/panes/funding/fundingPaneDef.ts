import type { PaneDef } from '../paneDef.js';
import { FundingPane } from './FundingPane.js';
import { FUNDING_SPEC } from './fundingPaneSpec.js';

export const FUNDING_PANE: PaneDef<'funding'> = { ...FUNDING_SPEC, component: FundingPane };
