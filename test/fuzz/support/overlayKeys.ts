import { KEYS } from '../../support/terminal.js';

/** Keys the overlay fuzzers draw from: openers of every form and overlay, moves, edits and text. */
export const OPENERS = ['b', 's', 'X', 't', 'F', 'R', 'H', 'L', 'M', 'I', 'C', 'A', 'E', 'O', 'B', 'S', 'J', 'K', 'D', 'm', 'x', 'd', 'c', 'a', '.', ':', '/', 'p', '?'];
export const MOVES = [KEYS.tab, KEYS.shiftTab, KEYS.up, KEYS.down, KEYS.left, KEYS.right, 'h', 'l', 'j', 'k', ']', '[', 'g', 'G', 'z', 'i'];
export const EDITS = [KEYS.enter, KEYS.enter, KEYS.escape, KEYS.backspace, ' ', 'y', 'n', 'o', '\x15'];
export const TEXT = [...'0123456789.-e,', '10', '150', '0.5', '-1', '1e400', '99999999999999999999', 'yes', 'no', 'buy 1 @ 149\nsell 2 @ 151', '0x3333333333333333333333333333333333333333', 'ETH', 'zoom', '\u202e', 'é'];
