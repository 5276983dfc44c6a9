#!/usr/bin/env node
// Entry point: `perpdesk exchange ...` runs the embedded exchange, `perpdesk <command> ...` the
// headless face (src/command), and flags alone the dashboard.
const argv = process.argv.slice(2);

async function main(): Promise<number> {
  if (argv[0] === 'serve') {
    if (process.env['PERPDESK_HEAP'] !== 'v8') (await import('./startup/heapSizing.js')).sizeHeapForLongRun();
    const { serveMain } = await import('./ui/serve/runServe.js');
    return serveMain(argv.slice(1));
  }
  if (argv[0] === 'exchange') {
    const { exchangeMain, defaultIo } = await import('./exchange/cli.js');
    // The recording's reader is the session layer's; the exchange's may not import it.
    const replayMarket = argv.includes('--replay-market') || argv.some((a) => a.startsWith('--replay-market='));
    const { marketReplay } = replayMarket ? await import('./session/marketReplay.js') : { marketReplay: undefined };
    return exchangeMain(argv.slice(1), marketReplay ? { ...defaultIo, replayMarket: (path, speed, log) => marketReplay({ path, speed, log }) } : defaultIo);
  }
  const { commandLine } = await import('./command/commandWords.js');
  const words = commandLine(argv);
  // `perpdesk replay PATH` on a terminal opens the dashboard on the recording; --json, --export, a pipe read it as lines.
  if (words?.[0] === 'replay' && process.stdout.isTTY && process.stdin.isTTY && !words.some((a) => /^--(json|export|out|help)\b/.test(a) || a === '-h')) {
    const env = process.env;
    env['NODE_ENV'] ??= 'production';
    const { replayMain } = await import('./ui/app/runReplay.js');
    return replayMain(words.slice(1));
  }
  if (words) {
    // A reader that stops early (`| head`) closes the pipe: that ends the command, quietly.
    process.stdout.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') process.stderr.write(`perpdesk: cannot write the output: ${e.message}\n`);
      process.exit(e.code === 'EPIPE' ? 0 : 70);
    });
    const { commandMain } = await import('./command/commandMain.js');
    const code = await commandMain(words);
    // Everything is closed by now; waiting for the runtime's own background work at exit
    // costs a one-shot command about 100 ms. Leave once the output has been handed over.
    await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
    process.exit(code);
  }
  // React's development build costs a quarter more CPU per frame; set before React loads.
  // (The bundled build has production compiled in; this serves runs from the sources, and
  // is written through an alias so the bundler's compile-time NODE_ENV leaves it alone.)
  const env = process.env;
  env['NODE_ENV'] ??= 'production';
  // PERPDESK_HEAP=v8 keeps V8's own heap sizing: the benchmark's baseline, not for users.
  if (process.env['PERPDESK_HEAP'] !== 'v8') (await import('./startup/heapSizing.js')).sizeHeapForLongRun();
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
