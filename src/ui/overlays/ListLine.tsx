import { memo } from 'react';
import { Box, Text } from 'ink';
import { SegmentText, type Segment } from '../components/Tone.js';
import { fit, textWidth, truncate } from '../format/width.js';
import { useTheme } from '../theme/ThemeContext.js';

/**
 * One row of an overlay list, exactly `width` columns. The highlighted row is drawn with
 * the selection style and a '›' marker, so it shows on monochrome terminals too. Each
 * segment names the selection's background itself: a text without one takes the
 * surface's from the box around it, over the line's.
 */
export const ListLine = memo(function ListLine({
  segments,
  width,
  highlighted,
}: {
  segments: readonly Segment[];
  width: number;
  highlighted?: boolean;
}) {
  const theme = useTheme();
  const sel = highlighted ? theme.tokens.selection : undefined;
  const out: Segment[] = [{ text: highlighted ? '›' : ' ', token: 'accent' }];
  let left = width - 1;
  for (const s of segments) {
    if (left <= 0) break;
    const text = truncate(s.text, left);
    out.push({ ...s, text });
    left -= textWidth(text);
  }
  if (left > 0) out.push({ text: ' '.repeat(left) });
  return (
    <Box height={1} flexShrink={0}>
      <Text wrap="truncate" {...(sel ?? theme.tokens.text)}>
        {out.map((s, i) => {
          const style = sel || !s.token ? undefined : theme.tokens[s.token];
          return (
            <SegmentText key={i} {...style} backgroundColor={(sel ?? style)?.backgroundColor} bold={s.bold || style?.bold || undefined}>
              {s.text}
            </SegmentText>
          );
        })}
      </Text>
    </Box>
  );
});

/** "label ........ right" in `width` columns, the right part kept whole when it fits. */
export function spread(left: string, right: string, width: number): { left: string; right: string } {
  const r = truncate(right, Math.max(0, Math.floor(width / 3)));
  const l = fit(left, Math.max(0, width - textWidth(r) - (r ? 1 : 0)));
  return { left: l, right: r ? ` ${r}` : '' };
}

/** An overlay's last line: its keys, muted, cut to `width`. */
export const FooterLine = memo(function FooterLine({ text, width }: { text: string; width: number }) {
  const theme = useTheme();
  return (
    <Box height={1} flexShrink={0}>
      <Text wrap="truncate" {...theme.tokens.muted}>
        {fit(text, width)}
      </Text>
    </Box>
  );
});
