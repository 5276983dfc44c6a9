import * as v from 'valibot';
import { DEFAULT_LIMITS, parseAge, parseSize, type RecordingLimits } from '../record/recordingFiles.js';
import { createSession } from '../session/createSession.js';
import { resolveContract, StartupError } from '../session/target.js';
import { recordingOf } from '../startup/config.js';
import { COMMAND_HTTP } from './commandHttp.js';
import type { CommandRun, CommandSpec } from './commandSpec.js';
import { connect, hasKeyFlag } from './connect.js';
import { CommandError, EXIT } from './exitCodes.js';

/**
 * `perpdesk record [CONTRACT...]`: a live session without a screen that records the market
 * it receives (docs/recording.md) for the contracts named (else the config's or the first),
 * the account's private streams too when a key is loaded, until `--for` has passed or Ctrl-C.
 */

const usage = (message: string) => new CommandError(EXIT.usage, message);

const RecordAnswer = v.object({
  folder: v.string(),
  contracts: v.array(v.string()),
  lines: v.number(),
  bytes: v.number(),
  dropped: v.number(),
  filesDeleted: v.number(),
});

/** The limits: the flags, else the config's `record`, else the defaults. */
function limitsOf(r: CommandRun): RecordingLimits {
  const limits: RecordingLimits = { ...DEFAULT_LIMITS, ...recordingOf(r.config, { record: true })?.limits };
  const size = r.options['max-size'];
  if (typeof size === 'string') {
    const n = parseSize(size);
    if (n === undefined) throw usage('--max-size must be a size such as 512M, 2G or a number of bytes');
    limits.maxBytes = n;
  }
  const age = r.options['max-age'];
  if (typeof age === 'string') {
    const ms = parseAge(age);
    if (ms === undefined) throw usage('--max-age must be an age such as 90m, 12h, 7d, 2w');
    limits.maxAgeMs = ms;
  }
  return limits;
}

async function record(r: CommandRun): Promise<{ json: unknown; human: string[] }> {
  const limits = limitsOf(r);
  const url = r.args.url ?? r.config.url;
  // A key (or the embedded exchange's demo keys) opens the private streams: they are recorded too.
  const canSign = !r.args.readOnly && (url === undefined || hasKeyFlag(r));
  // A session watches an account: with no key, the one --address names (its private streams are not recorded then).
  const conn = await connect(r, canSign ? 'write' : 'account');
  for (const w of conn.warnings) r.err.write(`perpdesk: ${w}\n`);
  let names: string[];
  try {
    const wanted = r.positionals.length > 0 ? [...r.positionals] : [r.args.contract ?? r.config.contract];
    names = [];
    for (const w of wanted) names.push(await resolveContract(conn.target.url, w, COMMAND_HTTP));
  } catch (e) {
    await conn.embedded?.close();
    if (e instanceof StartupError) throw new CommandError(e.exitCode === 2 ? EXIT.usage : EXIT.network, e.message);
    throw e;
  }
  const session = createSession(conn.target, conn.keys, {
    contractName: names[0]!,
    stateDir: r.stateDir,
    live: true,
    face: 'cli',
    journalHistory: 0,
    history: false,
    record: { limits },
    ...(r.config.poll ? { poll: r.config.poll } : {}),
    ...(conn.embedded ? { nonces: conn.embedded.nonces } : {}),
  });
  let closing: Promise<void> | undefined;
  const closeSession = () => (closing ??= session.close());
  try {
    const ready = await session.ready;
    if (!ready.ok) throw new CommandError(ready.error.kind === 'network' || ready.error.kind === 'timeout' ? EXIT.network : EXIT.rejected, ready.error.message);
    if (!session.recorder) throw usage(`cannot record in ${r.stateDir}: ${session.store.getState().session.errors.at(-1)?.message ?? 'see above'}`);
    const holds = names.map((n) => session.holdContract(n));
    for (const h of holds) if (!h.ok) throw usage(h.error.message);
    const folder = session.recorder.status().folder;
    r.err.write(`perpdesk: recording ${names.join(', ')} to ${folder}${r.args.forMs !== undefined ? ` for ${r.args.forMs / 1000} s` : ''}; Ctrl-C stops\n`);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([r.interrupted, ...(r.args.forMs !== undefined ? [new Promise<void>((res) => (timer = setTimeout(res, r.args.forMs)))] : [])]);
    clearTimeout(timer);
    for (const h of holds) if (h.ok) h.value.release();
    const recorder = session.recorder;
    await closeSession();
    const s = recorder.status();
    const json = { folder: s.folder, contracts: names, lines: s.lines, bytes: s.bytes, dropped: s.dropped, filesDeleted: s.filesDeleted };
    return {
      json,
      human: [`recorded ${s.lines} lines (${s.bytes} bytes gzip) of ${names.join(', ')} to ${s.folder}${s.dropped > 0 ? `; ${s.dropped} dropped (the disk fell behind)` : ''}${s.filesDeleted > 0 ? `; ${s.filesDeleted} old files deleted by the limits` : ''}`],
    };
  } finally {
    await closeSession();
    await conn.embedded?.close();
  }
}

export const recordCommand: CommandSpec = {
  path: ['record'],
  usage: '[CONTRACT...] [--for 10m] [--max-size 1G] [--max-age 7d]',
  summary: 'record the market as received (WebSocket messages and /info answers, gzip NDJSON per minute) to the recordings folder of the state directory until --for or Ctrl-C',
  writes: false,
  streams: true,
  options: { 'max-size': { type: 'string' }, 'max-age': { type: 'string' } },
  optionHelp: {
    'max-size': 'the recordings folder keeps at most this much (512M, 2G; default the config\'s record.maxBytes, else 1G): the oldest files go first',
    'max-age': 'files older than this are deleted (90m, 12h, 7d; default the config\'s record.maxAgeDays, else 7d)',
  },
  schema: () => RecordAnswer,
  run: record,
};
