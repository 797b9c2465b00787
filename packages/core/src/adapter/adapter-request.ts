import type { ToolSearchAdapterRequest } from './tool-search-adapter.js';

/** The {@link ToolSearchAdapterRequest} part of an adapter's own request object (its other fields left out). */
export function adapterRequest(request: ToolSearchAdapterRequest): ToolSearchAdapterRequest {
  const { tools, toolSearch, upfront, deferred, tokens, plan } = request;
  return { tools, toolSearch, upfront, deferred, tokens, plan };
}
