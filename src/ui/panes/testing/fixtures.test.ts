import { describe, expect, it } from 'vitest';
import { REAL_CONFIGS } from '../../../../test/support/realConfigs.js';
import { CONFIGS } from './fixtures.js';

describe('pane fixtures', () => {
  it('CONFIGS is the embedded exchange market exactly as configs answers it', () => {
    expect(CONFIGS).toStrictEqual(REAL_CONFIGS);
  });
});
