import { memo } from 'react';
import { Box, Text } from 'ink';
import { SegmentText, sameSegments, type Segment } from '../components/Tone.js';
import { useTheme } from '../theme/ThemeContext.js';
import type { ThemeToken } from '../theme/tokens.js';
import { textWidth } from '../format/width.js';

type BarProps = { segments: readonly Segment[]; width: number; base: ThemeToken };

/** A bar draws again only when what it shows changes: its parent builds new segment arrays at each render. */
const sameBar = (a: BarProps, b: BarProps): boolean => a.width === b.width && a.base === b.base && sameSegments(a.segments, b.segments);

/** One full-width line of styled segments on a background token (header, status bar), painted edge to edge. */
export const Bar = memo(function Bar({ segments, width, base }: BarProps) {
  const theme = useTheme();
  const baseStyle = theme.tokens[base];
  // Segments short of the width are padded in the bar's style: a theme that marks the bar
  // by inverse video (mono) has no background for the box to fill the rest with.
  const short = width - segments.reduce((a, s) => a + textWidth(s.text), 0);
  return (
    <Box width={width} height={1} flexShrink={0} overflow="hidden" backgroundColor={baseStyle.backgroundColor}>
      <Text wrap="truncate" {...baseStyle}>
        {segments.map((s, i) => {
          const style = s.token ? theme.tokens[s.token] : undefined;
          return (
            <SegmentText key={i} {...style} backgroundColor={style?.backgroundColor ?? baseStyle.backgroundColor} bold={s.bold || style?.bold || undefined}>
              {s.text}
            </SegmentText>
          );
        })}
        {short > 0 ? ' '.repeat(short) : null}
      </Text>
    </Box>
  );
}, sameBar);
