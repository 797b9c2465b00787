import { parseAst } from 'vite';

/** One reference to a global variable that the code never declares. */
export interface GlobalReference {
  readonly name: string;
  /** Offset of the reference in the code. */
  readonly start: number;
}

interface Node {
  readonly type: string;
  readonly start: number;
  readonly [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** Child keys that hold a name, not a reference to a variable. */
function isNameOnly(parent: Node, key: string): boolean {
  switch (parent.type) {
    case 'MemberExpression':
      return key === 'property' && parent['computed'] !== true;
    case 'Property':
    case 'MethodDefinition':
    case 'PropertyDefinition':
    case 'AccessorProperty':
      return key === 'key' && parent['computed'] !== true;
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
      return key === 'label';
    case 'ImportSpecifier':
      return key === 'imported';
    case 'ExportSpecifier':
      return key === 'exported';
    case 'ExportAllDeclaration':
      return key === 'exported';
    case 'MetaProperty':
      return true;
    default:
      return false;
  }
}

/** Names a binding pattern declares; default values and computed keys are walked as references. */
function bindingNames(pattern: unknown, names: Set<string>, walkReference: (node: unknown) => void): void {
  if (!isNode(pattern)) return;
  switch (pattern.type) {
    case 'Identifier':
      names.add(pattern['name'] as string);
      return;
    case 'AssignmentPattern':
      bindingNames(pattern['left'], names, walkReference);
      walkReference(pattern['right']);
      return;
    case 'RestElement':
      bindingNames(pattern['argument'], names, walkReference);
      return;
    case 'ArrayPattern':
      for (const element of pattern['elements'] as unknown[]) bindingNames(element, names, walkReference);
      return;
    case 'ObjectPattern':
      for (const property of pattern['properties'] as Node[]) {
        if (property.type === 'RestElement') bindingNames(property, names, walkReference);
        else {
          if (property['computed'] === true) walkReference(property['key']);
          bindingNames(property['value'], names, walkReference);
        }
      }
      return;
    default:
      walkReference(pattern);
  }
}

/**
 * References in ES module `code` to any of `names` (every name when
 * `names` is undefined) that no declaration in the code binds: uses of globals. Scopes are not tracked, so a name declared
 * anywhere counts as declared everywhere; in minified code, where the
 * minifier renames every local, that approximation does not hide a global.
 */
export function findGlobalReferences(code: string, names?: ReadonlySet<string>): GlobalReference[] {
  const declared = new Set<string>();
  const references: GlobalReference[] = [];

  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (!isNode(node)) return;
    if (node.type === 'Identifier') {
      const name = node['name'] as string;
      if (names === undefined || names.has(name)) references.push({ name, start: node.start });
      return;
    }
    switch (node.type) {
      case 'VariableDeclarator':
        bindingNames(node['id'], declared, walk);
        walk(node['init']);
        return;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        bindingNames(node['id'], declared, walk);
        for (const parameter of node['params'] as unknown[]) bindingNames(parameter, declared, walk);
        walk(node['body']);
        return;
      case 'ClassDeclaration':
      case 'ClassExpression':
        bindingNames(node['id'], declared, walk);
        walk(node['superClass']);
        walk(node['body']);
        return;
      case 'CatchClause':
        bindingNames(node['param'], declared, walk);
        walk(node['body']);
        return;
      case 'ImportSpecifier':
      case 'ImportDefaultSpecifier':
      case 'ImportNamespaceSpecifier':
        bindingNames(node['local'], declared, walk);
        return;
      default:
        for (const [key, child] of Object.entries(node)) {
          if (key === 'type' || isNameOnly(node, key)) continue;
          if (typeof child === 'object' && child !== null) walk(child);
        }
    }
  };

  walk(parseAst(code));
  return references.filter((reference) => !declared.has(reference.name));
}
