// Exports no other file imports, for `npm run structure` (and `node scripts/unused-exports.mjs`
// to list them on their own). Syntax only (the TypeScript parser and its module resolution, no
// type checking), so it runs in about a second.
//
// Exporters: the source of contract/, bff/src, web/src and sandbox/; tests and test support
// (`*.test.ts(x)`, `*.spec.ts`, `test-support/`, `testing/`) are not exporters, their builders
// exist for tests. Importers: every file of the repository, tests, e2e, bench and scripts included.
//
// Two findings:
//   - unused: no other file imports the name. Used in its own file, the `export` keyword goes;
//     used nowhere, the code goes.
//   - test-only: only tests (or test support, e2e, bench) import it and its own file does not use
//     it: production code that nothing in production reaches, kept alive by its test. An export a
//     test imports that its own file also uses is fine: it is exported so that the unit can be
//     tested, and flagging it would only push toward testing through a wider surface.
// Re-exports are followed: a name re-exported by a barrel is used when the barrel's name is used
// (a re-export alone is not a use). A namespace import uses the members read off it (`ns.name`),
// or every export when the namespace itself is passed around; a dynamic import uses the names
// read off it (`.then((m) => m.Page)`, `const { a } = await import(...)`), or every export.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SCANNED = ['contract', 'bff', 'web', 'sandbox', 'scripts', 'e2e', 'bench'];
const EXPORTERS = ['contract/', 'bff/src/', 'web/src/', 'sandbox/'];

const isTest = (file) =>
  /\.(test|spec)\.tsx?$/.test(file) || /(^|\/)(test-support|testing|e2e|bench)\//.test(file);
const isExporter = (file) => EXPORTERS.some((root) => file.startsWith(root)) && !isTest(file);

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (/\.(ts|tsx|mjs|js)$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

const toFile = (path) => relative(ROOT, path).split(sep).join('/');

function compilerOptions() {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options;
}

/** The repository file an import names, or undefined for a package (or a file not scanned). */
function resolver(options, files) {
  const cache = new Map();
  return (specifier, fromFile) => {
    const key = `${fromFile}\n${specifier}`;
    if (cache.has(key)) return cache.get(key);
    let target;
    const found = ts.resolveModuleName(specifier, join(ROOT, fromFile), options, ts.sys)
      .resolvedModule?.resolvedFileName;
    if (found && !found.includes('/node_modules/')) target = toFile(found);
    else if (specifier.startsWith('.')) {
      // .mjs scripts importing one another: outside what tsconfig resolves.
      const path = join(ROOT, fromFile, '..', specifier);
      if (existsSync(path)) target = toFile(path);
    }
    if (target !== undefined && !files.has(target)) target = undefined;
    cache.set(key, target);
    return target;
  };
}

const hasExport = (node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const hasDefault = (node) =>
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

function bindingNames(name, out = []) {
  if (ts.isIdentifier(name)) out.push(name);
  else
    for (const element of name.elements)
      if (!ts.isOmittedExpression(element)) bindingNames(element.name, out);
  return out;
}

/** The names a file declares as exports: name → the node naming it (its line, its local use). */
function ownExports(source) {
  const names = new Map();
  for (const statement of source.statements) {
    if (ts.isExportAssignment(statement)) names.set('default', statement);
    else if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier) {
      if (statement.exportClause && ts.isNamedExports(statement.exportClause))
        for (const spec of statement.exportClause.elements) names.set(spec.name.text, spec);
    } else if (hasExport(statement)) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations)
          for (const id of bindingNames(declaration.name)) names.set(id.text, id);
      } else if (statement.name && ts.isIdentifier(statement.name)) {
        names.set(hasDefault(statement) ? 'default' : statement.name.text, statement.name);
      } else if (hasDefault(statement)) names.set('default', statement);
    }
  }
  return names;
}

