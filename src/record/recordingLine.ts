/**
 * One line of a recording (docs/recording.md), in the shape tardis.dev's raw files have: the
 * local receive time, a space, and the message as received; an empty line where the
 * connection dropped. perpdesk's own lines (the header at the top of each file, an `/info`
 * answer, a note of lines dropped) are JSON objects whose first key is `"perpdesk"`, so a
 * reader tells them from the exchange's messages by their first bytes.
 */

/** The version of the format written in each file's header. */
export const RECORDING_VERSION = 1;

/** Microseconds since the epoch, now, from the monotonic clock anchored at the process's start. */
export function nowMicros(): number {
  return Math.floor((performance.timeOrigin + performance.now()) * 1000);
}

/** `2026-12-03T06:24:15.123456Z`: ISO 8601 at the microsecond. */
export function isoMicros(us: number): string {
  const ms = Math.floor(us / 1000);
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 23)}${String(us - ms * 1000).padStart(3, '0')}Z`;
}

const ISO_MICROS = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})(\d{3})Z$/;

/** The microseconds an `isoMicros` text names; undefined for any other text. */
export function parseIsoMicros(text: string): number | undefined {
  const m = ISO_MICROS.exec(text);
  if (!m) return undefined;
  const ms = Date.parse(`${m[1]}Z`);
  return Number.isFinite(ms) ? ms * 1000 + Number(m[2]) : undefined;
}

export type LineKind = 'header' | 'ws' | 'info' | 'dropped' | 'disconnect';

const OWN = '{"perpdesk":"';

/** What a line's message is, from its first bytes: perpdesk's own kinds, else the exchange's WebSocket message. */
export function kindOf(message: string): LineKind {
  if (message.length === 0) return 'disconnect';
  if (!message.startsWith(OWN)) return 'ws';
  const end = message.indexOf('"', OWN.length);
  const kind = message.slice(OWN.length, end);
  return kind === 'header' || kind === 'info' || kind === 'dropped' ? kind : 'ws';
}

/** The line of a message received at `us`. */
export function lineOf(us: number, message: string): string {
  return `${isoMicros(us)} ${message}\n`;
}

/** An `/info` answer as a line's message: the request as sent and the answer's body as received, both JSON texts. */
export function infoMessage(request: string, answer: string): string {
  return `${OWN}info","request":${request},"data":${answer}}`;
}

/** The head of every file: what the session was, so one file read alone says what it shows. */
export function headerMessage(header: Record<string, unknown>): string {
  return `${OWN}header",${JSON.stringify({ version: RECORDING_VERSION, ...header }).slice(1)}`;
}

/** Lines not written because the disk could not keep up (the writer's buffer was full). */
export function droppedMessage(lines: number): string {
  return `${OWN}dropped","lines":${lines}}`;
}
