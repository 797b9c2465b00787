import { isRecord } from '../utils/is-record.js';
import type { TokenCounter } from '../tokens/token-counter.js';

/**
 * What one request's `tools` cost, as an adapter renders them. Every token
 * figure is a sum of the counter over each definition's JSON
 * (`JSON.stringify(definition)`), the same way for every provider, so
 * figures of different adapters compare.
 */
export interface RequestCost {
  /**
   * Tokens of the definitions the model reads up front: every definition in
   * `tools` without `defer_loading: true`, the search tool included. A
   * `namespace` tool counts as its own header (`tools` emptied) plus its
   * members, each on its own; so does a group of `functionDeclarations`
   * (Gemini's `tools` entries).
   */
  readonly upfront: number;
  /**
   * Tokens of the deferred tools' definitions in the form a search loads
   * them: what tool search keeps out of this request's context. 0 when
   * nothing is deferred.
   */
  readonly deferred: number;
  /** UTF-8 bytes of `JSON.stringify(tools)`: the weight of the request's `tools` on the wire. */
  readonly bytes: number;
  /** Definitions in `tools` (members of a namespace or a `functionDeclarations` group each; the group itself not); deferred ones included. */
  readonly definitions: number;
  /** Of those, definitions sent with `defer_loading: true` (in the request, not read until a search loads them). */
  readonly deferredDefinitions: number;
}

/**
 * What one search answer adds to the context the model reads next:
 * `definitions` (the loaded tools' definitions in the provider's form,
 * wherever they arrive: inside the answer, expanded from references, or in
 * the next requests' tools) plus `overhead` (the rest of the answer: its
 * envelope, references, a JSON copy). `total` is their sum.
 */
export interface SearchCost {
  readonly definitions: number;
  readonly overhead: number;
  readonly total: number;
}

/** UTF-8 length of a string, without TextEncoder (core uses no runtime globals beyond ECMAScript). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}


/** Tokens of each value's JSON, summed (`undefined` counts 0). */
export function countJsonTokens(values: readonly unknown[], counter: TokenCounter): number {
  let total = 0;
  for (const value of values) {
    const text = JSON.stringify(value);
    if (text !== undefined) total += counter.count(text);
  }
  return total;
}

/**
 * The {@link RequestCost} of a request's `tools` as an adapter sends them;
 * `deferred` is `loadedForm`'s tokens (the deferred tools' definitions as a
 * search would load them; default: none). Never throws unless `counter`
 * does or a definition cannot be serialised.
 */
export function countRequestTools(tools: readonly unknown[], counter: TokenCounter, loadedForm: readonly unknown[] = []): RequestCost {
  let upfront = 0;
  let definitions = 0;
  let deferredDefinitions = 0;
  const visit = (definition: unknown): void => {
    if (isRecord(definition) && definition['type'] === 'namespace' && Array.isArray(definition['tools'])) {
      upfront += countJsonTokens([{ ...definition, tools: [] }], counter);
      for (const member of definition['tools']) visit(member);
      return;
    }
    if (isRecord(definition) && Array.isArray(definition['functionDeclarations'])) {
      upfront += countJsonTokens([{ ...definition, functionDeclarations: [] }], counter);
      for (const member of definition['functionDeclarations']) visit(member);
      return;
    }
    definitions++;
    if (isRecord(definition) && definition['defer_loading'] === true) deferredDefinitions++;
    else upfront += countJsonTokens([definition], counter);
  };
  for (const definition of tools) visit(definition);
  return { upfront, deferred: countJsonTokens(loadedForm, counter), bytes: utf8Length(JSON.stringify(tools)), definitions, deferredDefinitions };
}

/** A {@link SearchCost} from the loaded definitions and the rest of the answer. */
export function searchCost(definitions: readonly unknown[], overhead: readonly unknown[], counter: TokenCounter): SearchCost {
  const definitionTokens = countJsonTokens(definitions, counter);
  const overheadTokens = countJsonTokens(overhead, counter);
  return { definitions: definitionTokens, overhead: overheadTokens, total: definitionTokens + overheadTokens };
}
