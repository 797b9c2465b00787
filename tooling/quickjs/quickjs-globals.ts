import { getQuickJS } from 'quickjs-emscripten';

/**
 * The names QuickJS (quickjs-emscripten's default build, the engine many
 * sandboxes and plug-in hosts embed) defines on its global object: plain
 * ECMAScript, no `TextEncoder`, `TextDecoder`, `Intl`, `structuredClone`,
 * `queueMicrotask`, timers or `crypto`.
 */
export async function quickJsGlobals(): Promise<ReadonlySet<string>> {
  const quickJs = await getQuickJS();
  const context = quickJs.newContext();
  try {
    const names = context.unwrapResult(context.evalCode('JSON.stringify(Object.getOwnPropertyNames(globalThis))')).consume(context.getString);
    return new Set(JSON.parse(names) as string[]);
  } finally {
    context.dispose();
  }
}
