import { createLoadoutError, type CatalogTool } from '@loadout/core';
import type { FittableEmbedder, ToolEmbedder } from '../contracts/tool-embedder.js';
import { fnv1a64, integerOption } from '@loadout/core/utils';
import { tokenizeIdentifiers } from '../text/tokenize-identifiers.js';
import { toolFields } from '../text/tool-fields.js';
import { normalizeInPlace } from '../vector/vector-math.js';
import { DEFAULT_STATIC_FIELD_WEIGHTS, type FieldWeights } from './field-weights.js';
import { principalComponents, removeComponents } from './principal-components.js';
import { createSifEncoder, DEFAULT_SIF_A, type SifEncoder } from './sif-encoder.js';
import { DEFAULT_STATIC_STOPWORDS } from './stopwords.js';
import type { WordVectorTable } from './word-vector-table.js';

/** Default {@link StaticEmbedderOptions.modelId}. */
export const DEFAULT_STATIC_MODEL_ID = 'glove-sg-100d-sif-int8';

/** Options of a static word-vector embedder. */
export interface StaticEmbedderOptions {
  /** Names the table and settings; fitting appends `-pc<n>-<hash>`. Default `glove-sg-100d-sif-int8`. */
  modelId?: string;
  /** Vector length; must match the table. Default 100 (or the given table's). */
  dimensions?: number;
  /** SIF smoothing constant `a` in a / (a + p(w)). Default 0.001; range (0, 1]. */
  sifA?: number;
  /** Principal components that {@link FittableEmbedder.fit} removes. Default 8; an integer from 0 to `dimensions`. */
  components?: number;
  /** Field weights for {@link ToolEmbedder.embedTools}. Default name 3, description 2, parameter descriptions 1, parameter names 0.5. */
  fieldWeights?: Partial<FieldWeights>;
  /** Words skipped in tools and queries. Default {@link DEFAULT_STATIC_STOPWORDS}; pass an empty set to keep every word. */
  stopwords?: Iterable<string>;
}

/**
 * Static word vectors summed with smooth-inverse-frequency weights, stopwords
 * dropped, and the corpus's first principal components removed (Arora et
 * al.'s SIF). Embeds a query as plain text and a tool from its weighted
 * fields. Texts without a known word embed to the zero vector.
 */
export interface StaticEmbedder extends ToolEmbedder, FittableEmbedder {
  /** Principal components currently removed: 0 until fitted. */
  readonly removedComponents: number;
  /** Loads the word-vector table now instead of on first use. */
  load(): Promise<void>;
  /** Share (0–1) of `text`'s non-stopword tokens the table knows; 1 for a text without any. Loads the table. */
  coverage(text: string): Promise<number>;
}

function invalid(name: string, value: unknown, range: string): never {
  throw createLoadoutError('invalid-option', `@loadout/embeddings: ${name} must be ${range}, got ${String(value)}`, { [name]: value });
}

function checkWeights(weights: FieldWeights): FieldWeights {
  for (const [field, weight] of Object.entries(weights)) {
    if (!Number.isFinite(weight) || weight < 0) invalid(`fieldWeights.${field}`, weight, 'a finite number ≥ 0');
  }
  return weights;
}

function fingerprintComponents(components: readonly Float32Array[]): string {
  let text = '';
  for (const component of components) {
    const halves = new Uint16Array(component.buffer, component.byteOffset, component.length * 2);
    for (let index = 0; index < halves.length; index++) text += String.fromCharCode(halves[index]!);
  }
  return fnv1a64(text).slice(0, 8);
}

/**
 * Creates a {@link StaticEmbedder} over a word-vector table, given directly
 * or as a loader called once on first use. Pure: no file access here (the
 * Node entry {@link createStaticEmbedder} supplies a file loader).
 */
export function createStaticEmbedderFromTable(
  source: WordVectorTable | (() => Promise<WordVectorTable>),
  options: StaticEmbedderOptions = {},
): StaticEmbedder {
  const baseModelId = options.modelId ?? DEFAULT_STATIC_MODEL_ID;
  const dimensions = options.dimensions ?? (typeof source === 'function' ? 100 : source.dimensions);
  const sifA = options.sifA ?? DEFAULT_SIF_A;
  const weights = checkWeights({ ...DEFAULT_STATIC_FIELD_WEIGHTS, ...options.fieldWeights });
  const stopwords: ReadonlySet<string> = options.stopwords === undefined ? DEFAULT_STATIC_STOPWORDS : new Set(options.stopwords);
  if (!Number.isInteger(dimensions) || dimensions < 1) invalid('dimensions', dimensions, 'a positive integer');
  if (!(sifA > 0 && sifA <= 1)) invalid('sifA', sifA, 'in (0, 1]');
  // The default is checked too: a table of fewer than 8 dimensions refuses it.
  const componentCount = integerOption('@loadout/embeddings', 'components', options.components ?? 8, 8, 0, dimensions);

  let encoder: SifEncoder | undefined;
  let loading: Promise<SifEncoder> | undefined;
  let components: Float32Array[] = [];
  let modelId = baseModelId;

  const useTable = (table: WordVectorTable): SifEncoder => {
    if (table.dimensions !== dimensions) {
      throw createLoadoutError(
        'invalid-option',
        `@loadout/embeddings: static embedder ${JSON.stringify(baseModelId)} expects ${dimensions} dimensions, its table has ${table.dimensions}`,
        { dimensions, tableDimensions: table.dimensions },
      );
    }
    encoder = createSifEncoder(table, { sifA, stopwords });
    return encoder;
  };
  const ready = async (): Promise<SifEncoder> => {
    if (encoder !== undefined) return encoder;
    if (typeof source !== 'function') return useTable(source);
    loading ??= source().then(useTable, (error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const finish = (vector: Float32Array): Float32Array => {
    removeComponents(vector, components);
    return normalizeInPlace(vector);
  };
  let fitted = new WeakMap<CatalogTool, Float32Array>();
  const raw = (sif: SifEncoder, item: string | CatalogTool): Float32Array => {
    if (typeof item === 'string') return sif.encodeText(item);
    const known = fitted.get(item);
    return known === undefined ? sif.encodeFields(toolFields(item), weights) : Float32Array.from(known);
  };

  return {
    specificationVersion: 'v1',
    get modelId() {
      return modelId;
    },
    dimensions,
    get removedComponents() {
      return components.length;
    },
    async load() {
      await ready();
    },
    async embed(texts) {
      const sif = await ready();
      return texts.map((text) => finish(sif.encodeText(text)));
    },
    async embedTools(tools) {
      const sif = await ready();
      return tools.map((tool) => finish(raw(sif, tool)));
    },
    async fit(corpus) {
      const sif = await ready();
      fitted = new WeakMap();
      const vectors = corpus.map((item) => raw(sif, item));
      corpus.forEach((item, position) => {
        if (typeof item !== 'string') fitted.set(item, vectors[position]!);
      });
      components = componentCount === 0 ? [] : principalComponents(vectors, componentCount, dimensions);
      modelId = components.length === 0 ? baseModelId : `${baseModelId}-pc${components.length}-${fingerprintComponents(components)}`;
    },
    async coverage(text) {
      const sif = await ready();
      const tokens = tokenizeIdentifiers(text).filter((token) => !sif.isStopword(token));
      if (tokens.length === 0) return 1;
      return tokens.filter((token) => sif.has(token)).length / tokens.length;
    },
  };
}