/** Whether an identifier names something declared or read here (not a property, not an import). */
function isReference(id) {
  const parent = id.parent;
  if (!parent) return false;
  if ((ts.isPropertyAccessExpression(parent) || ts.isQualifiedName(parent)) && parent.name === id)
    return false;
  if (ts.isQualifiedName(parent) && parent.right === id) return false;
  if (
    (ts.isPropertyAssignment(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isMethodSignature(parent) ||
      ts.isJsxAttribute(parent) ||
      ts.isEnumMember(parent)) &&
    parent.name === id
  )
    return false;
  if (ts.isBindingElement(parent) && parent.propertyName === id) return false;
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) return false;
  return true;
}

/** Whether the file uses `name` outside the declaration that exports it. */
function usedLocally(source, name, declarationName) {
  let used = false;
  const visit = (node) => {
    if (used) return;
    if (
      ts.isIdentifier(node) &&
      node.text === name &&
      node !== declarationName &&
      isReference(node)
    )
      used = true;
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

/** The members read off `name` in `scope`: a list, or undefined when `name` itself escapes. */
function membersRead(scope, name) {
  const members = new Set();
  let escapes = false;
  const visit = (node) => {
    if (ts.isIdentifier(node) && node.text === name && isReference(node)) {
      const parent = node.parent;
      if (
        (ts.isPropertyAccessExpression(parent) && parent.expression === node) ||
        (ts.isQualifiedName(parent) && parent.left === node)
      )
        members.add((ts.isPropertyAccessExpression(parent) ? parent.name : parent.right).text);
      else if (!(ts.isNamespaceImport(parent) || ts.isParameter(parent))) escapes = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(scope);
  return escapes ? undefined : [...members];
}

/** What a dynamic `import(...)` uses of its module: the names read, or undefined for all. */
function dynamicImportNames(call) {
  let node = call.parent;
  if (ts.isAwaitExpression(node)) {
    const holder = node.parent;
    if (ts.isVariableDeclaration(holder) && ts.isObjectBindingPattern(holder.name))
      return holder.name.elements.map((e) => (e.propertyName ?? e.name).getText());
    return undefined;
  }
  // import('x').then((m) => m.Page) / .then(({ Page }) => ...)
  if (ts.isPropertyAccessExpression(node) && node.name.text === 'then') {
    const callback = node.parent.arguments?.[0];
    const param =
      callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))
        ? callback.parameters[0]
        : undefined;
    if (!param) return undefined;
    if (ts.isObjectBindingPattern(param.name))
      return param.name.elements.map((e) => (e.propertyName ?? e.name).getText());
    if (ts.isIdentifier(param.name)) return membersRead(callback.body, param.name.text);
  }
  return undefined;
}

/** Every scanned file, parsed once (no type checking). */
function parseSources() {
  const sources = new Map();
  const roots = [...SCANNED.map((dir) => join(ROOT, dir))];
  const topLevel = readdirSync(ROOT)
    .filter((name) => /\.(ts|mjs|js)$/.test(name))
    .map((name) => join(ROOT, name));
  for (const path of [...roots.flatMap((dir) => [...walk(dir)]), ...topLevel]) {
    const file = toFile(path);
    sources.set(
      file,
      ts.createSourceFile(
        file,
        readFileSync(path, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
        file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
      ),
    );
  }
  return sources;
}

/** Re-exports: file → [{ name (as exported here, '*' for export *), target, targetName }]. */
function reexportEdges(sources, resolve) {
  const reexports = new Map();
  for (const [file, source] of sources) {
    for (const statement of source.statements) {
      if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) continue;
      const target = resolve(statement.moduleSpecifier.text, file);
      if (!target) continue;
      const edges = reexports.get(file) ?? [];
      const clause = statement.exportClause;
      if (!clause) edges.push({ name: '*', target, targetName: '*' });
      else if (ts.isNamespaceExport(clause))
        edges.push({ name: clause.name.text, target, targetName: '*' });
      else
        for (const spec of clause.elements)
          edges.push({
            name: spec.name.text,
            target,
            targetName: (spec.propertyName ?? spec.name).text,
          });
      reexports.set(file, edges);
    }
  }
  return reexports;
}

/** Calls use(target, name, file) for every name `source` imports (static, dynamic, type). */
function recordImports(source, file, resolve, use) {
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolve(node.moduleSpecifier.text, file);
      const clause = node.importClause;
      if (target && clause) {
        if (clause.name) use(target, 'default', file);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamedImports(bindings))
          for (const spec of bindings.elements)
            use(target, (spec.propertyName ?? spec.name).text, file);
        if (bindings && ts.isNamespaceImport(bindings)) {
          const members = membersRead(source, bindings.name.text);
          for (const member of members ?? ['*']) use(target, member, file);
        }
      }
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const target = resolve(node.arguments[0].text, file);
      if (target) for (const name of dynamicImportNames(node) ?? ['*']) use(target, name, file);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      const target = resolve(node.argument.literal.text, file);
      if (target) {
        const qualifier = node.qualifier;
        const first = qualifier && (ts.isIdentifier(qualifier) ? qualifier : qualifier.left);
        use(target, first && ts.isIdentifier(first) ? first.text : '*', file);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

export function findUnusedExports() {
  const sources = parseSources();
  const resolve = resolver(compilerOptions(), sources);
  const reexports = reexportEdges(sources, resolve);

  // (file, name) → who uses it: 'prod' or 'test'. '*' stands for every name of the file.
  const uses = new Map();
  const use = (target, name, from) => {
    const key = `${target}\n${name}`;
    const kind = isTest(from) ? 'test' : 'prod';
    const had = uses.get(key);
    if (had === 'prod' || had === kind) return;
    uses.set(key, kind);
    for (const edge of reexports.get(target) ?? []) {
      if (name === '*') use(edge.target, edge.targetName === '*' ? '*' : edge.targetName, from);
      else if (edge.name === name) use(edge.target, edge.targetName, from);
      else if (edge.name === '*' && !exportsOf(target).has(name)) use(edge.target, name, from);
    }
  };
  const ownCache = new Map();
  const exportsOf = (file) => {
    if (!ownCache.has(file)) ownCache.set(file, ownExports(sources.get(file)));
    return ownCache.get(file);
  };

  // The edges are known first, so that uses flow through re-exports.
  for (const [file, source] of sources) recordImports(source, file, resolve, use);

  const unused = [];
  const testOnly = [];
  for (const [file, source] of sources) {
    if (!isExporter(file)) continue;
    if (uses.get(`${file}\n*`) === 'prod') continue;
    const allByTests = uses.get(`${file}\n*`) === 'test';
    for (const [name, node] of exportsOf(file)) {
      const user = uses.get(`${file}\n${name}`) ?? (allByTests ? 'test' : undefined);
      if (user === 'prod') continue;
      const local = name !== 'default' && usedLocally(source, name, node);
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      const finding = { file, line, name, local };
      if (user === undefined) unused.push(finding);
      else if (!local) testOnly.push(finding);
    }
  }
  const order = (a, b) => a.file.localeCompare(b.file) || a.line - b.line;
  return { unused: unused.sort(order), testOnly: testOnly.sort(order) };
}

export function printUnusedExports({ unused, testOnly }) {
  console.log('Exports no other file imports (local: used in its own file, drop `export`):');
  for (const f of unused)
    console.log(`  ${f.file}:${f.line}\t${f.name}${f.local ? '\t(local)' : ''}`);
  console.log('Exports only tests import, unused in their own file:');
  for (const f of testOnly) console.log(`  ${f.file}:${f.line}\t${f.name}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = findUnusedExports();
  printUnusedExports(found);
  console.log(
    `${found.unused.length} unused exports, ${found.testOnly.length} more used only by tests`,
  );
}
