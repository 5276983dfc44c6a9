export { statusText, type AlgoState } from './algoState.js';
export { algoProgress } from './algoProgress.js';
export { nextActionAt } from './nextActionAt.js';
export { readAlgoFile } from './readAlgoFile.js';
export { algoHostOf } from './algoHost.js';
export { AlgoRunner, INTERRUPTED } from './algoRunner.js';
export type { Scheduler } from './scheduler.js';
