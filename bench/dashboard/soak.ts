import { Prng } from '../../src/exchange/engine/prng.js';
import type { PtyDashboard } from './ptyDashboard.js';
import { everyPaneLive, staleMarkers, statusMessage } from './screenChecks.js';
import type { Pair } from './sessions.js';
import { sleep } from './sessions.js';

/**
 * The soak: the pair keeps running against the busy exchange, which drops every WebSocket
 * at random moments (control route `dropConnections`). At the end each dashboard must show
 * every pane live again, the last error in its status bar, and exit 0 on `q`.
 */
interface SoakOutcome {
  drops: number;
  /** Per dashboard. */
  panesLive: boolean[];
  errorShown: boolean[];
  notes: string[];
}

/** Runs until `untilMs` (performance.now), dropping connections every minGapMs..maxGapMs. */
export async function soakWithDrops(pair: Pair, untilMs: number, o: { seed: number; minGapMs: number; maxGapMs: number }): Promise<number> {
  const rng = new Prng(o.seed);
  let drops = 0;
  for (;;) {
    const gap = o.minGapMs + rng.int(o.maxGapMs - o.minGapMs + 1);
    // The last drop leaves time to reconnect before the checks.
    if (performance.now() + gap > untilMs - 5_000) break;
    await sleep(gap);
    const r = await pair.exchange.control({ type: 'dropConnections' });
    if (r.status === 200) drops++;
  }
  await sleep(Math.max(0, untilMs - performance.now()));
  return drops;
}

export async function checkAfterSoak(d: PtyDashboard, drops: number): Promise<{ live: boolean; errorShown: boolean; note?: string }> {
  let live = true;
  let note: string | undefined;
  try {
    await d.until(everyPaneLive, 30_000, 'every pane live');
  } catch {
    live = false;
    const s = await d.screen();
    note = `${d.o.variant.name}: not every pane live after the soak (${staleMarkers(s).length} stale markers; status: ${statusMessage(s) || 'empty'})`;
  }
  // Each drop ends the WebSocket with 1006; the status bar keeps the last error until a newer
  // notice. Waited for rather than read once: a screen read mid-frame can be half drawn.
  let errorShown = drops === 0;
  if (!errorShown) {
    try {
      await d.until((s) => /websocket/i.test(statusMessage(s)), 10_000, 'the disconnect in the status bar');
      errorShown = true;
    } catch {
      const message = statusMessage(await d.screen());
      note = `${note ? `${note}; ` : ''}${d.o.variant.name}: the status bar does not show the disconnect (status: ${message || 'empty'})`;
    }
  }
  return { live, errorShown, ...(note ? { note } : {}) };
}
