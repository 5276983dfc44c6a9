import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { channelSegments, statusSegments, type StatusModel } from '../app/statusSegments.js';
import { headerSegments, type HeaderModel } from '../app/headerSegments.js';
import type { ConnState, SubState } from '../../model/streamState.js';
import { CONFIGS, MARK } from '../../../test/ui/support/paneFixtures.js';
import { ansi256Rgb, colorRgb, contrastRatio, dimmed, relativeLuminance } from './contrast.js';
import { FALLBACK_THEME } from './fallbackTheme.js';
import { listThemes, loadTheme } from './loadTheme.js';
import { readabilityProblems, SURFACES, unpaintedSurfaces } from './readability.js';
import type { ColorLevel, Theme, ThemeToken } from './tokens.js';

function theme(name: string, level: ColorLevel): Theme {
  const r = loadTheme(name, { level });
  if (!r.ok) throw new Error(r.error);
  return r.theme;
}

describe('contrast', () => {
  it('follows WCAG 2.x relative luminance', () => {
    expect(relativeLuminance([0, 0, 0])).toBe(0);
    expect(relativeLuminance([255, 255, 255])).toBeCloseTo(1, 10);
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 10);
    expect(contrastRatio([255, 255, 255], [0, 0, 0])).toBeCloseTo(21, 10);
    // The usual reference points: #767676 is the lightest grey with 4.5:1 on white, #777777 just misses.
    expect(contrastRatio([0x76, 0x76, 0x76], [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio([0x77, 0x77, 0x77], [255, 255, 255])).toBeLessThan(4.5);
    expect(contrastRatio([255, 0, 0], [255, 255, 255])).toBeCloseTo(4, 1);
  });
  it('reads every colour form a resolved theme uses, in xterm’s default palette', () => {
    expect(colorRgb('#26a69a')).toEqual([0x26, 0xa6, 0x9a]);
    expect(colorRgb('green')).toEqual([0, 205, 0]);
    expect(colorRgb('gray')).toEqual([127, 127, 127]);
    expect(colorRgb('ansi256(196)')).toEqual([255, 0, 0]);
    expect(colorRgb('ansi256(244)')).toEqual([128, 128, 128]);
    expect(colorRgb('ansi256(67)')).toEqual([95, 135, 175]);
    expect(colorRgb('ansi256(9)')).toEqual([255, 0, 0]);
    expect(colorRgb('purple')).toBeUndefined();
    expect(ansi256Rgb(16)).toEqual([0, 0, 0]);
    expect(ansi256Rgb(231)).toEqual([255, 255, 255]);
    expect(ansi256Rgb(232)).toEqual([8, 8, 8]);
  });
  it('draws faint text half-way to its background', () => {
    expect(dimmed([200, 100, 0], [0, 0, 0])).toEqual([100, 50, 0]);
  });
});

const LEVELS = ['truecolor', '256', '16'] as const;

describe('every shipped theme is readable', () => {
  for (const name of listThemes()) {
    for (const level of LEVELS) {
      it(`${name} at ${level}: every token pair meets its contrast, every surface painted`, () => {
        expect(readabilityProblems(theme(name, level))).toEqual([]);
      });
    }
  }
  it('the colourless themes leave every colour to the terminal, which reads by definition', () => {
    expect(readabilityProblems(FALLBACK_THEME)).toEqual([]);
    expect(readabilityProblems(theme('dark', 'none'))).toEqual([]);
  });
});

/** The shipped themes as they were before the surface token, kept to show what the checks catch. */
const BEFORE = fileURLToPath(new URL('./fixtures/before-surface/', import.meta.url));

function before(name: string, level: ColorLevel): Theme {
  const r = loadTheme(name, { level, dirs: [BEFORE] });
  if (!r.ok) throw new Error(r.error);
  return r.theme;
}

describe('the themes as they shipped before fail the checks', () => {
  for (const level of LEVELS) {
    it(`high-contrast at ${level}: white on white in the header and the status bar`, () => {
      const problems = readabilityProblems(before('high-contrast', level)).join('\n');
      // header: black on bright white, with white labels ("mark", "last") on it
      expect(problems).toMatch(/muted on header, dark terminal: 1\.26:1 < 3:1/);
      // status bar: black on white, with the bright white message text on it
      expect(problems).toMatch(/text on status, dark terminal: 1\.26:1 < 4\.5:1/);
      expect(problems).toMatch(/muted on status, dark terminal: 1\.00:1 < 3:1/);
    });
    it(`light at ${level}: sets only text colours, so its dark text lands on a dark terminal`, () => {
      const t = before('light', level);
      expect(unpaintedSurfaces(t)).toEqual(['surface']);
      expect(readabilityProblems(t).join('\n')).toMatch(/text on surface, dark terminal/);
    });
    it(`dark at ${level}: light text left on a light terminal`, () => {
      const t = before('dark', level);
      expect(unpaintedSurfaces(t)).toEqual(['surface']);
      expect(readabilityProblems(t).join('\n')).toMatch(/text on surface, light terminal/);
    });
  }
});

describe('the checks can fail', () => {
  const base = theme('dark', 'truecolor');
  const withTokens = (tokens: Partial<Theme['tokens']>): Theme => ({ ...base, name: 'probe', tokens: { ...base.tokens, ...tokens } });
  it('flags light text left on the terminal background', () => {
    const t = withTokens({ surface: {} });
    expect(unpaintedSurfaces(t)).toEqual(['surface']);
    expect(readabilityProblems(t).join('\n')).toMatch(/text on surface, light terminal/);
  });
  it('flags a segment the colour of its bar', () => {
    const t = withTokens({ muted: { color: base.tokens.header.backgroundColor! } });
    expect(readabilityProblems(t).join('\n')).toMatch(/muted on header, dark terminal: 1\.00:1 < 3:1/);
  });
  it('judges a bar segment with the bar’s faint and colours, as Bar nests it', () => {
    // A faint bar fades every segment drawn on it.
    const faint = withTokens({ status: { ...base.tokens.status, dimColor: true } });
    expect(readabilityProblems(faint).join('\n')).toMatch(/accent on status, dark terminal: 2\.81:1 < 3:1/);
    // A segment without a colour of its own is drawn in the bar's.
    const plain = withTokens({ muted: {} });
    expect(readabilityProblems(plain).join('\n')).not.toMatch(/muted on (header|status)/);
    expect(readabilityProblems(plain).join('\n')).toMatch(/muted on surface/);
  });
  it('judges faint text after it fades', () => {
    const t = withTokens({ muted: { color: '#9aa0aa', dimColor: true } });
    expect(readabilityProblems(t).join('\n')).toMatch(/muted on status/);
  });
});

/** Tokens the bars can draw, over every state their models take. */
function barTokens(): { header: Set<ThemeToken>; status: Set<ThemeToken> } {
  const header = new Set<ThemeToken>(['header']);
  const status = new Set<ThemeToken>(['status']);
  const contract = CONFIGS.contracts[0]!;
  const markets = [undefined, { ...MARK, dayOpenPx: '140' }, { ...MARK, lastPx: '130', dayOpenPx: '140' }, { ...MARK, lastPx: '140', dayOpenPx: '140' }];
  for (const width of [40, 80, 120, 200]) {
    for (const market of markets) {
      for (const flags of [0, 1, 2, 3]) {
        const m: HeaderModel = { contract: market ? contract : undefined, market, embedded: (flags & 1) === 1, readOnly: (flags & 2) === 2, loaded: flags !== 0 };
        for (const s of headerSegments(m, width)) if (s.token) header.add(s.token);
      }
    }
  }
  const conns: ConnState[] = ['idle', 'connecting', 'authenticating', 'open', 'reconnecting', 'closed'];
  const subs: SubState[] = ['live', 'connecting', 'subscribing', 'resyncing', 'stale', 'down'];
  const tones = ['info', 'warning', 'error', 'success'] as const;
  for (const width of [40, 80, 200]) {
    for (const connection of conns) {
      for (const sub of subs) {
        for (const tone of tones) {
          for (const signer of ['agent', 'master', 'none'] as const) {
            const m: StatusModel = {
              connection,
              channels: { 'l2Book:1': sub, 'candle:1:1m': 'live', userFills: sub },
              latencyMs: 12,
              clockOffsetMs: 3,
              clockWarning: tone === 'warning' ? 'clock is 3 s off' : null,
              dataAgeMs: 1000,
              signer,
              readOnly: signer === 'none',
              inFlight: tone === 'error' ? 1 : 0,
              progress: tone === 'success' ? 'approving agent' : null,
              message: { text: 'a message', tone },
            };
            for (const s of statusSegments(m, width)) if (s.token) status.add(s.token);
            for (const s of channelSegments(m.channels)) if (s.token) status.add(s.token);
          }
        }
      }
    }
  }
  return { header, status };
}

describe('the surface model matches the bars', () => {
  it('lists every token the header and the status bar draw', () => {
    const { header, status } = barTokens();
    expect([...header].sort()).toEqual([...SURFACES.header].sort());
    expect([...status].sort()).toEqual([...SURFACES.status].sort());
  });
});
