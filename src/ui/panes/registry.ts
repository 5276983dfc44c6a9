import type { ComponentType } from 'react';
import { createElement } from 'react';
import { Panel } from '../components/Panel.js';
import type { PaneId } from '../app/layout.js';

/** What the app shell gives every pane: its outer size (borders included) and focus. */
export interface PaneProps {
  width: number;
  height: number;
  focused: boolean;
}

/** Panes the shell mounts from this registry (header and status bar are the shell's own). */
export type ContentPaneId = Exclude<PaneId, 'header' | 'status'>;

export const PANE_TITLES: Readonly<Record<PaneId, string>> = {
  header: 'Header',
  book: 'Book',
  trades: 'Trades',
  chart: 'Chart',
  orders: 'Orders',
  positions: 'Positions',
  account: 'Account',
  shareGroups: 'Share groups',
  fills: 'Fills',
  agents: 'Agents',
  journal: 'Journal',
  status: 'Status',
};

function placeholder(id: PaneId): ComponentType<PaneProps> {
  const C = ({ width, height, focused }: PaneProps) => createElement(Panel, { title: PANE_TITLES[id], width, height, focused });
  C.displayName = `Placeholder(${id})`;
  return C;
}

export const PANES: Record<PaneId, ComponentType<PaneProps>> = {
  header: placeholder('header'),
  book: placeholder('book'),
  trades: placeholder('trades'),
  chart: placeholder('chart'),
  orders: placeholder('orders'),
  positions: placeholder('positions'),
  account: placeholder('account'),
  shareGroups: placeholder('shareGroups'),
  fills: placeholder('fills'),
  agents: placeholder('agents'),
  journal: placeholder('journal'),
  status: placeholder('status'),
};
