import { EventEmitter } from 'node:events';

/** A fake real terminal for a DiffingStdout: size, resize events, and everything written to it. */
export class FakeTarget extends EventEmitter {
  output = '';
  writes = 0;
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write(data: string): boolean {
    this.output += data;
    this.writes++;
    return true;
  }
  take(): string {
    const out = this.output;
    this.output = '';
    return out;
  }
}
