/**
 * Writes frames the way ink 6.8 does (log-update's standard mode plus ink's
 * clear-terminal path for frames as tall as the terminal), so random frames can be
 * replayed without React: synchronized-output brackets, erase the previous frame's
 * lines from the bottom up, write the new frame, and a trailing newline unless the
 * frame fills the screen.
 */
const ESC = '\x1b[';
export const BSU = `${ESC}?2026h`;
export const ESU = `${ESC}?2026l`;

/** ansi-escapes' eraseLines, as ink writes it before a frame. */
export function eraseLines(count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += `${ESC}2K` + (i < count - 1 ? `${ESC}1A` : '');
  return count > 0 ? out + `${ESC}G` : out;
}

export class InkLikeWriter {
  private previousLineCount = 0;
  private lastHeight = 0;
  private hidden = false;

  constructor(private rows: number) {}

  /** One frame: `lines` joined by newlines, as ink's renderer produces them. */
  frame(lines: string[]): string {
    const output = lines.join('\n');
    const height = lines.length;
    const fullscreen = height >= this.rows;
    const toRender = fullscreen ? output : `${output}\n`;
    let out = BSU;
    if (!this.hidden) {
      out += `${ESC}?25l`;
      this.hidden = true;
    }
    if (this.lastHeight >= this.rows) {
      out += `${ESC}2J${ESC}3J${ESC}H` + output;
    } else {
      out += eraseLines(this.previousLineCount) + toRender;
    }
    this.previousLineCount = toRender.split('\n').length;
    this.lastHeight = height;
    return out + ESU;
  }

  /** What ink writes on a resize before the next frame (log.clear when narrower). */
  resize(narrower: boolean, rows: number): string {
    this.rows = rows;
    if (!narrower) return '';
    const out = eraseLines(this.previousLineCount);
    this.previousLineCount = 0;
    return out;
  }
}
