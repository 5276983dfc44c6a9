/**
 * Test helper: throws if the book is inconsistent (crossed, empty or unsorted
 * levels, broken FIFO links, stale indexes, non-positive sizes, level totals
 * that disagree with their orders). Cost is O(orders), so call it from tests
 * and debug paths, never per operation in production.
 */
import type { OrderBook } from './orderBook.js';

export function checkInvariants(book: OrderBook): void {
  const errors = book.invariantErrors();
  if (errors.length > 0) {
    const shown = errors.slice(0, 20).join('\n  ');
    throw new Error(`order book invariants broken (${errors.length}):\n  ${shown}`);
  }
}
