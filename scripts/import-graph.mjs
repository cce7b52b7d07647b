// The runtime import graph of the source, for `npm run structure`: import cycles, BFF folders that
// import each other both ways, and the files one withdrawal crosses.
//
// Source only (tests, test support, bench, e2e and scripts aside). An edge is an import that is
// still there at run time: `import type` and `export type` are left out; `import { type A }` is
// kept (under verbatimModuleSyntax it stays as an import of the module). Dynamic `import()` counts.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const toFile = (path) => relative(ROOT, path).split(sep).join('/');

function compilerOptions() {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options;
}

/** The imports of one file (with `typesToo`, type-only ones as well). */
function importSpecifiers(file, text, typesToo) {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const specifiers = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && (typesToo || !node.importClause?.isTypeOnly))
      specifiers.push(node.moduleSpecifier.text);
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && (typesToo || !node.isTypeOnly))
      specifiers.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      specifiers.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/**
 * file -> the source files it imports (packages and unscanned files left out): at run time only,
 * or with `typesToo` every import a reader follows.
 */
export function buildImportGraph(files, { typesToo = false } = {}) {
  const options = compilerOptions();
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const specifier of importSpecifiers(file, text, typesToo)) {
      const found = ts.resolveModuleName(specifier, join(ROOT, file), options, ts.sys)
        .resolvedModule?.resolvedFileName;
      let target = found && !found.includes('/node_modules/') ? toFile(found) : undefined;
      if (!target && specifier.startsWith('.')) {
        const plain = toFile(join(ROOT, dirname(file), specifier));
        if (existsSync(join(ROOT, plain))) target = plain;
      }
      if (target && known.has(target) && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components of more than one file (Tarjan): each is an import cycle. */
export function importCycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const connect = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return cycles;
}

/** Pairs of bff/src top-level folders that import each other (either way counts once). */
export function twoWayFolders(graph, root = 'bff/src/') {
  const folderOf = (file) => {
    const rest = file.slice(root.length).split('/');
    return rest.length > 1 ? rest[0] : undefined;
  };
  const edges = new Map();
  for (const [file, targets] of graph) {
    if (!file.startsWith(root)) continue;
    for (const target of targets) {
      const [from, to] = [folderOf(file), folderOf(target)];
      if (!from || !to || from === to || !target.startsWith(root)) continue;
      const key = `${from} -> ${to}`;
      if (!edges.has(key)) edges.set(key, `${file} imports ${target}`);
    }
  }
  const pairs = [];
  for (const [key, example] of edges) {
    const [from, to] = key.split(' -> ');
    const back = edges.get(`${to} -> ${from}`);
    if (back && from < to) pairs.push({ pair: `${from} <-> ${to}`, examples: [example, back] });
  }
  return pairs;
}

function reachableFrom(graph, start) {
  const seen = new Set([start]);
  const todo = [start];
  while (todo.length > 0)
    for (const target of graph.get(todo.pop()) ?? [])
      if (!seen.has(target)) {
        seen.add(target);
        todo.push(target);
      }
  return seen;
}

/** The files on some runtime import path from `from` to `to`, and the longest such path. */
export function filesBetween(graph, from, to) {
  const reverse = new Map();
  for (const [file, targets] of graph)
    for (const target of targets) reverse.set(target, [...(reverse.get(target) ?? []), file]);
  const reaching = reachableFrom(reverse, to);
  const between = [...reachableFrom(graph, from)].filter((file) => reaching.has(file));
  const inside = new Set(between);
  // Longest path over the files between (a DAG once cycles are gone; a cycle is cut where met).
  const memo = new Map();
  const longest = (file, path) => {
    if (file === to) return [to];
    if (memo.has(file)) return memo.get(file);
    let best = [];
    for (const target of graph.get(file) ?? []) {
      if (!inside.has(target) || path.has(target)) continue;
      const tail = longest(target, new Set([...path, target]));
      if (tail.length > best.length) best = tail;
    }
    const result = best.length > 0 ? [file, ...best] : [];
    memo.set(file, result);
    return result;
  };
  return {
    between: between.sort(),
    longest: inside.has(from) ? longest(from, new Set([from])) : [],
  };
}
