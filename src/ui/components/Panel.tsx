import { memo, type ReactNode } from 'react';
import { Box, Text } from 'ink';
import { formatAge } from '../format/time.js';
import { textWidth, truncate } from '../format/width.js';
import { useTheme } from '../theme/ThemeContext.js';
import { tabSegments, type TabItem } from './Tabs.js';
import { SegmentText, sameSegments, type Segment } from './Tone.js';

export interface PanelProps {
  /** Plain title or styled segments (e.g. a tab strip from tabSegments). */
  title: string | readonly Segment[];
  width: number;
  height: number;
  focused?: boolean;
  /** Age of the pane's data when it is past its threshold ("⏸ stale 12s"), or 'waiting' before its first data. */
  staleMs?: number | 'waiting' | undefined;
  /** Right side of the top border: counts, grouping, interval. */
  info?: string;
  /** Several panes sharing the area: the tab strip replaces the title. */
  tabs?: { items: readonly TabItem[]; active: string };
  /** The list's `/` filter after the title or tab strip; kept whole when the title has to shrink. */
  filter?: readonly Segment[] | undefined;
  children?: ReactNode;
}

/** Inner size of a panel: what its content may use. */
export function panelInner(width: number, height: number): { width: number; height: number } {
  return { width: Math.max(0, width - 2), height: Math.max(0, height - 2) };
}

/** "⏸ stale 12s": glyph and word, so it reads without colour too. Before any data: "… waiting for data". */
export function staleLabel(ms: number | 'waiting'): string {
  return ms === 'waiting' ? '… waiting for data' : `⏸ stale ${formatAge(ms)}`;
}

interface Glyphs {
  tl: string;
  tr: string;
  h: string;
  v: string;
  bl: string;
  br: string;
}
const ROUND: Glyphs = { tl: '╭', tr: '╮', h: '─', v: '│', bl: '╰', br: '╯' };
// A heavier frame marks focus by shape as well as colour.
const BOLD: Glyphs = { tl: '┏', tr: '┓', h: '━', v: '┃', bl: '┗', br: '┛' };

/** Columns the title (or tab strip) may use in a top border `width` wide. */
export function titleRoomFor(width: number, stale?: string): number {
  // corners + "─ " + title + " stale" + " " + at least one "─"
  return Math.max(0, width - 6 - (stale ? textWidth(stale) + 1 : 0));
}

/**
 * The top border with the title in it, exactly `width` columns:
 * "╭─ Title ⏸ stale 3s ──── info ─╮". Info goes first when space is short, then the
 * title is cut; the stale marker is never dropped while the title has room.
 */
export function titleLine(
  width: number,
  title: readonly Segment[],
  opts: { focused?: boolean; stale?: string; info?: string } = {},
): Segment[] {
  const g = opts.focused ? BOLD : ROUND;
  if (width < 2) return [{ text: g.h.repeat(Math.max(0, width)), token: 'border' }];
  const inner = width - 2;
  const parts: Segment[] = [];
  let used = 0;
  const push = (s: Segment) => {
    parts.push(s);
    used += textWidth(s.text);
  };
  const stale = opts.stale ? ` ${opts.stale}` : '';
  const titleText = title.map((s) => s.text).join('');
  // "─ " + title + stale + " " + at least one "─"
  const titleRoom = titleRoomFor(width, opts.stale);
  const info = opts.info ? ` ${opts.info} ` : '';
  const infoFits = opts.info && textWidth(titleText) + textWidth(info) + 1 <= titleRoom;
  if (titleRoom > 0) {
    push({ text: `${g.h} `, token: opts.focused ? 'borderFocused' : 'border' });
    let room = titleRoom;
    for (const s of title) {
      if (room <= 0) break;
      const text = truncate(s.text, room);
      push({ ...s, text, token: s.token ?? (opts.focused ? 'titleFocused' : 'title') });
      room -= textWidth(text);
    }
    if (stale) push({ text: stale, token: stale.startsWith(' …') ? 'muted' : 'stale' });
    push({ text: ' ', token: 'border' });
  }
  const tail = infoFits ? info : '';
  const fill = Math.max(0, inner - used - textWidth(tail) - (tail ? 1 : 0));
  const borderToken = opts.focused ? 'borderFocused' : 'border';
  const out: Segment[] = [{ text: g.tl, token: borderToken }, ...parts, { text: g.h.repeat(fill), token: borderToken }];
  if (tail) out.push({ text: tail, token: 'muted' }, { text: g.h, token: borderToken });
  out.push({ text: g.tr, token: borderToken });
  return out;
}

