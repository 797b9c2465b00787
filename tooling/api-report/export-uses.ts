import ts from 'typescript';

/**
 * What one source file takes from other `@loadout` entries, by specifier
 * (`@loadout/bm25`, `@loadout/learn/rerank`): the names it imports or
 * re-exports by name, `'*'` for `export * from`, and for any other reference
 * (a namespace import, a dynamic `import()`, `typeof import()`, a JSDoc
 * `import()` type) every word of the file, since what it reads from the
 * module is then a property access somewhere in it.
 */
export type ExportUses = Map<string, ReadonlySet<string> | '*'>;

const SPECIFIER = /^@loadout\/[a-z0-9-]+(?:\/[a-z0-9-]+)?$/;
const LOOSE_REFERENCE = /import\(\s*['"](@loadout\/[a-z0-9-]+(?:\/[a-z0-9-]+)?)['"]\s*\)/g;
const WORD = /[A-Za-z_$][\w$]*/g;

function scriptKind(file: string): ts.ScriptKind {
  if (file.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (/\.[mc]?ts$/.test(file)) return ts.ScriptKind.TS;
  return ts.ScriptKind.JS;
}

/** The uses of `@loadout` entries in one file's source text; see {@link ExportUses}. */
export function exportUses(file: string, text: string): ExportUses {
  const uses = new Map<string, Set<string> | '*'>();
  const loose = new Set<string>();
  const add = (specifier: string, names: readonly string[] | '*'): void => {
    if (!SPECIFIER.test(specifier)) return;
    const current = uses.get(specifier);
    if (names === '*' || current === '*') {
      uses.set(specifier, '*');
      return;
    }
    const set = current ?? new Set<string>();
    for (const name of names) set.add(name);
    uses.set(specifier, set);
  };
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, false, scriptKind(file));
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const specifier = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      const names: string[] = [];
      if (clause?.name !== undefined) names.push('default');
      const bindings = clause?.namedBindings;
      if (bindings !== undefined && ts.isNamespaceImport(bindings)) loose.add(specifier);
      if (bindings !== undefined && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
      }
      add(specifier, names);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier !== undefined && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.exportClause;
      if (clause === undefined || ts.isNamespaceExport(clause)) add(statement.moduleSpecifier.text, '*');
      else add(statement.moduleSpecifier.text, clause.elements.map((element) => (element.propertyName ?? element.name).text));
    }
  }
  for (const match of text.matchAll(LOOSE_REFERENCE)) loose.add(match[1]!);
  if (loose.size > 0) {
    const words = text.match(WORD) ?? [];
    for (const specifier of loose) add(specifier, words);
  }
  return uses;
}

/** Every identifier inside code in a Markdown text: fenced blocks and inline code spans. */
export function documentedWords(markdown: string): Set<string> {
  const words = new Set<string>();
  const code = [...markdown.matchAll(/^(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^\1/gm)].map((match) => match[2]!);
  const prose = markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1/gm, '');
  code.push(...[...prose.matchAll(/(`+)([^`]+?)\1/g)].map((match) => match[2]!));
  for (const block of code) for (const word of block.match(WORD) ?? []) words.add(word);
  return words;
}
