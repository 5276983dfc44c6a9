import { useEffect, useState } from 'react';
import { useStdout } from 'ink';

export interface TerminalSize {
  cols: number;
  rows: number;
}

/** Size of a stream, with the classic 80x24 when it is not a terminal (pipes, tests without a size). */
export function sizeOf(stdout: Pick<NodeJS.WriteStream, 'columns' | 'rows'>): TerminalSize {
  return { cols: stdout.columns || 80, rows: stdout.rows || 24 };
}

/**
 * The terminal's columns and rows, updated on `resize` (ink 6 has no useWindowSize). The
 * state only changes when the size does, so a resize storm of equal sizes renders nothing.
 */
export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => sizeOf(stdout));
  useEffect(() => {
    const onResize = () => {
      const next = sizeOf(stdout);
      setSize((prev) => (prev.cols === next.cols && prev.rows === next.rows ? prev : next));
    };
    stdout.on('resize', onResize);
    // A resize between the first render and this effect would otherwise be missed.
    onResize();
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
