#!/usr/bin/env node
import { runCli } from './run-cli.js';
import { processContext } from './io/process-context.js';

process.exitCode = await runCli(process.argv.slice(2), processContext());
