import { memo } from 'react';
import { Text } from 'ink';
import { Region } from '../components/Region.js';
import { SegmentText, sameSegments, type Segment } from '../components/Tone.js';
import { useTheme } from '../theme/ThemeContext.js';
import type { ThemeToken } from '../theme/tokens.js';

/**
 * One pre-fitted line of styled segments. `highlight` (cursor, selection) replaces the
 * segments' own styles for the whole line, so the highlight reads as one bar. Each
 * segment names the highlight's background itself: a text without one takes the
 * surface's from the box around it, over the line's. A line is compared by what it says,
 * not by identity: see the comparison below. It is a region (components/Region.tsx): a
 * frame in which the line did not change draws it from its cells, where it was or moved.
 */
export const SegmentLine = memo(function SegmentLine({ segments, highlight }: { segments: readonly Segment[]; highlight?: ThemeToken | undefined }) {
  const theme = useTheme();
  const hl = highlight ? theme.tokens[highlight] : undefined;
  return (
    <Region height={1} flexShrink={0}>
      <Text wrap="truncate" {...(hl ?? theme.tokens.text)}>
        {segments.map((s, i) => {
          const style = hl || !s.token ? undefined : theme.tokens[s.token];
          return (
            <SegmentText key={i} {...style} backgroundColor={(hl ?? style)?.backgroundColor} bold={s.bold || style?.bold || hl?.bold || undefined}>
              {s.text}
            </SegmentText>
          );
        })}
      </Text>
    </Region>
  );
},
// A pane rebuilds its lines at every change of what it shows; a line that reads the same
// as before is not rendered again (a book update changes a level or two of the ladder).
(a, b) => a.highlight === b.highlight && sameSegments(a.segments, b.segments));
