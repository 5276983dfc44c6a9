import type { IncomingMessage } from 'node:http';

export type BodyResult = { kind: 'ok'; text: string } | { kind: 'tooLarge' } | { kind: 'notUtf8' } | { kind: 'aborted' };

/** One for all requests: decode() without `stream` starts afresh each call, and a fatal error leaves nothing behind. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** After a 413 the rest of the body is read and discarded up to this much, then the socket is cut. */
const DRAIN_LIMIT = 1024 * 1024;

/**
 * Reads a request body, enforcing `limit` while streaming: an oversized body is never
 * held in memory, whatever Content-Length claims.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyResult> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      drain(req);
      resolve({ kind: 'tooLarge' });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyResult): void => {
      if (done) return;
      done = true;
      req.off('data', onData);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        drain(req, size);
        finish({ kind: 'tooLarge' });
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => {
      try {
        finish({ kind: 'ok', text: UTF8.decode(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)) });
      } catch {
        finish({ kind: 'notUtf8' });
      }
    });
    req.on('error', () => finish({ kind: 'aborted' }));
    req.on('aborted', () => finish({ kind: 'aborted' }));
  });
}

function drain(req: IncomingMessage, already = 0): void {
  let seen = already;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_LIMIT) req.socket.destroy();
  });
  req.resume();
}
