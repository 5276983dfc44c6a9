// Preloaded into the dashboards of the busy run (`node --require`): every 10 s, one JSON line
// of where the process's memory is, appended to PERPDESK_BENCH_HEAP_FILE. RSS alone does not
// say why; V8's spaces do. Only the bench loads this file.
'use strict';
const { appendFileSync } = require('node:fs');
const v8 = require('node:v8');

const file = process.env.PERPDESK_BENCH_HEAP_FILE;
if (file) {
  const sample = () => {
    const m = process.memoryUsage();
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
    const line = { at: Date.now(), rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, newSpace: spaces.new_space ?? 0, oldSpace: spaces.old_space ?? 0, codeSpace: spaces.code_space ?? 0 };
    try {
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    } catch {
      // The bench reads what it can; a full disk must not take the dashboard down.
    }
  };
  setInterval(sample, 10_000).unref();
}
