import type { PrivateKey } from '../wallet/index.js';
import type { DashboardArgs } from '../startup/args.js';
import type { Config } from '../startup/config.js';

/** The checked flags and config a dashboard starts from (prepare() in main.ts). */
export interface Prepared {
  args: DashboardArgs;
  config: Config;
  configDir: string;
  stateDir: string;
  /** Theme folders, the user's first. */
  themeDirs: string[];
  /** An agent key generated and approved on the running dashboard: it signs instead of the files' one. */
  agentKey?: PrivateKey;
}
