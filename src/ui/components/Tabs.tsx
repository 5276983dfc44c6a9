import { memo } from 'react';
import { Text } from 'ink';
import { textWidth, truncate } from '../format/width.js';
import { useTheme } from '../theme/ThemeContext.js';
import { SegmentText, type Segment } from './Tone.js';

export interface TabItem {
  id: string;
  label: string;
  /** Count shown after the label: "Orders 3". */
  badge?: string | number;
}

function tabText(t: TabItem): string {
  return t.badge === undefined || t.badge === '' ? t.label : `${t.label} ${t.badge}`;
}

/**
 * A tab strip as segments within `width` columns. The active tab is bracketed as well as
 * styled, so it stands out on monochrome terminals. When the strip is too wide, tabs far
 * from the active one are dropped and '‹' / '›' mark the hidden sides.
 */
export function tabSegments(tabs: readonly TabItem[], active: string, width: number): Segment[] {
  if (tabs.length === 0 || width <= 0) return [];
  const cells = tabs.map((t) => (t.id === active ? `[${tabText(t)}]` : ` ${tabText(t)} `));
  const ai = Math.max(0, tabs.findIndex((t) => t.id === active));
  let lo = ai;
  let hi = ai;
  let used = textWidth(cells[ai]!);
  const markers = (l: number, h: number) => (l > 0 ? 1 : 0) + (h < cells.length - 1 ? 1 : 0);
  // Grow around the active tab, right then left, while the strip and its markers fit.
  for (let grew = true; grew; ) {
    grew = false;
    for (const next of [hi + 1, lo - 1]) {
      if (next < 0 || next >= cells.length) continue;
      const l = Math.min(lo, next);
      const h = Math.max(hi, next);
      const w = textWidth(cells[next]!);
      if (used + w + markers(l, h) > width) continue;
      used += w;
      [lo, hi] = [l, h];
      grew = true;
    }
  }
  const out: Segment[] = [];
  if (lo > 0) out.push({ text: '‹', token: 'muted' });
  for (let i = lo; i <= hi; i++) {
    const isActive = i === ai;
    const text = isActive ? truncate(cells[i]!, width - (lo > 0 ? 1 : 0) - (hi < cells.length - 1 ? 1 : 0)) : cells[i]!;
    out.push({ text, token: isActive ? 'tabActive' : 'tabInactive' });
  }
  if (hi < cells.length - 1) out.push({ text: '›', token: 'muted' });
  return out;
}

export const Tabs = memo(function Tabs({ tabs, active, width }: { tabs: readonly TabItem[]; active: string; width: number }) {
  const theme = useTheme();
  return (
    <Text wrap="truncate" {...theme.tokens.text}>
      {tabSegments(tabs, active, width).map((s, i) => (
        <SegmentText key={i} {...(s.token ? theme.tokens[s.token] : {})}>
          {s.text}
        </SegmentText>
      ))}
    </Text>
  );
});
