import { FollowedIndex, IndexFeedError } from '../exchange/live/indexFeed.js';
import { readRecordings, RecordingError, recordingFiles } from '../record/readRecording.js';
import { recordedPrices } from '../record/recordingPrices.js';
import { parseSpeed } from '../record/replaySpeed.js';

/**
 * `--replay-market PATH [--speed S]` (dashboard and `perpdesk exchange`): the embedded
 * exchange's index follows a recording's marks (its trades where no mark was recorded), at
 * S times real time (default 1). A recording that cannot be read, or that prices no
 * contract the venue lists, is a MarketReplayError with words for the user.
 */
export class MarketReplayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MarketReplayError';
  }
}

export interface MarketReplayOptions {
  path: string;
  /** `--speed` as typed; default 1. */
  speed?: string | undefined;
  /** Damaged lines, the end of the recording. */
  log: (line: string) => void;
}

export function marketReplay(o: MarketReplayOptions): FollowedIndex {
  const speed = o.speed === undefined ? 1 : parseSpeed(o.speed, { allowMax: false });
  if (typeof speed !== 'number') throw new MarketReplayError(speed.error);
  let files;
  try {
    files = recordingFiles(o.path);
  } catch (e) {
    if (e instanceof RecordingError) throw new MarketReplayError(`--replay-market: ${e.message}`);
    throw e;
  }
  const names = new Set<string>();
  const points = recordedPrices(readRecordings(files, { onWarning: o.log }), names);
  return new FollowedIndex({ source: o.path, points, contracts: () => [...names] }, { speed, log: o.log });
}

/** What startExchange's attach throws for a recording, as the user's error. */
export function replayError(e: unknown): MarketReplayError | undefined {
  if (e instanceof MarketReplayError) return e;
  if (e instanceof IndexFeedError) return new MarketReplayError(`--replay-market: ${e.message}`);
  return undefined;
}
