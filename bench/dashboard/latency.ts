import { Prng } from '../../src/exchange/engine/prng.js';
import type { PtyDashboard } from './ptyDashboard.js';
import { sleep } from './sessions.js';

/**
 * Keypress to screen change: `?` opens the help overlay and `?` closes it again, a change
 * whose effect is visible and certain. Timed from the write into the pty to the arrival of
 * the output chunk after which the headless screen shows the change (or no longer shows
 * it). The dashboards take turns, with a random pause between keys so the presses do not
 * fall in step with the feed's flush timer. While one is sampled the other is paused
 * (SIGSTOP, then SIGCONT), so the naive baseline's half a core of rendering does not
 * slow the keys of the dashboard being measured on a 2-core machine, nor the other way round.
 */
const HELP = 'Help: keys';
const helpOpen = (s: string) => s.includes(HELP);
const helpClosed = (s: string) => !s.includes(HELP);

function pause(dashboards: PtyDashboard[], signal: 'SIGSTOP' | 'SIGCONT'): void {
  for (const d of dashboards) {
    try {
      process.kill(d.pid, signal);
    } catch {
      // Already gone: its own check reports that.
    }
  }
}

export async function measureLatency(dashboards: PtyDashboard[], samplesEach: number, seed = 5): Promise<number[][]> {
  const rng = new Prng(seed);
  const samples = dashboards.map(() => [] as number[]);
  for (let k = 0; k < Math.ceil(samplesEach / 2); k++) {
    for (const [i, d] of dashboards.entries()) {
      const others = dashboards.filter((o) => o !== d);
      pause(others, 'SIGSTOP');
      try {
        await sleep(120 + rng.int(200));
        samples[i]!.push(await d.pressAndTime('?', helpOpen, 10_000, 'the help overlay'));
        await sleep(120 + rng.int(200));
        samples[i]!.push(await d.pressAndTime('?', helpClosed, 10_000, 'the help overlay to close'));
      } finally {
        pause(others, 'SIGCONT');
      }
    }
  }
  return samples.map((s) => s.sort((a, b) => a - b));
}
