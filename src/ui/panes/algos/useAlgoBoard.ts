import { useSyncExternalStore } from 'react';
import type { AlgoBoard, AlgoBoardState } from '../../../algo/algoBoard.js';
import { useApp } from '../../context/AppContext.js';

const NO_BOARD: AlgoBoardState = { version: 0, algos: [], owner: { kind: 'none', why: 'no state directory' }, loading: false };
const never = () => () => {};

/** The algo board's state; a fixed empty one where the app has no board (component tests). */
export function useAlgoBoard(): AlgoBoardState {
  const board: AlgoBoard | undefined = useApp().algos;
  return useSyncExternalStore(board?.subscribe ?? never, board?.snapshot ?? (() => NO_BOARD));
}

/** The board's state outside React (commands, list navigation). */
export function boardStateOf(board: AlgoBoard | undefined): AlgoBoardState {
  return board?.snapshot() ?? NO_BOARD;
}
