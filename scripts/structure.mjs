// `npm run structure`: the shape figures the structure issue tracks, for anyone to re-run.
// Source only (tests, test support, bench and e2e aside):
//   - functions and components over 120 lines, and over 80 (the cap for new code), each
//     function's own span, nested ones included
//   - source files over 400 lines
//   - runtime import cycles, and bff/src folders that import each other both ways (type-only
//     imports included; import-graph.mjs)
//   - the files one withdrawal crosses (withdrawal-path.mjs says how that is counted)
//   - relative imports that climb three or more folders (`../../../`)
//   - imports of web/src/app from a web feature
//   - exports no other file imports (and those only tests import: see unused-exports.mjs)
// `--list` prints each finding; the last line is the summary.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { findUnusedExports, printUnusedExports } from './unused-exports.mjs';
import { buildImportGraph, importCycles, twoWayFolders } from './import-graph.mjs';
import { measureWithdrawalPath, printWithdrawalPath } from './withdrawal-path.mjs';

const ROOTS = ['contract', 'bff', 'web', 'sandbox', 'scripts'];
const MAX_LINES = 120;
const CAP_LINES = 80;
const MAX_FILE_LINES = 400;
const list = process.argv.includes('--list');

function isTestOrSupport(path) {
  return (
    /\.test\.tsx?$/.test(path) ||
    /(^|\/)(test-support|testing)\//.test(path) ||
    /(^|\/)(bench|e2e|node_modules|dist)\//.test(path)
  );
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (/\.(ts|tsx|mjs)$/.test(name) && !name.endsWith('.d.ts')) yield path;
  }
}

function functionName(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name))
    return parent.name.text;
  if (parent && ts.isCallExpression(parent)) {
    const callee = parent.expression.getText();
    return `(callback of ${callee.slice(0, 40)})`;
  }
  return '(anonymous)';
}

const long = [];
const overCap = [];
const longFiles = [];
const sourceFiles = [];
const climbing = [];
const appImports = [];
let files = 0;
let sourceLines = 0;

for (const root of ROOTS) {
  for (const path of walk(root)) {
    const file = path.split(sep).join('/');
    if (isTestOrSupport(file)) continue;
    files += 1;
    const text = readFileSync(path, 'utf8');
    const fileLines = text.split('\n').length;
    sourceLines += fileLines;
    if (!file.startsWith('scripts/')) sourceFiles.push(file);
    if (fileLines > MAX_FILE_LINES) longFiles.push({ file, lines: fileLines });
    const source = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node) => {
      if (
        ts.isFunctionDeclaration(node) ||
        ts.isFunctionExpression(node) ||
        ts.isArrowFunction(node) ||
        ts.isMethodDeclaration(node)
      ) {
        const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        const found = { file, line: start + 1, name: functionName(node), lines };
        if (lines > MAX_LINES) long.push(found);
        if (lines > CAP_LINES) overCap.push(found);
      }
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        record(file, node.moduleSpecifier.text, source, node);
      }
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        record(file, node.arguments[0].text, source, node);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

function record(file, specifier, source, node) {
  const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  if (/^(\.\.\/){3,}/.test(specifier)) climbing.push({ file, line, specifier });
  if (file.startsWith('web/src/features/')) {
    const target = specifier.startsWith('.')
      ? relative('.', join(file, '..', specifier))
          .split(sep)
          .join('/')
      : specifier.replace(/^#web\//, 'web/src/');
    if (target.startsWith('web/src/app/') || target === 'web/src/app')
      appImports.push({ file, line, specifier });
  }
}

// Cycles at run time (an import type is erased); folders and the withdrawal path with type-only
// imports too (a reader follows them: a type is a dependency of the folder all the same).
const cycles = importCycles(buildImportGraph(sourceFiles));
const everyImport = buildImportGraph(sourceFiles, { typesToo: true });
const twoWay = twoWayFolders(everyImport);
const withdrawalPath = measureWithdrawalPath(everyImport);

if (list) {
  overCap.sort((a, b) => b.lines - a.lines);
  console.log(`Functions over ${CAP_LINES} lines (those over ${MAX_LINES} included):`);
  for (const f of overCap) console.log(`  ${f.lines}\t${f.name}\t${f.file}:${f.line}`);
  console.log(`Source files over ${MAX_FILE_LINES} lines:`);
  for (const f of longFiles.sort((a, b) => b.lines - a.lines))
    console.log(`  ${f.lines}\t${f.file}`);
  console.log('Runtime import cycles (each a set of files that import one another):');
  for (const cycle of cycles) console.log(`  ${cycle.join(' <-> ')}`);
  console.log('bff/src folders importing each other both ways:');
  for (const t of twoWay) console.log(`  ${t.pair}: ${t.examples.join('; ')}`);
  printWithdrawalPath(withdrawalPath);
  console.log('Relative imports climbing three or more folders:');
  for (const c of climbing) console.log(`  ${c.file}:${c.line}\t${c.specifier}`);
  console.log('Feature imports of web/src/app:');
  for (const a of appImports) console.log(`  ${a.file}:${a.line}\t${a.specifier}`);
}
const exportsFound = findUnusedExports();
if (list) printUnusedExports(exportsFound);
console.log(
  `${files} source files, ${sourceLines} lines: ${long.length} functions over ${MAX_LINES} lines, ` +
    `${overCap.length} over ${CAP_LINES}, ${longFiles.length} files over ${MAX_FILE_LINES} lines, ` +
    `${cycles.length} runtime import cycles, ${twoWay.length} two-way bff folder pairs, ` +
    `a withdrawal crosses ${withdrawalPath.total} files (${withdrawalPath.summary}), ` +
    `${climbing.length} relative imports climbing 3+ folders, ${appImports.length} feature imports of app/, ` +
    `${exportsFound.unused.length} unused exports (${exportsFound.testOnly.length} more used only by tests)`,
);
