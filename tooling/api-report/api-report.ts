import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** One public package: its name, folder, and the `.d.ts` of each JavaScript export (`.`, `./utils`, …). */
export interface PublicPackage {
  readonly name: string;
  readonly folder: string;
  readonly entries: readonly { readonly subpath: string; readonly types: string }[];
}

/** The report's file name inside each package's folder (`packages/core/api-report.txt`), so a new package brings its own. */
export const REPORT_FILE = 'api-report.txt';

/** The command that rewrites the reports; named in the check's failure message. */
export const REGENERATE_COMMAND = 'pnpm api-report';

/** The folders a public package can live in: every `packages/*`, and the CLI. */
function packageFolders(root: string): string[] {
  return [...readdirSync(join(root, 'packages')).map((name) => join(root, 'packages', name)), join(root, 'apps', 'cli')];
}

/** The workspace's public packages (not `private`) that export typed entries, sorted by name. */
export function publicPackages(root: string): PublicPackage[] {
  const packages: PublicPackage[] = [];
  for (const folder of packageFolders(root)) {
    const manifestPath = join(folder, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { name: string; private?: boolean; exports?: Record<string, unknown> };
    if (manifest.private === true) continue;
    const entries: { subpath: string; types: string }[] = [];
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      if (typeof target !== 'object' || target === null) continue;
      const types = (target as Record<string, unknown>)['types'];
      if (typeof types === 'string') entries.push({ subpath, types: join(folder, types) });
    }
    if (entries.length > 0) packages.push({ name: manifest.name, folder, entries });
  }
  return packages.sort((a, b) => (a.name < b.name ? -1 : 1));
}

function kindOf(symbol: ts.Symbol): string {
  const flags = symbol.flags;
  if (flags & ts.SymbolFlags.Function) return 'function';
  if (flags & ts.SymbolFlags.Class) return 'class';
  if (flags & ts.SymbolFlags.Enum) return 'enum';
  if (flags & ts.SymbolFlags.Variable) {
    const declaration = symbol.valueDeclaration;
    const list = declaration?.parent;
    return list !== undefined && ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0 ? 'const' : 'let';
  }
  if (flags & ts.SymbolFlags.Interface) return 'interface';
  if (flags & ts.SymbolFlags.TypeAlias) return 'type';
  if (flags & ts.SymbolFlags.Module) return 'namespace';
  return 'other';
}

/** One exported name of an entry and its kind (`function`, `const`, `class`, `interface`, `type`, …). */
export interface ExportRow {
  readonly name: string;
  readonly kind: string;
  /** Identifiers in its declarations (parameter, property and return types, …; not TSDoc): the types a caller meets through it. */
  readonly references: readonly string[];
}

function declarationIdentifiers(symbol: ts.Symbol): string[] {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  for (const declaration of symbol.declarations ?? []) visit(declaration);
  names.delete(symbol.getName());
  return [...names];
}

/** One entry of a package (`.`, `./utils`) and its exports, sorted by name. */
export interface EntryExports {
  readonly subpath: string;
  readonly rows: readonly ExportRow[];
}

/**
 * The exports of every entry of `packages`, by package name, read from the
 * built `.d.ts` with the TypeScript compiler (one program for all, so shared
 * types are read once). Throws when an entry's `.d.ts` is missing (build first).
 */
export function apiExports(packages: readonly PublicPackage[]): Map<string, EntryExports[]> {
  const entries = packages.flatMap((pkg) => pkg.entries);
  const missing = entries.filter((entry) => !existsSync(entry.types));
  if (missing.length > 0) throw new Error(`${missing.map((entry) => entry.types).join(', ')} missing; run pnpm build first`);
  const program = ts.createProgram(
    entries.map((entry) => entry.types),
    { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, noEmit: true, skipLibCheck: true, types: [] },
  );
  const checker = program.getTypeChecker();
  const exports = new Map<string, EntryExports[]>();
  for (const pkg of packages) {
    exports.set(
      pkg.name,
      pkg.entries.map((entry) => {
        const source = program.getSourceFile(entry.types);
        const moduleSymbol = source === undefined ? undefined : checker.getSymbolAtLocation(source);
        const rows = (moduleSymbol === undefined ? [] : checker.getExportsOfModule(moduleSymbol)).map((symbol) => {
          const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
          return { name: symbol.getName(), kind: kindOf(target), references: declarationIdentifiers(target) };
        });
        rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        return { subpath: entry.subpath, rows };
      }),
    );
  }
  return exports;
}

/** The import specifier of an entry: `@loadout/core` for `.`, `@loadout/core/utils` for `./utils`. */
export function entrySpecifier(packageName: string, subpath: string): string {
  return `${packageName}${subpath === '.' ? '' : subpath.slice(1)}`;
}

/** Extra text in one package's report: a sentence after the header, and a note after some names (`<entry> <name>` → note). */
export interface ReportNotes {
  readonly legend: string;
  readonly notes: ReadonlyMap<string, string>;
}

/**
 * The API reports of `exports` (from {@link apiExports}), by package name:
 * for each entry, every exported name with its kind, sorted, and the
 * package's {@link ReportNotes} when `notes` has some.
 */
export function apiReports(exports: ReadonlyMap<string, readonly EntryExports[]>, notes: ReadonlyMap<string, ReportNotes> = new Map()): Map<string, string> {
  const reports = new Map<string, string>();
  for (const [name, entries] of exports) {
    const extra = notes.get(name);
    const lines = [`# API report of ${name}: generated by \`${REGENERATE_COMMAND}\`, do not edit. Exported names and kinds per entry.`];
    if (extra !== undefined) lines.push(`# ${extra.legend}`);
    for (const entry of entries) {
      const specifier = entrySpecifier(name, entry.subpath);
      lines.push('', specifier);
      for (const row of entry.rows) {
        const note = extra?.notes.get(`${specifier} ${row.name}`);
        lines.push(`  ${row.kind} ${row.name}${note === undefined ? '' : ` ${note}`}`);
      }
    }
    reports.set(name, `${lines.join('\n')}\n`);
  }
  return reports;
}

/** Where a package's report lives: {@link REPORT_FILE} in its folder. */
export function reportPath(pkg: PublicPackage): string {
  return join(pkg.folder, REPORT_FILE);
}

/** Report files in package folders (`packages/*`, `apps/cli`) that belong to no public package any more. */
export function staleReports(root: string, packages: readonly PublicPackage[]): string[] {
  const wanted = new Set(packages.map(reportPath));
  return packageFolders(root)
    .map((folder) => join(folder, REPORT_FILE))
    .filter((file) => existsSync(file) && !wanted.has(file));
}
