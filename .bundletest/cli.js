#!/usr/bin/env node

// src/cli.ts
var argv = process.argv.slice(2);
async function main() {
  if (argv[0] === "exchange") {
    const { exchangeMain } = await import("./cli-HB6WX6RH.js");
    return exchangeMain(argv.slice(1));
  }
  const { commandLine } = await import("./commandWords-SQ5KYL7N.js");
  const words = commandLine(argv);
  if (words) {
    process.stdout.on("error", (e) => {
      if (e.code !== "EPIPE") process.stderr.write(`perpdesk: cannot write the output: ${e.message}
`);
      process.exit(e.code === "EPIPE" ? 0 : 70);
    });
    const { commandMain } = await import("./commandMain-DZ66AQLV.js");
    const code = await commandMain(words);
    await new Promise((resolve) => process.stdout.write("", () => resolve()));
    process.exit(code);
  }
  process.env.NODE_ENV ??= "production";
  const { dashboardMain } = await import("./main-ZR5IZW6Z.js");
  return dashboardMain(argv);
}
main().then(
  (code) => {
    if (code !== 0) process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`perpdesk: ${err instanceof Error ? err.message : String(err)}
`);
    process.exitCode = 1;
  }
);
