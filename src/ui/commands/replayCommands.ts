import type { ReplayFeed } from '../../session/replayFeed.js';
import { selectTopOverlay, view } from '../view/viewStore.js';
import type { CommandContext, CommandTable } from './types.js';

/**
 * A replay screen's time keys (perpdesk replay PATH, docs/recording.md): play and pause,
 * one message on, speed, and `g` to a time typed as HH:MM:SS (UTC) or a percentage.
 */

function feedOf(ctx: CommandContext): ReplayFeed | undefined {
  const feed = ctx.app.session?.replay;
  if (!feed) view.notify(ctx.app.view, 'not replaying a recording (perpdesk replay PATH opens one)', 'info');
  return feed;
}

/** Enter on the seek line: goes to the time typed, or says what a time looks like. */
export function seekTyped(ctx: CommandContext): void {
  const s = ctx.app.view.getState();
  if (selectTopOverlay(s)?.kind !== 'seek') return;
  view.closeOverlay(ctx.app.view);
  const feed = feedOf(ctx);
  if (!feed) return;
  const us = feed.timeOf(s.overlayQuery);
  if (us === undefined) {
    view.notify(ctx.app.view, `not a time: ${JSON.stringify(s.overlayQuery)} (HH:MM:SS in UTC, or a percentage like 50%)`, 'warning');
    return;
  }
  void feed.seek(us);
}

export const REPLAY_COMMANDS = {
  'replay.playPause': (ctx) => feedOf(ctx)?.toggle(),
  'replay.step': (ctx) => feedOf(ctx)?.step(),
  'replay.faster': (ctx) => feedOf(ctx)?.stepSpeed(1),
  'replay.slower': (ctx) => feedOf(ctx)?.stepSpeed(-1),
  'replay.seek': (ctx) => {
    if (!feedOf(ctx)) return;
    view.openOverlay(ctx.app.view, { kind: 'seek' });
    view.setOverlayQuery(ctx.app.view, '');
  },
} satisfies CommandTable;
