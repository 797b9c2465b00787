// Entry of `pnpm parity`: loads the workspace from its TypeScript sources, then runs the study.
import { registerWorkspaceSources } from '../register-workspace-sources.js';

registerWorkspaceSources();
await import('./run-parity.js');
