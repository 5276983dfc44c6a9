import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/client/http.js';
import { InfoClient } from '../../src/client/infoClient.js';
import { inProcessSender } from '../../src/session/embeddedDirect.js';
import { startTestExchange, type TestExchange } from '../support/exchangeHarness.js';

describe('the embedded exchange answering its own process in-process', () => {
  let ex: TestExchange;
  let overHttp: HttpTransport;
  let inProcess: HttpTransport;
  beforeAll(async () => {
    ex = await startTestExchange();
    overHttp = new HttpTransport({ baseUrl: ex.url, engine: 'node' });
    inProcess = new HttpTransport({ baseUrl: ex.url, sender: inProcessSender(ex.running.core) });
  });
  afterAll(async () => {
    await overHttp.close();
    await inProcess.close();
    await ex.close();
  });

  it('answers a read as the HTTP route does', async () => {
    const [a, b] = await Promise.all([new InfoClient(overHttp).configs(), new InfoClient(inProcess).configs()]);
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(b.value).toEqual(a.value);
    const book = await new InfoClient(inProcess).l2Book(1);
    expect(book.ok).toBe(true);
  });

  it('gives a refused request the HTTP route’s status and error body', async () => {
    const payload = JSON.stringify({ type: 'noSuchQuery' });
    const [a, b] = await Promise.all([overHttp.post('/info', payload), inProcess.post('/info', payload)]);
    if (!a.ok || !b.ok) throw new Error('a transport failed');
    expect(b.response.status).toBe(a.response.status);
    expect(b.response.status).toBeGreaterThanOrEqual(400);
    const { requestId: _a, ...errA } = a.response.body as Record<string, unknown>;
    const { requestId: _b, ...errB } = b.response.body as Record<string, unknown>;
    expect(errB).toEqual(errA);
  });

  it('answers an action as the HTTP route does (a refused registration)', async () => {
    const payload = JSON.stringify({ action: { type: 'registerAccount', inviteCode: 'nope00' }, nonce: 1, signature: '0x' });
    const [a, b] = await Promise.all([overHttp.post('/exchange', payload), inProcess.post('/exchange', payload)]);
    if (!a.ok || !b.ok) throw new Error('a transport failed');
    expect(b.response.status).toBe(a.response.status);
    expect((b.response.body as { status?: string }).status).toBe((a.response.body as { status?: string }).status);
  });
});
