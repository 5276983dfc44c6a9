import { describe, expect, it } from 'vitest';
import { configRules } from '../../src/alerts/alertSources.js';
import { hundredRules } from '../../bench/alerts.js';

describe('the alerts bench', () => {
  it('arms 100 valid rules of every kind but margin', () => {
    const rules = configRules(hundredRules(), 'bench');
    expect(rules).toHaveLength(100);
    expect(new Set(rules.map((r) => r.kind))).toEqual(new Set(['price', 'move', 'funding', 'spread', 'stale', 'pnl', 'order', 'algo']));
  });
});
