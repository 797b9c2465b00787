#!/usr/bin/env node
import { runCli } from './run-cli.js';
import { exitWhenWritten } from './io/exit-when-written.js';
import { processContext } from './io/process-context.js';

// Exits once the output is written, whatever a plug-in module left running on this thread (decision 3438).
await exitWhenWritten(await runCli(process.argv.slice(2), processContext()));
