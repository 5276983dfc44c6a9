#!/usr/bin/env node
// Entry point: `perpdesk exchange ...` runs the embedded exchange; anything else the dashboard.
const argv = process.argv.slice(2);

async function main(): Promise<number> {
  if (argv[0] === 'exchange') {
    const { exchangeMain } = await import('./exchange/cli.js');
    return exchangeMain(argv.slice(1));
  }
  // React's development build costs a quarter more CPU per frame; set before React loads.
  process.env.NODE_ENV ??= 'production';
  const { dashboardMain } = await import('./ui/main.js');
  return dashboardMain(argv);
}

main().then(
  (code) => {
    if (code !== 0) process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`perpdesk: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
