import type { AlgoBoard, AlgoBoardState } from '../../../algo/algoBoard.js';

const NO_BOARD: AlgoBoardState = { version: 0, algos: [], owner: { kind: 'none', why: 'no state directory' }, loading: false };

/** The board's state (the pane, commands, list navigation); a fixed empty one where the app has no board (component tests). */
export function boardStateOf(board: AlgoBoard | undefined): AlgoBoardState {
  return board?.snapshot() ?? NO_BOARD;
}
