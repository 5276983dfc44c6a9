import { describe, expect, it } from 'vitest';
import type { GoalRow } from '../../bench/dashboard/report.js';
import { updateBenchDocs, type BenchRun } from '../../bench/docsWriter.js';

/** A docs/performance.md as the first round's bench left it: goals table without a run column. */
const SAMPLE = `# Performance

Hand-written notes that the bench never touches.

<!-- bench:auto:begin -->
## Latest \`npm run bench\` figures (generated)

<!-- bench:dashboard -->
### dashboard — 2026-11-25, Node v20.20.2, 2 x Xeon, linux

| start to first live book | runs | p50 ms |
|--------------------------|-----:|-------:|
| perpdesk                 |    5 |    723 |
<!-- /bench:dashboard -->

<!-- bench:goals -->
### goals — 2026-11-25, Node v20.20.2, 2 x Xeon, linux

| goal (issue 8)                                  |            target | measured | met |
|-------------------------------------------------|------------------:|---------:|----:|
| CPU at normal                                   |  <= 5 % of a core |    3.7 % | yes |
| start to first live frame, p50                  |       <= 1,000 ms |   723 ms | yes |
| perpdesk order, spawn to exit, over node -e 0 (p50); issue 15, from the command run below (2 x AMD EPYC, 2026-11-25) | <= 300 ms | 278.2 ms | yes |
<!-- /bench:goals -->

<!-- bench:command -->
### command — 2026-11-25, Node v20.20.2, 2 x AMD EPYC, linux

old command figures
<!-- /bench:command -->

<!-- bench:auto:end -->
`;

const MACHINE = (date: string) => `${date}, Node v20.20.2, 2 x Xeon, linux`;

function run(date: string, full: boolean, benches: { name: string; goals: GoalRow[]; body?: string }[]): BenchRun {
  return {
    full,
    date,
    benches: benches.map((b) => ({ name: b.name, markdown: `### ${b.name} — ${MACHINE(date)}\n\n${b.body ?? `new ${b.name} figures`}`, goals: b.goals })),
  };
}

const commandGoal: GoalRow = { goal: 'perpdesk order, spawn to exit, over node -e 0 (p50)', target: '<= 300 ms', measured: '250.0 ms', met: true };

/** The goals table's rows (not its header or rule), one string per row. */
function goalRows(doc: string): string[] {
  const section = doc.slice(doc.indexOf('<!-- bench:goals -->'), doc.indexOf('<!-- /bench:goals -->'));
  return section
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .slice(2);
}
const rowOf = (doc: string, goal: string) => goalRows(doc).filter((r) => r.includes(goal));

describe('updateBenchDocs', () => {
  it('a partial run updates only its own goal rows and keeps the others with their dates', () => {
    const doc = updateBenchDocs(SAMPLE, run('2026-11-26', false, [{ name: 'command', goals: [commandGoal] }]));
    expect(doc).toContain('new command figures');
    expect(doc).not.toContain('old command figures');
    // The dashboard's section and its goal rows are kept, each still dated by the run that measured it.
    expect(doc).toContain('| perpdesk                 |    5 |    723 |');
    expect(rowOf(doc, 'CPU at normal')).toHaveLength(1);
    expect(rowOf(doc, 'CPU at normal')[0]).toMatch(/3\.7 %.*2026-11-25/);
    expect(rowOf(doc, 'start to first live frame, p50')[0]).toMatch(/723 ms.*2026-11-25/);
    // The command's row is the new figure, once: the hand-annotated copy of it is replaced.
    const cmd = rowOf(doc, 'perpdesk order, spawn to exit');
    expect(cmd).toHaveLength(1);
    expect(cmd[0]).toMatch(/250\.0 ms.*command.*2026-11-26/);
    expect(goalRows(doc)).toHaveLength(3);
    expect(doc.startsWith('# Performance\n\nHand-written notes that the bench never touches.\n')).toBe(true);
  });

  it('a later partial run replaces the rows of the benchmark it ran, drops the ones it no longer makes, adds new ones', () => {
    const first = updateBenchDocs(SAMPLE, run('2026-11-26', false, [{ name: 'command', goals: [commandGoal] }]));
    const second = updateBenchDocs(
      first,
      run('2026-11-27', false, [
        {
          name: 'startup',
          goals: [
            { goal: 'start to first live frame, p50', target: '<= 1,000 ms', measured: '480 ms', met: true },
            { goal: 'ready to trade on a first start, p50', target: '<= 2,000 ms', measured: '2,400 ms', met: false },
          ],
        },
      ]),
    );
    expect(rowOf(second, 'start to first live frame, p50')).toHaveLength(1);
    expect(rowOf(second, 'start to first live frame, p50')[0]).toMatch(/480 ms.*startup.*2026-11-27/);
    expect(rowOf(second, 'ready to trade')[0]).toMatch(/2,400 ms.*NO.*startup.*2026-11-27/);
    expect(rowOf(second, 'perpdesk order, spawn to exit')[0]).toMatch(/250\.0 ms.*command.*2026-11-26/);
    expect(rowOf(second, 'CPU at normal')[0]).toMatch(/3\.7 %.*2026-11-25/);

    const third = updateBenchDocs(second, run('2026-11-28', false, [{ name: 'startup', goals: [{ goal: 'ready to trade on a first start, p50', target: '<= 2,000 ms', measured: '1,500 ms', met: true }] }]));
    // startup ran and no longer reports the live-frame row: its row goes.
    expect(rowOf(third, 'start to first live frame, p50')).toHaveLength(0);
    expect(rowOf(third, 'ready to trade')[0]).toMatch(/1,500 ms.*yes.*2026-11-28/);
    expect(rowOf(third, 'perpdesk order, spawn to exit')[0]).toMatch(/2026-11-26/);
    expect(rowOf(third, 'CPU at normal')[0]).toMatch(/2026-11-25/);
  });

  it('a full run replaces every goal row', () => {
    const partial = updateBenchDocs(SAMPLE, run('2026-11-26', false, [{ name: 'command', goals: [commandGoal] }]));
    const full = updateBenchDocs(
      partial,
      run('2026-11-29', true, [
        { name: 'dashboard', goals: [{ goal: 'CPU at normal', target: '<= 5 % of a core', measured: '4.1 %', met: true }] },
        { name: 'command', goals: [] },
      ]),
    );
    expect(goalRows(full)).toHaveLength(1);
    expect(rowOf(full, 'CPU at normal')[0]).toMatch(/4\.1 %.*dashboard.*2026-11-29/);
  });

  it('a goal text with a | stays one cell', () => {
    const doc = updateBenchDocs(SAMPLE, run('2026-11-26', false, [{ name: 'command', goals: [{ ...commandGoal, goal: 'a | b' }] }]));
    const again = updateBenchDocs(doc, run('2026-11-27', false, [{ name: 'signing', goals: [] }]));
    expect(rowOf(again, 'a \\| b')[0]).toMatch(/250\.0 ms.*command.*2026-11-26/);
  });
});
