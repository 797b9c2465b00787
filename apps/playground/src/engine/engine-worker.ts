// The engine's Web Worker: importing @loadout/browser's worker entry starts serving.
import '@loadout/browser/worker';
