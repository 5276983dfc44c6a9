import { memo, type ReactNode } from 'react';
import { Text } from 'ink';
import { useTheme } from '../theme/ThemeContext.js';
import type { ThemeToken } from '../theme/tokens.js';

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
