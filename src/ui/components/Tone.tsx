import { memo, type ReactNode } from 'react';
import { Text } from 'ink';
import { useTheme } from '../theme/ThemeContext.js';
import type { ThemeToken } from '../theme/tokens.js';

/**
 * One segment's text inside a line's <Text>: ink's Text, rendered again only when its
 * text or one of its style attributes changed. A line is rebuilt whole when any figure on
 * it moves (a price in the header, a level of the book); its other segments then cost
 * nothing. Give it primitive props only (a style spread, the text as children).
 */
export const SegmentText = memo(Text);

/** Text styled by a semantic token; extra attributes add to the token's own. */
export const Tone = memo(function Tone({
  token,
  bold,
  children,
}: {
  token: ThemeToken;
  bold?: boolean;
  children?: ReactNode;
}) {
  const style = useTheme().tokens[token];
  return (
    <Text {...style} bold={bold || style.bold}>
      {children}
    </Text>
  );
});

/** A piece of styled single-line text: titles, tab strips, status segments. */
export interface Segment {
  text: string;
  token?: ThemeToken;
  bold?: boolean;
}

/** Two lines of segments that draw the same cells: same texts, tokens and weights. */
export function sameSegments(a: readonly Segment[], b: readonly Segment[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.text !== y.text || x.token !== y.token || Boolean(x.bold) !== Boolean(y.bold)) return false;
  }
  return true;
}
