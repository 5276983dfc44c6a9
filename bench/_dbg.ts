import { PtyDashboard, OURS } from './dashboard/ptyDashboard.js';
import { liveBook } from './dashboard/screenChecks.js';
import { FloorEncoder } from './dashboard/floor.js';
import { blankSnapshot, newTerminal, snapshot, sameCell, type Snapshot } from './dashboard/screen.js';
import { END_SYNC } from './dashboard/replay.js';
import { ROOT } from './dashboard.js';
const d = new PtyDashboard({ root: ROOT, variant: OURS, args: ['--activity','busy'], record: true });
await d.until(liveBook, 30000, 'book');
d.markWindowStart();
await new Promise(r=>setTimeout(r,3000));
d.markWindowEnd();
const rec = d.takeRecording()!;
await d.stop();
const w = (t: ReturnType<typeof newTerminal>, s: string) => new Promise<void>(r => t.write(s, r));
const term = newTerminal(rec.cols, rec.rows), check = newTerminal(rec.cols, rec.rows);
const enc = new FloorEncoder();
let pos = rec.text.indexOf(END_SYNC, rec.windowStart) + END_SYNC.length;
await w(term, rec.text.slice(0, pos));
let prev = snapshot(term);
const first = enc.encode(blankSnapshot(rec.cols, rec.rows), prev);
await w(check, first);
function diff(a: Snapshot, b: Snapshot) { for (let i=0;i<a.chars.length;i++) if (!sameCell(a,b,i)) { const x=i%a.cols,y=Math.floor(i/a.cols); return `(${x},${y}) check=${JSON.stringify([a.chars[i],a.width[i],a.fg[i]!.toString(16),a.bg[i]!.toString(16),a.flags[i]])} want=${JSON.stringify([b.chars[i],b.width[i],b.fg[i]!.toString(16),b.bg[i]!.toString(16),b.flags[i]])}`; } return 'same'; }
console.log('initial', diff(snapshot(check), prev), JSON.stringify(first.slice(0,300)));
for (let k=0;k<3;k++) {
  const idx = rec.text.indexOf(END_SYNC, pos); const end = idx+END_SYNC.length;
  await w(term, rec.text.slice(pos,end)); pos=end;
  const next = snapshot(term); const b = enc.encode(prev,next); await w(check,b);
  console.log('frame',k, diff(snapshot(check), next), JSON.stringify(b.slice(0,200)));
  prev=next;
}
process.exit(0);
