/**
 * What a command's exit status means, for scripts: each failure class has its own code so a
 * caller can tell "the exchange said no" from "the network is down" without parsing text.
 */
export const EXIT = {
  ok: 0,
  /** The exchange rejected the request (each item's error is in the output). */
  rejected: 1,
  /** Bad arguments or config. */
  usage: 2,
  /** Network failure or timeout: nothing was decided. */
  network: 3,
  /** A guard or pre-trade check refused before signing (override with --force). */
  refused: 4,
  /** The answer was lost and the exchange's records could not settle it. */
  unknown: 5,
  internal: 70,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** What each code means, in the words of `perpdesk help` and of docs/cli.md's table (a test checks the doc). */
const MEANING: Record<ExitCode, string> = {
  0: 'ok',
  1: 'the exchange rejected the request (HTTP 200 with per-item errors included)',
  2: 'bad arguments or config, an unknown command, or an account that does not exist yet',
  3: 'network failure or timeout: nothing was decided',
  4: 'refused before signing: a guard, a known refusal, `--yes` was needed, or the question was answered no or interrupted (Ctrl-C)',
  5: "the answer was lost and the exchange's records could not settle it",
  70: 'internal error',
};

const CODES = (Object.values(EXIT) as ExitCode[]).sort((a, b) => a - b);

export const EXIT_HELP = `Exit codes:\n${CODES.map((c) => `  ${String(c).padEnd(4)}${MEANING[c].replace(/`/g, '')}`).join('\n')}\n`;

/** docs/cli.md's exit-code table, generated from the codes above. */
export function exitCodesMarkdown(): string {
  return ['| code | meaning |', '|---|---|', ...CODES.map((c) => `| ${c} | ${MEANING[c]} |`)].join('\n');
}

/** A failure with its exit code; `detail` goes into the JSON output beside the message. */
export class CommandError extends Error {
  constructor(
    readonly code: ExitCode,
    message: string,
    readonly detail?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'CommandError';
  }
}
