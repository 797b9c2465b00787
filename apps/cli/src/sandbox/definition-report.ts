import type { OptionsSchema, RankerDefinition, RankerLearnedPart } from '@loadout/core';

/**
 * What the main thread keeps of a plug-in ranker's definition: everything
 * but its functions, which stay in the worker that loaded it (see
 * `sandboxedDefinition`). `persistence` is not carried (no out-of-tree
 * ranker uses it yet).
 */
export interface RankerMetadata {
  readonly name: string;
  readonly description?: string;
  readonly queryKind: RankerDefinition['queryKind'];
  readonly options?: OptionsSchema;
  readonly capabilities?: {
    readonly browserSafe?: boolean;
    /** Present when it learns from usage; its `withUsage` runs in the worker. */
    readonly usage?: { readonly learns?: readonly RankerLearnedPart[] };
  };
}

/**
 * Why a ranker worker has no definition to report:
 * - `import`: its module did not import; `message` is `describeLoadFailure`'s
 *   line (where, never the source), `esmInCommonJs` whether it is an ES module
 *   in a CommonJS folder;
 * - `untrusted`: it said its TypeScript module changed since its check
 *   (believed only once the main thread checked the pin, see `brokenPin`);
 * - `no-default`: it has no default export;
 * - `invalid`: its default export is not a definition (`validateRankerDefinition`'s message);
 * - `misnamed`: it defines the ranker `defined`, not the one its key names.
 */
export type DefinitionFailure =
  | { readonly kind: 'import'; readonly esmInCommonJs: boolean; readonly message: string }
  | { readonly kind: 'untrusted'; readonly message: string }
  | { readonly kind: 'no-default' }
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'misnamed'; readonly defined: string };

/** A ranker worker's answer to `describe`: the definition it loaded and checked, or why it has none. */
export type DefinitionReport = { readonly ok: true; readonly metadata: RankerMetadata } | { readonly ok: false; readonly failure: DefinitionFailure };

/** The {@link RankerMetadata} of a checked `definition`. */
export function metadataOf(definition: RankerDefinition): RankerMetadata {
  const { browserSafe, usage } = definition.capabilities ?? {};
  const capabilities = {
    ...(browserSafe === undefined ? {} : { browserSafe }),
    ...(usage === undefined ? {} : { usage: usage.learns === undefined ? {} : { learns: usage.learns } }),
  };
  return {
    name: definition.name,
    ...(definition.description === undefined ? {} : { description: definition.description }),
    queryKind: definition.queryKind,
    ...(definition.options === undefined ? {} : { options: definition.options }),
    ...(definition.capabilities === undefined ? {} : { capabilities }),
  };
}
