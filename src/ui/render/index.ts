export { DiffingStdout, type DiffingStdoutOptions, type RenderStats, type TerminalTarget } from './DiffingStdout.js';
export { FrameDiffer, type FrameCursor, type FrameDifferOptions } from './FrameDiffer.js';
export { AnsiFrameParser, type ParserCursor } from './AnsiFrameParser.js';
export { ScreenBuffer } from './ScreenBuffer.js';
export type { CellStyle } from './cellStyle.js';
