// The memory floor of an ink dashboard: Node with ink, React and yoga loaded drawing one
// static 120x40 frame, nothing else. Prints its resident memory (bytes) after 5 s.
import { PassThrough } from 'node:stream';
import React from 'react';
import { Box, render, Text } from 'ink';

const out = new PassThrough();
Object.assign(out, { columns: 120, rows: 40, isTTY: true });
out.resume();
const rows = Array.from({ length: 38 }, (_, i) => React.createElement(Text, { key: i }, `row ${i} ${'x'.repeat(100)}`));
const app = render(React.createElement(Box, { flexDirection: 'column' }, rows), { stdout: out, patchConsole: false, exitOnCtrlC: false });
setTimeout(() => {
  app.unmount();
  process.stdout.write(`${process.memoryUsage().rss}\n`);
  process.exit(0);
}, 5_000);
