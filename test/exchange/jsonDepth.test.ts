import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../../src/exchange/jsonDepth.js';

describe('exceedsJsonDepth', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(exceedsJsonDepth('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(exceedsJsonDepth('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(exceedsJsonDepth('{"a":"[[[[[[[[\\"[[[["}', 1)).toBe(false);
  });

  it('finds 3,000 levels without recursion and passes the default limit exactly', () => {
    expect(exceedsJsonDepth('['.repeat(3000) + ']'.repeat(3000))).toBe(true);
    const atLimit = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(exceedsJsonDepth(atLimit)).toBe(false);
    expect(exceedsJsonDepth('[' + atLimit + ']')).toBe(true);
  });
});
