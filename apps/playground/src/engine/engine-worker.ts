// The engine's Web Worker, with the transformers ranker: importing this entry starts serving.
import '@loadout/browser/worker-transformers';
