import fc from 'fast-check';
import * as v from 'valibot';
import { expect, it } from 'vitest';
import { RepeatFrames } from '../../src/client/repeatFrames.js';
import { isDataMessage, type DataMessage } from '../../src/client/wsSubscriptions.js';
import { ServerMessage } from '../../src/protocol/wire/index.js';

/**
 * A frame taken as a repeat of the last one (src/client/repeatFrames.ts) is exactly what
 * parsing and validating it would give. Seeded sequences of book and BBO frames as the
 * exchange writes them, mostly repeats with new times, some changed levels, and hostile
 * variants: a second `time` key after the first (the last one wins in JSON), a key written
 * with an escape, a time with a leading zero, a fraction or a sign, another key before the
 * time, another channel. For every frame: what the cache answers is what the parser says.
 */
const SEED = Number(process.env['PERPDESK_REPEAT_SEED'] ?? 7);

function parsed(text: string): DataMessage | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const r = v.safeParse(ServerMessage, json);
  return r.success && isDataMessage(r.output) ? r.output : undefined;
}

const level = fc.record({ px: fc.integer({ min: 1, max: 200 }).map(String), sz: fc.integer({ min: 1, max: 90 }).map(String), n: fc.integer({ min: 1, max: 4 }) });
const frame = fc.record({
  channel: fc.constantFrom('l2Book', 'bbo'),
  contractId: fc.integer({ min: 0, max: 1 }),
  time: fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 ** 45 })),
  levels: fc.tuple(fc.array(level, { minLength: 0, maxLength: 3 }), fc.array(level, { minLength: 0, maxLength: 3 })),
  // Mostly the exchange's own text; now and then one of the hostile variants.
  variant: fc.constantFrom('plain', 'plain', 'plain', 'plain', 'plain', 'plain', 'plain', 'plain', 'secondTime', 'secondTime', 'escapedKey', 'leadingZero', 'fraction', 'negative', 'keyBefore', 'trades'),
  // Few values, so that two hostile frames of a key often carry the same one.
  otherTime: fc.integer({ min: 0, max: 2 }),
});
type Frame = typeof frame extends fc.Arbitrary<infer T> ? T : never;

function textOf(f: Frame, levels: Frame['levels']): string {
  const body = f.channel === 'l2Book' ? `"levels":${JSON.stringify(levels)}` : `"bid":${JSON.stringify(levels[0][0] ?? null)},"ask":${JSON.stringify(levels[1][0] ?? null)}`;
  const head = `{"channel":"${f.channel}","data":{"contractId":${f.contractId},"time":`;
  switch (f.variant) {
    case 'secondTime':
      return `${head}${f.time},${body},"time":${f.otherTime}}}`;
    case 'escapedKey':
      return `${head}${f.time},${body},"\\u0074ime":${f.otherTime}}}`;
    case 'leadingZero':
      return `${head}0${f.time},${body}}}`;
    case 'fraction':
      return `${head}${f.time}.5,${body}}}`;
    case 'negative':
      return `{"channel":"${f.channel}","data":{"contractId":${f.contractId},"time":-${f.time},${body}}}`;
    case 'keyBefore':
      return `{"channel":"${f.channel}","meta":{"time":${f.otherTime}},"data":{"contractId":${f.contractId},"time":${f.time},${body}}}`;
    case 'trades':
      return `{"channel":"trades","data":[]}`;
    default:
      return `${head}${f.time},${body}}}`;
  }
}

it('takes a frame as a repeat only when parsing it would give the kept message with its new time', () => {
  let repeats = 0;
  fc.assert(
    fc.property(fc.array(fc.tuple(frame, fc.constantFrom(true, true, true, false)), { minLength: 20, maxLength: 60 }), (frames) => {
      const cache = new RepeatFrames();
      // A repeat keeps the levels of the previous frame of its key (the calm market's case).
      const last = new Map<string, Frame['levels']>();
      for (const [f, same] of frames) {
        const key = `${f.channel}:${f.contractId}`;
        const levels = same ? (last.get(key) ?? f.levels) : f.levels;
        last.set(key, levels);
        const text = textOf(f, levels);
        const truth = parsed(text);
        const hit = cache.match(text);
        if (hit) {
          repeats++;
          expect(hit).toEqual(truth);
        } else if (truth) cache.keep(text, truth);
      }
    }),
    { numRuns: 400, seed: SEED },
  );
  // The sequences repeat often: the cache answered, it was not merely never asked.
  expect(repeats).toBeGreaterThan(1000);
});

it('answers a repeat of the exchange own frame, and nothing before a frame was kept or after a new connection', () => {
  const cache = new RepeatFrames();
  const a = '{"channel":"l2Book","data":{"contractId":1,"time":1796314792892,"levels":[[{"px":"149","sz":"32","n":2}],[{"px":"151","sz":"32","n":2}]]}}';
  const b = a.replace('1796314792892', '1796314792932');
  expect(cache.match(a)).toBeUndefined();
  cache.keep(a, parsed(a)!);
  expect(cache.match(b)).toEqual(parsed(b));
  expect((cache.match(b) as { data: { time: number } }).data.time).toBe(1796314792932);
  // Another size is not a repeat.
  expect(cache.match(b.replace('"sz":"32","n":2}],[', '"sz":"33","n":2}],['))).toBeUndefined();
  cache.clear();
  expect(cache.match(b)).toBeUndefined();
});
