export { readFirstStage } from './read-first-stage.js';
export type { FirstStageCandidates, FirstStageView } from './first-stage-view.js';
