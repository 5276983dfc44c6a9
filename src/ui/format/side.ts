import { MINUS } from '../../format/fixedText.js';

/**
 * Side and direction markers. Colour is never the only carrier of meaning: every marker
 * here differs in its glyph too, so mono and NO_COLOR terminals still read correctly.
 */

export type SideStyle = 'letter' | 'word' | 'long' | 'sign';

export function sideLabel(isBuy: boolean, style: SideStyle = 'letter'): string {
  switch (style) {
    case 'letter':
      return isBuy ? 'B' : 'S';
    case 'word':
      return isBuy ? 'Buy' : 'Sell';
    case 'long':
      return isBuy ? 'Long' : 'Short';
    case 'sign':
      return isBuy ? '+' : MINUS;
  }
}

/** ▲ for up, ▼ for down, · for unchanged. */
export function directionSymbol(delta: bigint | number): string {
  if (delta > 0) return '▲';
  if (delta < 0) return '▼';
  return '·';
}

/** Direction of `current` against `previous`; undefined when either is unknown. */
export function tickDirection(current: bigint | undefined, previous: bigint | undefined): -1 | 0 | 1 | undefined {
  if (current === undefined || previous === undefined) return undefined;
  return current > previous ? 1 : current < previous ? -1 : 0;
}
