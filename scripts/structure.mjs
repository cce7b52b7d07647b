// `npm run structure`: the shape figures the structure issue tracks, for anyone to re-run.
// Source only (tests, test support, bench and e2e aside):
//   - functions and components over 120 lines (each function's own span, nested ones included)
//   - relative imports that climb three or more folders (`../../../`)
//   - imports of web/src/app from a web feature
//   - exports no other file imports (and those only tests import: see unused-exports.mjs)
// `--list` prints each finding; the last line is the summary.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { findUnusedExports, printUnusedExports } from './unused-exports.mjs';

const ROOTS = ['contract', 'bff', 'web', 'sandbox', 'scripts'];
const MAX_LINES = 120;
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
    sourceLines += text.split('\n').length;
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
        if (lines > MAX_LINES)
          long.push({ file, line: start + 1, name: functionName(node), lines });
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

if (list) {
  long.sort((a, b) => b.lines - a.lines);
  console.log(`Functions over ${MAX_LINES} lines:`);
  for (const f of long) console.log(`  ${f.lines}\t${f.name}\t${f.file}:${f.line}`);
  console.log('Relative imports climbing three or more folders:');
  for (const c of climbing) console.log(`  ${c.file}:${c.line}\t${c.specifier}`);
  console.log('Feature imports of web/src/app:');
  for (const a of appImports) console.log(`  ${a.file}:${a.line}\t${a.specifier}`);
}
const exportsFound = findUnusedExports();
if (list) printUnusedExports(exportsFound);
console.log(
  `${files} source files, ${sourceLines} lines: ${long.length} functions over ${MAX_LINES} lines, ` +
    `${climbing.length} relative imports climbing 3+ folders, ${appImports.length} feature imports of app/, ` +
    `${exportsFound.unused.length} unused exports (${exportsFound.testOnly.length} more used only by tests)`,
);
