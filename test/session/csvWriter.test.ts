import { describe, expect, it } from 'vitest';
import { unitsText } from '../../src/command/historyCommands.js';
import { formatDecimal } from '../../src/protocol/index.js';
import { iso, toCsv, writeCsv, type Row } from '../../src/session/journalExport.js';

/** The export's CSV writer in chunks, and its times, against the plain forms they replace. */
describe('the export CSV writer', () => {
  it('writes in chunks the bytes toCsv gives, waiting for drain when the stream asks', async () => {
    const rows: Row[] = Array.from({ length: 5_000 }, (_, i) => ({ a: i, b: i % 3 ? `x${i}` : '=1,"2"', c: i % 2 === 0, d: null, e: i % 5 ? -i : -0.5, f: ['p', 'q'], g: 1e21 * (i % 2 ? 1 : -1) }));
    const columns = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'missing'];
    const chunks: string[] = [];
    let drains = 0;
    const out = {
      write: (t: string) => (chunks.push(t), chunks.length % 2 === 0),
      once: (_e: 'drain', f: () => void) => (drains++, setImmediate(f)),
    };
    await writeCsv(out, columns, rows);
    expect(chunks.length).toBeGreaterThan(2);
    expect(drains).toBeGreaterThan(0);
    expect(chunks.join('')).toBe(toCsv(columns, rows));
  });

  it('writes times as toISOString does, or null', () => {
    const times = [0, 1, 999, 1000, 1_793_520_001_000, 1_793_520_001_999, 1_793_520_002_000, 253_402_300_799_999, 253_402_300_800_000, -1, -86_400_001, 1.5, 8.64e15];
    for (const t of [...times, ...times.slice().reverse()]) expect(iso(t), String(t)).toBe(new Date(t).toISOString());
    const wrong: number[] = [];
    for (let t = 1_793_500_000_000, i = 0; i < 20_000; i++, t += 1 + ((i * 7_919_113) % 9_000_000)) if (iso(t) !== new Date(t).toISOString()) wrong.push(t);
    expect(wrong).toEqual([]);
    expect(iso(Number.NaN)).toBeNull();
    expect(iso(8.64e15 + 1)).toBeNull();
  });
});

describe('unitsText', () => {
  it('writes an integer\'s text as formatDecimal writes its BigInt', () => {
    const raws = ['0', '-0', '000', '-000', '5', '-5', '1000000', '-1000000', '1234567', '-1234567', '0001234567', '-0000001', '120', '99999999999999999999999', '-10', '100', '1000001', '-999999'];
    for (let i = 0; i < 3_000; i++) raws.push(String((i % 2 ? -1 : 1) * Math.floor(((i * 2_654_435_761) % 2 ** 32) / (1 + (i % 9) * 1_000))));
    const wrong: string[] = [];
    for (const decimals of [0, 1, 2, 6, 8, 18])
      for (const raw of raws) if (unitsText(raw, decimals) !== formatDecimal(BigInt(raw), decimals)) wrong.push(`${raw}@${decimals}`);
    expect(wrong).toEqual([]);
  });
});
