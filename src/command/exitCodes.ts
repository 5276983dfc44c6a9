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

export const EXIT_HELP = `Exit codes:
  0   ok
  1   the exchange rejected the request (each item's error is in the output)
  2   bad arguments or config
  3   network failure or timeout
  4   a guard or pre-trade check refused before signing (--force overrides a guard)
  5   the answer was lost and could not be settled (what is known is in the output)
  70  internal error
`;

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
