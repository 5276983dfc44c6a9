import { EventEmitter } from 'node:events';
import chalk from 'chalk';
import { Box, Text } from 'ink';
import { afterAll, beforeAll } from 'vitest';
import { screenText, writeTerm, type createTerminal } from './xtermScreen.js';

/** A fake terminal and keyboard for real ink instances, and a book-like screen to render. */

export { FakeStdin } from '../support/virtualTerminal.js';

/** Styles as a truecolor terminal gets them, for the tests in the calling file. */
export function useTrueColorChalk(): void {
  let previous: typeof chalk.level;
  beforeAll(() => {
    previous = chalk.level;
    chalk.level = 3;
  });
  afterAll(() => {
    chalk.level = previous;
  });
}

export type Term = ReturnType<typeof createTerminal>;

export class FakeTty extends EventEmitter {
  readonly isTTY = true;
  bytes = 0;
  constructor(
    public columns: number,
    public rows: number,
    private readonly term: Term,
  ) {
    super();
  }
  write(data: string | Uint8Array, cb?: unknown, cb2?: unknown): boolean {
    const text = typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
    this.bytes += Buffer.byteLength(text);
    this.term.write(text);
    const done = typeof cb === 'function' ? cb : cb2;
    if (typeof done === 'function') (done as () => void)();
    return true;
  }
}

export interface DashboardProps {
  n: number;
  cols: number;
  rows: number;
  overlay: boolean;
  fill?: boolean;
  /** Boxes paint their own backgrounds, as themes with a surface colour do. */
  painted?: boolean;
  /** 'all': every level changes each update; 'some': a few do, like a live book. */
  churn?: 'all' | 'some';
}

/** A book-like screen: header, bids and asks with changing sizes, a status line, an optional modal. */
export function Dashboard({ n, cols, rows, overlay, fill, painted, churn = 'all' }: DashboardProps) {
  const depth = Math.max(3, Math.min(12, rows - 10));
  const level = (side: number, i: number) => {
    const px = (150 + side * (i + 1) * 0.05).toFixed(2);
    const hot = churn === 'all' || i === n % depth || i === (n + 5) % depth;
    const sz = (((hot ? n * 7 : 0) + i * 13 + (side + 1) * 5) % 97) * 3 + 1;
    return { px, sz: String(sz).padStart(5), bar: '█'.repeat((sz % 20) + 1) };
  };
  return (
    <Box flexDirection="column" width={cols} height={fill ? rows : rows - 1} {...(painted ? { backgroundColor: '#11151c' } : {})}>
      <Box justifyContent="space-between">
        <Text bold color="cyan">
          perpdesk 永続 SOL1
        </Text>
        <Text color="gray">frame {n}</Text>
      </Box>
      <Box>
        {[-1, 1].map((side) => (
          <Box
            key={side}
            flexDirection="column"
            borderStyle="round"
            borderColor={side < 0 ? 'green' : 'red'}
            width={Math.floor(cols / 2)}
            {...(painted ? { backgroundColor: side < 0 ? '#0d2b26' : (n % 3 === 0 ? '#2b0d0d' : '#1c2330') } : {})}
          >
            {Array.from({ length: depth }, (_, i) => {
              const l = level(side, i);
              return (
                <Text key={i} wrap="truncate">
                  <Text color={side < 0 ? 'green' : 'redBright'}>{l.px}</Text> <Text bold={i === n % depth}>{l.sz}</Text>{' '}
                  <Text color={side < 0 ? '#2e8b57' : '#b22222'}>{l.bar}</Text>
                </Text>
              );
            })}
          </Box>
        ))}
      </Box>
      <Text backgroundColor="blue" color="white" wrap="truncate">
        {` status: ${n % 2 === 0 ? 'connected' : 'syncing  '} · orders ${n % 5} · 🚀 `}
      </Text>
      {overlay ? (
        <Box position="absolute" marginTop={3} marginLeft={6} borderStyle="double" paddingX={1} flexDirection="column" {...(painted ? { backgroundColor: 'white' } : {})}>
          <Text inverse> Confirm: buy 1.5 SOL1 @ 150.05 </Text>
          <Text dimColor italic underline>
            press y to send, esc to cancel
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}

/** Waits until the terminal shows the Dashboard's frame number n. */
export async function showsFrame(term: Term, n: number): Promise<void> {
  const marker = new RegExp(`frame ${n}\\b`);
  for (let i = 0; i < 500; i++) {
    await writeTerm(term, '');
    if (marker.test(screenText(term).join('\n'))) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`frame ${n} never appeared:\n${screenText(term).join('\n')}`);
}
