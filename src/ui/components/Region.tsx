import type { ReactNode } from 'react';
import { Box, type BoxProps } from 'ink';

/**
 * A box whose cells are kept between frames (src/ui/render/regionCache.ts): when nothing
 * under it changed and it sits at the same place and size, the next frame draws it from
 * the cells it drew last time. ink's Box passes the props it does not know on as style,
 * which is where the patched renderNodeToOutput looks for the mark. It clips its content
 * (a region keeps only its own rectangle) and must cover what it shows.
 */
const MARK = { perpdeskRegion: true } as Record<string, unknown>;

export function Region({ children, ...box }: Omit<BoxProps, 'overflow' | 'overflowX' | 'overflowY'> & { children?: ReactNode }) {
  return (
    <Box {...box} {...MARK} overflow="hidden">
      {children}
    </Box>
  );
}
