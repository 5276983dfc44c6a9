import type { GoalRow } from './dashboard/report.js';

/**
 * The goals table of docs/performance.md gathers rows from several benchmarks, each measured
 * in its own run: a run of some benchmarks replaces only their rows, so every row carries the
 * benchmark and the date that measured it.
 */

const DATE = /\d{4}-\d{2}-\d{2}/;

const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));

const met = (cell: string): boolean | undefined => (cell === 'yes' ? true : cell === 'NO' ? false : undefined);

/**
 * The rows of a goals section as the bench wrote it. A table without the run column (the
 * first rounds') takes its date from the section's heading and has no benchmark.
 */
export function parseGoalsSection(markdown: string): GoalRow[] {
  const lines = markdown.split('\n');
  const headingDate = lines.find((l) => l.startsWith('### '))?.match(DATE)?.[0];
  const table = lines.filter((l) => l.trimStart().startsWith('|'));
  return table.slice(2).flatMap((line) => {
    const c = cells(line);
    if (c.length < 4) return [];
    const row: GoalRow = { goal: c[0]!, target: c[1]!, measured: c[2]!, met: met(c[3]!) };
    const run = c[4];
    if (run !== undefined) {
      const date = run.match(DATE)?.[0];
      const bench = run.replace(DATE, '').replace(/,\s*$/, '').trim();
      return [{ ...row, ...(bench ? { bench } : {}), ...(date ? { date } : {}) }];
    }
    return [{ ...row, ...(headingDate ? { date: headingDate } : {}) }];
  });
}

/**
 * The table after a run of the benchmarks in `ran`: each new row takes the place of the row
 * with its goal; rows of a benchmark that ran and did not measure them again go; every other
 * row stays as it was. A row without a benchmark (written before rows had one, perhaps
 * annotated by hand after its goal) is the new row whose goal it begins with.
 */
export function mergeGoalRows(previous: GoalRow[], next: GoalRow[], ran: readonly string[]): GoalRow[] {
  const placed = new Set<GoalRow>();
  const out: GoalRow[] = [];
  for (const p of previous) {
    const n = next.find((x) => x.goal === p.goal || (p.bench === undefined && p.goal.startsWith(x.goal)));
    if (n) {
      if (!placed.has(n)) out.push(n);
      placed.add(n);
    } else if (p.bench === undefined || !ran.includes(p.bench)) out.push(p);
  }
  return [...out, ...next.filter((n) => !placed.has(n))];
}
