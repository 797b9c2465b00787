// `node --import <tsx> --import ./register-workspace-sources.mjs entry.ts`
import { register } from 'node:module';

register('./workspace-sources-hook.mjs', import.meta.url);
