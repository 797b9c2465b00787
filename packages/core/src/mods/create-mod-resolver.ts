import type { CatalogTool } from '../catalog/tool.js';
import { describeValue } from '../errors/index.js';
import type {
  Mod,
  ModFailure,
  ResolvedTool,
  ToolDescribeEvent,
  ToolDescribeHook,
  ToolDescribeResult,
  ToolResolver,
} from './mod.js';
import { validateMods } from './validate-mod.js';

const RESULT_SHAPE = '{ description: string, isDeferred?: boolean }';

interface Layer {
  readonly name: string;
  readonly hook: ToolDescribeHook;
}

interface Answer {
  readonly description: string;
  readonly isDeferred: boolean;
  readonly decidedBy: string | undefined;
}

/**
 * Composes mods into a {@link ToolResolver}, without caching. The last mod is
 * the outermost layer: its hook runs first and its answer wins; `next(event?)`
 * runs the layers beneath with the given (or unchanged) event, and beneath
 * them all the answer is that event's own `description` and `isDeferred`.
 *
 * - A hook that throws, or returns something other than
 *   `{ description: string, isDeferred?: boolean }`, is skipped: the tool
 *   keeps the answer from beneath it, and a {@link ModFailure} is recorded
 *   (once per mod and tool, however often `next` reaches it).
 * - A hook that omits `isDeferred` keeps the deferral from beneath (the
 *   layers beneath are asked if the hook did not call `next`).
 * - For a `core` tool, deferral stays at the base event's value: a mod's
 *   `isDeferred` (in its answer or in an event it passes to `next`) is
 *   ignored and its name is listed in `ignoredCore`; description rewrites
 *   still apply.
 * - `failures` and `ignoredCore` list mods in registration order.
 * - `decidedBy` names the outermost mod whose answer changed `isDeferred`
 *   relative to the answer beneath it.
 *
 * Throws LoadoutError `mod-invalid` (naming the mod) for an empty or duplicate
 * name, an unknown hook name, or a hook that is not a function.
 */
export function createModResolver(mods: readonly Mod[]): ToolResolver {
  validateMods(mods);
  const layers: Layer[] = [];
  for (const mod of mods) {
    const hook = mod.hooks['tool.describe'];
    if (hook !== undefined) layers.push({ name: mod.name, hook });
  }
  return {
    resolve(tool, base) {
      const event = base.tool === tool ? base : { ...base, tool };
      if (layers.length === 0) {
        return { description: event.description, isDeferred: event.isDeferred, failures: [], ignoredCore: [] };
      }
      return resolveThrough(layers, event);
    },
  };
}

function resolveThrough(layers: readonly Layer[], base: ToolDescribeEvent): ResolvedTool {
  const tool: CatalogTool = base.tool;
  const pinned = tool.kind === 'core' ? base.isDeferred : undefined;
  const failures = new Map<number, ModFailure>();
  const ignoredCore = new Map<number, string>();

  const run = (index: number, event: ToolDescribeEvent): Answer => {
    const layer = layers[index];
    if (layer === undefined) {
      return { description: event.description, isDeferred: event.isDeferred, decidedBy: undefined };
    }
    let beneath: Answer | undefined;
    let beneathOfEvent: Answer | undefined;
    const askBeneath = (passed: ToolDescribeEvent): Answer => {
      if (passed === event && beneathOfEvent !== undefined) return beneathOfEvent;
      const answer = run(index - 1, passed);
      if (passed === event) beneathOfEvent = answer;
      return answer;
    };
    const next = (changed?: ToolDescribeEvent): ToolDescribeResult => {
      let passed = changed ?? event;
      if (pinned !== undefined && passed.isDeferred !== pinned) {
        ignoredCore.set(index, layer.name);
        passed = { ...passed, isDeferred: pinned };
      }
      beneath = askBeneath(passed);
      return { description: beneath.description, isDeferred: beneath.isDeferred };
    };

    let result: unknown;
    try {
      result = layer.hook(event, next);
    } catch (error) {
      recordFailure(index, layer.name, errorMessage(error));
      return askBeneath(event);
    }
    const problem = resultProblem(result);
    if (problem !== undefined) {
      recordFailure(index, layer.name, `${problem}, expected ${RESULT_SHAPE}`);
      return askBeneath(event);
    }
    const answer = result as ToolDescribeResult;

    let isDeferred = answer.isDeferred;
    if (pinned !== undefined) {
      if (isDeferred !== undefined && isDeferred !== pinned) ignoredCore.set(index, layer.name);
      return { description: answer.description, isDeferred: pinned, decidedBy: undefined };
    }
    if (isDeferred === undefined) {
      beneath ??= askBeneath(event);
      isDeferred = beneath.isDeferred;
    }
    let decidedBy: string | undefined;
    if (beneath !== undefined && isDeferred !== beneath.isDeferred) decidedBy = layer.name;
    else if (beneath?.decidedBy !== undefined) decidedBy = beneath.decidedBy;
    else if (isDeferred !== event.isDeferred) decidedBy = layer.name;
    return { description: answer.description, isDeferred, decidedBy };
  };

  const recordFailure = (index: number, mod: string, message: string): void => {
    if (!failures.has(index)) failures.set(index, { mod, tool: tool.displayName, message });
  };

  const answer = run(layers.length - 1, base);
  return {
    description: answer.description,
    isDeferred: answer.isDeferred,
    ...(answer.decidedBy === undefined ? {} : { decidedBy: answer.decidedBy }),
    failures: inLayerOrder(failures),
    ignoredCore: inLayerOrder(ignoredCore),
  };
}

function inLayerOrder<T>(byLayer: ReadonlyMap<number, T>): T[] {
  return [...byLayer.entries()].sort(([left], [right]) => left - right).map(([, value]) => value);
}

/** What is wrong with a hook's result, naming the field; undefined for a {@link ToolDescribeResult}. */
function resultProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return `returned ${describeValue(value)}`;
  const { description, isDeferred } = value as { description?: unknown; isDeferred?: unknown };
  if (typeof description !== 'string') return `returned a description that is not a string (${describeValue(description)})`;
  if (isDeferred !== undefined && typeof isDeferred !== 'boolean') return `returned an isDeferred that is not a boolean (${describeValue(isDeferred)})`;
  return undefined;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return `threw ${String(error)}`;
  } catch {
    return 'threw a value that cannot be printed';
  }
}
