import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable, type Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { textFrame } from '../../src/exchange/streams/textFrame.js';
import { WriteCoalescer } from '../../src/exchange/streams/writeCoalescer.js';

/**
 * The pieces of the fan-out (issue 18 part 3): one frame per published message, written as
 * is to every subscriber's socket, and a task's writes to a socket sent together.
 */
describe('textFrame', () => {
  it('a ws client reads frames of every length encoding (7-bit, 16-bit, 64-bit) as the text inside', async () => {
    const server = createServer();
    const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
    const raw = new Promise<Duplex>((resolve) => server.on('upgrade', (req, socket, head) => wss.handleUpgrade(req, socket, head, () => resolve(socket))));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const got: string[] = [];
    client.on('message', (d, isBinary) => got.push(`${isBinary ? 'binary' : 'text'}:${d.toString()}`));
    const socket = await raw;
    await new Promise((resolve) => client.once('open', resolve));
    const texts = [0, 1, 125, 126, 65_535, 65_536, 100_000].map((n) => `{"n":"${'é'.repeat(Math.floor(n / 2))}${'x'.repeat(n % 2)}"}`);
    for (const text of texts) socket.write(textFrame(Buffer.from(text)));
    for (let i = 0; i < 200 && got.length < texts.length; i++) await new Promise((r) => setTimeout(r, 10));
    expect(got).toEqual(texts.map((t) => `text:${t}`));
    client.terminate();
    wss.close();
    server.close();
  });
});

describe('WriteCoalescer', () => {
  it("holds a socket's writes until the task ends, then sends them in one write", async () => {
    const calls: number[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        calls.push(1);
        done();
      },
      writev(chunks, done) {
        calls.push(chunks.length);
        done();
      },
    });
    const writes = new WriteCoalescer();
    for (const part of ['a', 'b', 'c']) {
      writes.hold(sink as unknown as Duplex);
      sink.write(part);
    }
    expect(calls).toEqual([]);
    await new Promise((r) => process.nextTick(r));
    expect(calls).toEqual([3]);
    writes.hold(sink as unknown as Duplex);
    sink.write('d');
    await new Promise((r) => setImmediate(r));
    expect(calls).toEqual([3, 1]);
  });
});
