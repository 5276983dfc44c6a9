import { afterEach, describe, expect, it } from 'vitest';
import { whileAgentNotRevoked } from '../../src/ui/view/noticeHolds.js';
import { view } from '../../src/ui/view/viewStore.js';
import { renderApp, type RenderedApp } from './support/renderApp.js';

/** A notice stops showing once what it said is no longer true (issue 16: after a revoke, no "new agent key"). */

let app: RenderedApp | undefined;
afterEach(() => {
  app?.unmount();
  app = undefined;
});

const AGENT = '0x00000000000000000000000000000000000000a1';

describe('notices that stop being true', () => {
  it('hides "new agent key" once the agent is revoked, not while its approval is on its way', async () => {
    app = renderApp({ cols: 120, rows: 40 });
    const s0 = app.store.getState();
    const withoutAgent = s0.account.agents.filter((a) => a.address !== AGENT);
    app.store.setState({ account: { ...s0.account, agents: withoutAgent } });
    view.notify(app.view, `new agent key ${AGENT} saved encrypted to /tmp/x.json`, 'success', Date.now(), whileAgentNotRevoked(AGENT));
    await app.vt.waitFor('new agent key');
    // Approved: it appears in the agent list, and the notice still holds.
    const approved = { address: AGENT, name: 'new', validUntil: Date.now() + 86_400_000, slot: 'named' as const, expired: false };
    app.store.setState({ account: { ...app.store.getState().account, agents: [...withoutAgent, approved] } });
    await new Promise((r) => setTimeout(r, 1_200));
    expect((await app.vt.screen()).some((l) => l.includes('new agent key'))).toBe(true);
    // Revoked: gone from the list, and the status bar no longer says it (the next tick at most).
    app.store.setState({ account: { ...app.store.getState().account, agents: withoutAgent } });
    await app.vt.waitFor((s) => !s.includes('new agent key'));
    // The history keeps it.
    expect(app.view.getState().notices.some((n) => n.text.includes('new agent key'))).toBe(true);
  });
});
