import { AlgoLog } from './algoLog.js';
import type { AlgoState } from './algoState.js';
import { readAlgoRecords, replayAlgos } from './replayAlgos.js';

/**
 * The algos as the file leaves them, without the owner lock (reading changes nothing): for
 * `algo list` and for a dashboard that watches algos another process runs. Lines that are
 * not records are counted, as the runner's start counts them.
 */
export function readAlgoFile(stateDir: string): { algos: AlgoState[]; malformed: number } {
  const { records, malformed } = readAlgoRecords(new AlgoLog(stateDir).lines());
  return { algos: [...replayAlgos(records).values()], malformed };
}
