import { memo, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { Panel } from './Panel.js';
import { Region } from './Region.js';
import type { Segment } from './Tone.js';

export interface ModalProps {
  /** Size of the screen area the modal is centred in. */
  screenWidth: number;
  screenHeight: number;
  /** Wanted size; clamped to the screen. */
  width: number;
  height: number;
  title: string | readonly Segment[];
  info?: string;
  children?: ReactNode;
}

/** Top-left corner and clamped size of a box centred on the screen. */
export function centerBox(screenWidth: number, screenHeight: number, width: number, height: number) {
  const w = Math.max(0, Math.min(width, screenWidth));
  const h = Math.max(0, Math.min(height, screenHeight));
  return { x: Math.floor((screenWidth - w) / 2), y: Math.floor((screenHeight - h) / 2), width: w, height: h };
}

/**
 * A centred overlay. Render it as the last child of the screen's root box: ink paints
 * later siblings over earlier ones, and a layer of spaces first blanks what is beneath.
 * The overlay is a region (Region.tsx): it paints every cell of its box, so while nothing
 * in it changes (a market moving under an open form) a frame draws it from its kept cells.
 */
export const Modal = memo(function Modal({ screenWidth, screenHeight, width, height, title, info, children }: ModalProps) {
  const box = centerBox(screenWidth, screenHeight, width, height);
  if (box.width === 0 || box.height === 0) return null;
  // One text of box.height lines: one node to lay out and draw, not one a line.
  const blank = Array.from({ length: box.height }, () => ' '.repeat(box.width)).join('\n');
  return (
    <Region position="absolute" marginLeft={box.x} marginTop={box.y} width={box.width} height={box.height}>
      <Box position="absolute" width={box.width} height={box.height}>
        <Text>{blank}</Text>
      </Box>
      <Panel title={title} width={box.width} height={box.height} focused info={info}>
        {children}
      </Panel>
    </Region>
  );
});
