import WebSocket from 'ws';
import { formatClock } from '../../src/ui/format/time.js';
import type { SshViewer } from './sshViewer.js';

/**
 * How current a watching viewer's screen is: for trades on the contract the viewer shows,
 * from the moment the bench receives the trade on its own WebSocket subscription to the
 * moment the viewer's screen lists it (a Trades row with the trade's clock time and price).
 * Both sides get the trade from the same exchange, so the figure is the server's path from
 * its stream to the viewer's terminal, the SSH channel included. One trade is followed at a
 * time; trades arriving meanwhile are not samples.
 */
export async function tradeToScreen(o: { url: string; viewer: SshViewer; samples: number; timeoutMs: number }): Promise<{ ms: number[]; missed: number }> {
  const screen = await o.viewer.text();
  const name = screen.split('\n')[0]!.trim().split(/\s+/)[0]!;
  const res = await fetch(`${o.url}/info`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'configs' }) });
  const configs = (await res.json()) as { contracts: { contractId: number; name: string }[] };
  const contract = configs.contracts.find((c) => c.name === name);
  if (!contract) throw new Error(`the viewer's contract ${name} is not in the configs`);
  const u = new URL(o.url);
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.pathname = `${u.pathname.replace(/\/+$/, '')}/ws`;
  const ws = new WebSocket(u.toString());
  const ms: number[] = [];
  let missed = 0;
  let following = false;
  let snapshot = true;
  return new Promise((resolve, reject) => {
    const done = () => {
      ws.close();
      resolve({ ms, missed });
    };
    ws.on('error', reject);
    ws.on('open', () => ws.send(JSON.stringify({ method: 'subscribe', subscription: { type: 'trades', contractId: contract.contractId } })));
    ws.on('message', (raw: Buffer) => {
      const msg = JSON.parse(raw.toString()) as { channel?: string; data?: { px: string; time: number }[] };
      if (msg.channel !== 'trades' || !Array.isArray(msg.data) || msg.data.length === 0) return;
      // The first message is the recent trades, already shown.
      if (snapshot) return void (snapshot = false);
      if (following) return;
      following = true;
      const t = msg.data[msg.data.length - 1]!;
      const clock = formatClock(t.time);
      const px = Number(t.px);
      const t0 = performance.now();
      const listed = (s: string) => s.split('\n').some((line) => line.includes(clock) && (line.match(/\d+(?:\.\d+)?/g) ?? []).some((n) => Number(n) === px));
      void (async () => {
        for (;;) {
          if (listed(await o.viewer.text())) {
            ms.push(performance.now() - t0);
            break;
          }
          if (performance.now() - t0 > o.timeoutMs) {
            missed++;
            break;
          }
          await new Promise((r) => setTimeout(r, 2));
        }
        following = false;
        if (ms.length + missed >= o.samples) done();
      })();
    });
  });
}
