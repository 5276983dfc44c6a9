import { memo } from 'react';
import { Box, Text } from 'ink';
import { SegmentText, type Segment } from '../components/Tone.js';
import { useTheme } from '../theme/ThemeContext.js';
import type { ThemeToken } from '../theme/tokens.js';
import { textWidth } from '../format/width.js';

/** One full-width line of styled segments on a background token (header, status bar), painted edge to edge. */
export const Bar = memo(function Bar({ segments, width, base }: { segments: readonly Segment[]; width: number; base: ThemeToken }) {
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
});
