import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { goalsTable, type GoalRow } from './dashboard/report.js';
import { mergeGoalRows, parseGoalsSection } from './goalRows.js';

/**
 * Writes `npm run bench` output into docs/performance.md. The generated part sits between
 * two markers at the end of the file, one sub-section per benchmark, so running one
 * benchmark replaces only its own figures and the hand-written notes above stay as they are.
 */
const BEGIN = '<!-- bench:auto:begin -->';
const END = '<!-- bench:auto:end -->';

const INTRO = [
  '## Latest `npm run bench` figures (generated)',
  '',
  'Everything between the markers is rewritten by `npm run bench`; each benchmark replaces',
  'only its own sub-section. The notes above are written by hand.',
  '',
].join('\n');

const open = (name: string) => `<!-- bench:${name} -->`;
const close = (name: string) => `<!-- /bench:${name} -->`;

export function upsertSections(doc: string, sections: { name: string; markdown: string }[]): string {
  let text = doc;
  if (!text.includes(BEGIN) || !text.includes(END)) text = `${text.trimEnd()}\n\n${BEGIN}\n${INTRO}\n${END}\n`;
  for (const { name, markdown } of sections) {
    const block = `${open(name)}\n${markdown.trim()}\n${close(name)}`;
    const a = text.indexOf(open(name));
    const b = text.indexOf(close(name));
    if (a !== -1 && b > a) text = text.slice(0, a) + block + text.slice(b + close(name).length);
    else {
      const end = text.lastIndexOf(END);
      text = `${text.slice(0, end)}${block}\n\n${text.slice(end)}`;
    }
  }
  return text;
}

/** One `npm run bench`: the benchmarks it ran, their sections and goal rows. */
export interface BenchRun {
  /** Each benchmark's name, with its section (heading included) and its goal rows. */
  benches: { name: string; markdown: string; goals: GoalRow[] }[];
  /** Every benchmark ran (no names given). */
  full: boolean;
  /** YYYY-MM-DD */
  date: string;
}

/** The text of a generated sub-section, or undefined. */
export function readSection(doc: string, name: string): string | undefined {
  const a = doc.indexOf(open(name));
  const b = doc.indexOf(close(name));
  return a !== -1 && b > a ? doc.slice(a + open(name).length, b) : undefined;
}

const GOALS_NOTE =
  'Each row names the benchmark and the date of the run that measured it (the machine is in that benchmark\'s section); ' +
  'a run of some benchmarks replaces only their rows, a full `npm run bench` all of them.';

/**
 * Each benchmark that ran replaces its own section; the goals table keeps the rows of the
 * benchmarks that did not run, unless every benchmark ran.
 */
export function updateBenchDocs(doc: string, run: BenchRun): string {
  const sections = run.benches.map(({ name, markdown }) => ({ name, markdown }));
  const next = run.benches.flatMap((b) => b.goals.map((g) => ({ ...g, bench: b.name, date: run.date })));
  const previous = run.full ? [] : parseGoalsSection(readSection(doc, 'goals') ?? '');
  const goals = mergeGoalRows(
    previous,
    next,
    run.benches.map((b) => b.name),
  );
  if (goals.length > 0) sections.push({ name: 'goals', markdown: `### goals\n\n${GOALS_NOTE}\n\n${goalsTable(goals, true)}` });
  return upsertSections(doc, sections);
}

export function writeBenchDocs(file: string, run: BenchRun): void {
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  writeFileSync(file, updateBenchDocs(doc, run));
}