function segmentsWidth(segments: readonly Segment[]): number {
  return segments.reduce((w, s) => w + textWidth(s.text), 0);
}

/** The segments cut to `width` columns. */
function clipSegments(segments: readonly Segment[], width: number): Segment[] {
  const out: Segment[] = [];
  let room = width;
  for (const s of segments) {
    if (room <= 0) break;
    const text = truncate(s.text, room);
    out.push({ ...s, text });
    room -= textWidth(text);
  }
  return out;
}

/** The top border with its title: drawn again only when what it says changes, not at each render of the pane's rows. */
const TopBorder = memo(
  function TopBorder({ segments }: { segments: readonly Segment[] }) {
    const theme = useTheme();
    return (
      <Text wrap="truncate" {...theme.tokens.text}>
        {segments.map((s, i) => {
          const style = s.token ? theme.tokens[s.token] : {};
          return (
            <SegmentText key={i} {...style} bold={s.bold || style.bold}>
              {s.text}
            </SegmentText>
          );
        })}
      </Text>
    );
  },
  (a, b) => sameSegments(a.segments, b.segments),
);

/**
 * A framed pane on the theme's surface. The frame is drawn as text rather than with ink's
 * box border: ink draws border glyphs without a background, which would leave the frame
 * on the terminal's own background around a painted surface.
 */
export const Panel = memo(function Panel({ title, width, height, focused, staleMs, info, tabs, filter, children }: PanelProps) {
  const theme = useTheme();
  if (width <= 0 || height <= 0) return null;
  const stale = staleMs !== undefined ? staleLabel(staleMs) : undefined;
  const room = titleRoomFor(width, stale);
  const plain = typeof title === 'string' ? [{ text: title }] : title;
  // The filter is what the user is typing or has to remember: the title gives way to it,
  // down to a few columns of its own.
  const filterWidth = filter ? Math.min(segmentsWidth(filter), Math.max(0, room - Math.min(tabs ? 6 : segmentsWidth(plain), 8))) : 0;
  const headRoom = room - filterWidth;
  const head = tabs ? tabSegments(tabs.items, tabs.active, headRoom) : filter ? clipSegments(plain, headRoom) : plain;
  const segments = titleLine(width, filter ? [...head, ...clipSegments(filter, filterWidth)] : head, { focused, stale, info });
  const border = theme.tokens[focused ? 'borderFocused' : 'border'];
  const edge = { color: border.color, dimColor: border.dimColor };
  const g = focused ? BOLD : ROUND;
  const rows = Math.max(0, height - 2);
  const side = Array.from({ length: rows }, () => g.v).join('\n');
  const bottom = width < 2 ? g.h.repeat(width) : g.bl + g.h.repeat(width - 2) + g.br;
  return (
    <Box flexDirection="column" width={width} height={height} flexShrink={0} overflow="hidden" backgroundColor={theme.tokens.surface.backgroundColor}>
      <TopBorder segments={segments} />
      {height > 1 && (
        // One body per frame shape, so a focus change mounts a fresh one rather than
        // patching the old in place.
        <Box key={focused ? 'focused' : 'plain'} flexDirection="column" width={width} height={height - 1} flexShrink={0} overflow="hidden">
          {rows > 0 && (
            <Box flexDirection="row" width={width} height={rows} flexShrink={0} overflow="hidden">
              <SegmentText wrap="truncate" {...edge}>
                {side}
              </SegmentText>
              <Box flexDirection="column" width={Math.max(0, width - 2)} height={rows} flexShrink={0} overflow="hidden">
                {children}
              </Box>
              {width > 1 && (
                <SegmentText wrap="truncate" {...edge}>
                  {side}
                </SegmentText>
              )}
            </Box>
          )}
          <SegmentText wrap="truncate" {...edge}>
            {bottom}
          </SegmentText>
        </Box>
      )}
    </Box>
  );
});
