import { createPlayground } from './app/create-playground.js';
import { createPlaygroundEngine } from './engine/create-playground-engine.js';
import { readSharedState } from './state/url-state.js';

const container = document.getElementById('app');
if (container === null) throw new Error('@loadout/playground: index.html has no #app element');
const { state, ignored } = readSharedState(location.search);
createPlayground({ container, engine: createPlaygroundEngine(), state, ignored });
