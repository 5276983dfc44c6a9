import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * CPU and memory of a process from /proc (Linux). CPU is utime + stime in clock ticks,
 * so a figure is the process's own work whatever else the machine is doing.
 */
let ticksPerSecond: number | undefined;

export function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** CPU seconds (user + system) the process has used so far, or undefined once it is gone. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicksPerSecond();
  } catch {
    return undefined;
  }
}

/** Resident set size in bytes, or undefined once the process is gone. */
export function rssBytes(pid: number): number | undefined {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** A CPU meter over a window: start(), then percent of one core since. */
class CpuWindow {
  private startCpu = 0;
  private startWall = 0;
  constructor(private readonly pid: number) {}
  start(): void {
    this.startCpu = cpuSeconds(this.pid) ?? Number.NaN;
    this.startWall = performance.now();
  }
  /** Percent of one core used since start(). */
  percent(): number {
    const cpu = cpuSeconds(this.pid) ?? Number.NaN;
    const wall = (performance.now() - this.startWall) / 1000;
    return (100 * (cpu - this.startCpu)) / wall;
  }
}
