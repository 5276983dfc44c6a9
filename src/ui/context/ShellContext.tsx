import { createContext, useContext } from 'react';
import { DEFAULT_BINDINGS, type Binding } from '../../keymap/index.js';

/** What the shell's own parts (overlays) need beyond AppContext: the keymap in force. */
export interface ShellContextValue {
  bindings: readonly Binding[];
}

export const ShellContext = createContext<ShellContextValue>({ bindings: DEFAULT_BINDINGS });

export function useShell(): ShellContextValue {
  return useContext(ShellContext);
}
