#!/usr/bin/env node
import { runCli } from './run-cli.js';
import { claimStdout } from './io/claim-stdout.js';
import { exitWhenWritten } from './io/exit-when-written.js';
import { processContext } from './io/process-context.js';

// Only the CLI writes to stdout: a plug-in's or a config's console.log goes to stderr (decision 3449).
const stdout = claimStdout(process.stdout, process.stderr);
// Exits once the output is written, whatever a plug-in module left running on this thread (decision 3438);
// stdout in full, stderr for at most a moment more: a stderr nobody reads does not hold the exit (decision 3456).
await exitWhenWritten(await runCli(process.argv.slice(2), processContext(stdout)), { answers: [stdout], logs: [process.stderr] });
