import type { CatalogTool, SyncTextVectors } from '@loadout/core';
import { toolFields } from '../text/tool-fields.js';
import { normalizeInPlace } from '../vector/vector-math.js';
import { DEFAULT_STATIC_FIELD_WEIGHTS } from '../static/field-weights.js';
import { principalComponents, removeComponents } from '../static/principal-components.js';
import { createSifEncoder } from '../static/sif-encoder.js';
import type { WordVectorTable } from '../static/word-vector-table.js';

/** Options of {@link createRerankVectors}. */
export interface RerankVectorsOptions {
  /** Principal components of the catalog removed from every vector. Default 8 (as the static embedder); 0 to `dimensions`. */
  readonly components?: number;
}

/**
 * Sync GloVe-SIF vectors for the re-ranker's word-vector features
 * (core's `SyncTextVectors`): the static embedder's recipe (SIF
 * weights, its stopwords and field weights, the catalog's first principal
 * components removed, fitted in display-name order), computed without a
 * promise so a re-ranked search stays sync. Pure; `table` is a loaded
 * word-vector table (`loadStaticVectors(defaultStaticTablePath())` in Node).
 */
export function createRerankVectors(table: WordVectorTable, options: RerankVectorsOptions = {}): SyncTextVectors {
  const { dimensions } = table;
  const count = Math.max(0, Math.min(dimensions, Math.round(options.components ?? 8)));
  const sif = createSifEncoder(table);
  let components: Float32Array[] = [];
  return {
    dimensions,
    embedTools(tools) {
      const raw = tools.map((tool) => sif.encodeFields(toolFields(tool), DEFAULT_STATIC_FIELD_WEIGHTS));
      const order = tools.map((_, index) => index).sort((left, right) => (tools[left]!.displayName < tools[right]!.displayName ? -1 : 1));
      components = count === 0 || tools.length === 0 ? [] : principalComponents(order.map((index) => raw[index]!), count, dimensions);
      const out = new Float32Array(tools.length * dimensions);
      raw.forEach((vector, index) => {
        removeComponents(vector, components);
        out.set(normalizeInPlace(vector), index * dimensions);
      });
      return out;
    },
    embedText(text) {
      const vector = sif.encodeText(text);
      removeComponents(vector, components);
      return normalizeInPlace(vector);
    },
  };
}
