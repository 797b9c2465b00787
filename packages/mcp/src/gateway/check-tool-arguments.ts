import type { CatalogTool } from '@loadout/core';
import type { JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import { argumentsError } from '../upstream/gateway-call-error.js';

/** Checks a call's arguments against the called tool's `inputSchema`; see {@link createArgumentChecker}. */
export type ArgumentChecker = (tool: CatalogTool, args: Record<string, unknown>) => void;

/**
 * Validates arguments against each tool's JSON Schema (compiled once per
 * catalog tool, so per index generation) before they go upstream. Throws a
 * `GatewayCallError` -32602 (`invalid-input`) naming the tool and the first
 * problem. A schema the validator cannot compile lets the call through: the
 * upstream, which owns the schema, decides then.
 */
export function createArgumentChecker(): ArgumentChecker {
  const provider = new AjvJsonSchemaValidator();
  const compiled = new WeakMap<CatalogTool, JsonSchemaValidator<unknown> | null>();
  const validatorOf = (tool: CatalogTool): JsonSchemaValidator<unknown> | null => {
    let validator = compiled.get(tool);
    if (validator === undefined) {
      try {
        validator = provider.getValidator(tool.inputSchema as JsonSchemaType);
      } catch {
        validator = null;
      }
      compiled.set(tool, validator);
    }
    return validator;
  };
  return (tool, args) => {
    const result = validatorOf(tool)?.(args);
    if (result === undefined || result.valid) return;
    throw argumentsError('invalid-input', `arguments of ${JSON.stringify(tool.apiName)} do not match its input schema: ${result.errorMessage}`, {
      tool: tool.apiName,
    });
  };
}
