import type { Command } from './command.js';
import { catalogCommand } from './catalog-command.js';
import { demoCommand } from './demo-command.js';
import { evalCommand } from './eval-command.js';
import { planCommand } from './plan-command.js';
import { policyCommand } from './policy-command.js';
import { searchCommand } from './search-command.js';
import { serveCommand } from './serve-command.js';

/** Every sub-command, in the order `--help` lists them. */
export const allCommands: readonly Command[] = [demoCommand, planCommand, policyCommand, searchCommand, evalCommand, serveCommand, catalogCommand];
