import { parseAst } from 'vite';

interface Node {
  readonly type: string;
  readonly [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

const SOURCE_NODES = new Set(['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression']);

/**
 * Every module specifier ES module `code` imports or re-exports, static or
 * dynamic. A dynamic import of a computed specifier shows as `<computed>`.
 */
export function findImports(code: string): string[] {
  const specifiers: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!isNode(node)) return;
    if (SOURCE_NODES.has(node.type) && node['source'] !== null && node['source'] !== undefined) {
      const source = node['source'] as Node;
      specifiers.push(source.type === 'Literal' && typeof source['value'] === 'string' ? source['value'] : '<computed>');
    }
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'type' && typeof child === 'object' && child !== null) walk(child);
    }
  };
  walk(parseAst(code));
  return specifiers;
}
