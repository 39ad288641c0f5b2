import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import * as ts from 'typescript';

/**
 * The module graph of the sources, read with the TypeScript compiler's parser: who imports what,
 * by name. Three tests read it: the layers (the client speaks to the server through
 * server/src/protocol/ only; the engine imports no other layer), the cycles (none, not even of
 * type-only imports) and the dead exports.
 */
const repoRoot = join(__dirname, '../../..');
const sourceRoots = ['server/src', 'client/src'];
/**
 * Every file that may import a source's export: the sources, the tests, the benchmark, the build scripts and the
 * webview's script.
 */
const userRoots = [...sourceRoots, 'test', 'bench', 'scripts', 'media'];

/**
 * What is used from outside the files the graph reads: the extension's entries (VS Code calls their
 * activate and deactivate: node.ts on the desktop, browser.ts on the web), and the worker's start, which the server
 * core's bundle calls when it runs as a Web Worker (scripts/build.mjs). The bundles' other entries
 * (server/src/lsp/main.ts, server/src/cli/main.ts) export nothing.
 */
const publicEntries: Record<string, string[]> = {
  'client/src/node.ts': ['activate', 'deactivate'],
  'client/src/browser.ts': ['activate', 'deactivate'],
  'server/src/web/worker.ts': ['startInWorker'],
};

interface ModuleFacts {
  /** Names declared and exported here. */
  declared: Set<string>;
  /** `export { a as b } from 'm'`: b → the module and the name it stands for. */
  reexports: Map<string, { module: string; name: string }>;
  /** `export * from 'm'`. */
  stars: string[];
  /** What this file takes from other modules: module → names ('*' for all). */
  uses: Map<string, Set<string>>;
}

/**
 * The files below `dir`; the validators the build generates only `withGenerated` (they are no source, but what they
 * import is used).
 */
function filesUnder(dir: string, withGenerated = false): string[] {
  let entries;
  try {
    entries = readdirSync(join(repoRoot, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    // Not fixtures, nor (unless asked) the schema validators the build generates.
    if (entry.isDirectory())
      return ['node_modules', 'workspace', 'fixtures'].includes(entry.name) ||
        (entry.name === 'generated' && !withGenerated)
        ? []
        : filesUnder(path, withGenerated);
    return /\.(ts|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The repository path of the source a specifier names, or undefined for a package. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) return undefined;
  let target = relative(repoRoot, resolve(repoRoot, dirname(from), specifier))
    .split('\\')
    .join('/');
  // Scripts load the compiled code: out/server/src/x.js is server/src/x.ts.
  if (target.startsWith('out/')) target = target.slice('out/'.length).replace(/\.js$/, '');
  for (const candidate of [target, `${target}.ts`, `${target}/index.ts`, target.replace(/\.js$/, '.ts')]) {
    if (sources.has(candidate)) return candidate;
  }
  return undefined;
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind);
}

function readModule(file: string): ModuleFacts {
  const text = readFileSync(join(repoRoot, file), 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS,
  );
  const facts: ModuleFacts = { declared: new Set(), reexports: new Map(), stars: [], uses: new Map() };
  const use = (specifier: string, name: string) => {
    const module = resolveSpecifier(file, specifier);
    if (!module) return;
    if (!facts.uses.has(module)) facts.uses.set(module, new Set());
    facts.uses.get(module)!.add(name);
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const specifier = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      if (clause?.name) use(specifier, 'default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) use(specifier, '*');
      if (bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements) use(specifier, (element.propertyName ?? element.name).text);
    } else if (ts.isExportDeclaration(statement)) {
      const specifier =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined;
      const clause = statement.exportClause;
      if (specifier && !clause) {
        const module = resolveSpecifier(file, specifier);
        if (module) facts.stars.push(module);
      } else if (clause && ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          const local = (element.propertyName ?? element.name).text;
          const module = specifier ? resolveSpecifier(file, specifier) : undefined;
          if (module) facts.reexports.set(element.name.text, { module, name: local });
          else if (!specifier) facts.declared.add(element.name.text);
        }
      } else if (clause && ts.isNamespaceExport(clause) && specifier) {
        use(specifier, '*');
        facts.declared.add(clause.name.text);
      }
    } else if (ts.isExportAssignment(statement)) {
      facts.declared.add('default');
    } else if (hasModifier(statement, ts.SyntaxKind.ExportKeyword)) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations)
          if (ts.isIdentifier(declaration.name)) facts.declared.add(declaration.name.text);
      } else if (hasModifier(statement, ts.SyntaxKind.DefaultKeyword)) {
        facts.declared.add('default');
      } else {
        const name = (statement as ts.DeclarationStatement).name;
        if (name && ts.isIdentifier(name)) facts.declared.add(name.text);
      }
    }
  }
  // `import('./x').Name` in a type, `await import('./x')`, and the scripts' createRequire(…)(join(root, 'out/…')).
  const visit = (node: ts.Node): void => {
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const qualifier = node.qualifier;
      use(
        node.argument.literal.text,
        qualifier ? (ts.isIdentifier(qualifier) ? qualifier.text : qualifier.left.getText()) : '*',
      );
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      use(node.arguments[0].text, '*');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // The webview's script imports its contract's types in JSDoc: `@import { A, B } from '../x'`, over
  // several lines of the comment (each starting with its `*`).
  if (file.endsWith('.js')) {
    for (const match of text.matchAll(/@import \{([^}]+)\} from '([^']+)'/g))
      for (const name of match[1].split(',')) use(match[2], name.replace(/^\s*\*?\s*/, '').trim());
  }
  if (file.endsWith('.mjs')) {
    for (const match of text.matchAll(/const \{([^}]+)\} = [^;]*?'(out\/[^']+)'/g)) {
      const specifier = `./${relative(dirname(join(repoRoot, file)), join(repoRoot, match[2]))}`;
      for (const name of match[1].split(',')) use(specifier, name.split(':')[0].trim());
    }
  }
  return facts;
}

const sources = new Set(sourceRoots.flatMap((root) => filesUnder(root)).filter((file) => file.endsWith('.ts')));
const users = [...new Set(userRoots.flatMap((root) => filesUnder(root, true)))];
const modules = new Map(users.map((file) => [file, readModule(file)]));

/** Every (module, name) used, following re-exports and `export *` to the module that declares the name. */
function usedExports(): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const queue: [string, string][] = [];
  for (const facts of modules.values())
    for (const [module, names] of facts.uses) for (const name of names) queue.push([module, name]);
  for (const [file, names] of Object.entries(publicEntries)) for (const name of names) queue.push([file, name]);
  while (queue.length > 0) {
    const [module, name] = queue.pop()!;
    const facts = modules.get(module);
    if (!facts) continue;
    const seen = used.get(module) ?? new Set<string>();
    used.set(module, seen);
    if (seen.has(name)) continue;
    seen.add(name);
    if (name === '*') {
      for (const declared of facts.declared) queue.push([module, declared]);
      for (const reexported of facts.reexports.keys()) queue.push([module, reexported]);
      for (const star of facts.stars) queue.push([star, '*']);
      continue;
    }
    const reexport = facts.reexports.get(name);
    if (reexport) queue.push([reexport.module, reexport.name]);
    else if (!facts.declared.has(name)) for (const star of facts.stars) queue.push([star, name]);
  }
  return used;
}

function deadExports(): string[] {
  const used = usedExports();
  const dead: string[] = [];
  for (const file of [...sources].sort()) {
    const facts = modules.get(file)!;
    const seen = used.get(file) ?? new Set();
    for (const name of [...facts.declared, ...facts.reexports.keys()].sort())
      if (!seen.has(name)) dead.push(`${file}: ${name}`);
  }
  return dead;
}

test('no dead exports: every name exported from server/src and client/src is imported somewhere (sources, tests, bench, scripts)', () => {
  assert.deepEqual(
    deadExports(),
    [],
    'exported but imported by nothing: remove the export (or the code, if nothing uses it)',
  );
});

test("the layers: the client reaches the server's code through server/src/protocol/ only, and the engine imports no other layer", () => {
  const offenders: string[] = [];
  for (const [file, facts] of modules) {
    for (const module of facts.uses.keys()) {
      if (
        file.startsWith('client/src/') &&
        module.startsWith('server/src/') &&
        !module.startsWith('server/src/protocol/')
      )
        offenders.push(`${file} imports ${module}`);
      if (file.startsWith('server/src/engine/') && !module.startsWith('server/src/engine/'))
        offenders.push(`${file} imports ${module}`);
      if (
        file.startsWith('server/src/protocol/') &&
        !module.startsWith('server/src/engine/') &&
        !module.startsWith('server/src/protocol/')
      )
        offenders.push(`${file} imports ${module}`);
    }
  }
  assert.deepEqual(offenders, []);
});

test("a rule never imports another area's rules: what two areas share lives in model/, folder/ or a helper of rules/", () => {
  const areaOf = (file: string) => /^server\/src\/engine\/rules\/([^/]+)\//.exec(file)?.[1];
  const offenders: string[] = [];
  for (const [file, facts] of modules) {
    const area = areaOf(file);
    if (!area) continue;
    for (const module of facts.uses.keys()) {
      const other = areaOf(module);
      if (other && other !== area) offenders.push(`${file} imports ${module}`);
    }
  }
  assert.deepEqual(offenders, []);
});

/** Every module each module reads from: imports of any kind (type-only too), re-exports and `export *`. */
function importEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [file, facts] of modules) {
    edges.set(
      file,
      new Set([
        ...facts.uses.keys(),
        ...facts.stars,
        ...[...facts.reexports.values()].map((reexport) => reexport.module),
      ]),
    );
  }
  return edges;
}

/** The import cycles: each strongly connected set of modules (Tarjan's), shown as one loop through it. */
function importCycles(): string[] {
  const edges = importEdges();
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[] = [];
  const connect = (module: string): void => {
    index.set(module, index.size);
    lowest.set(module, index.get(module)!);
    stack.push(module);
    onStack.add(module);
    for (const next of edges.get(module) ?? []) {
      if (!edges.has(next)) continue;
      if (!index.has(next)) {
        connect(next);
        lowest.set(module, Math.min(lowest.get(module)!, lowest.get(next)!));
      } else if (onStack.has(next)) {
        lowest.set(module, Math.min(lowest.get(module)!, index.get(next)!));
      }
    }
    if (lowest.get(module) !== index.get(module)) return;
    const members = new Set<string>();
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.add(member);
    } while (member !== module);
    if (members.size > 1 || edges.get(module)!.has(module))
      cycles.push(`${members.size} modules: ${loopThrough(module, members, edges).join(' → ')}`);
  };
  for (const module of [...edges.keys()].sort()) if (!index.has(module)) connect(module);
  return cycles;
}

/** The shortest path from `start` back to itself inside `members` (found breadth-first). */
function loopThrough(start: string, members: Set<string>, edges: Map<string, Set<string>>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const module = queue.shift()!;
    for (const next of edges.get(module)!) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = module; at !== start; at = cameFrom.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, module);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

test('no import cycles: no module reaches itself through imports, type-only imports and re-exports included', () => {
  assert.deepEqual(
    importCycles(),
    [],
    'a cycle: move what closes it (a type, a helper) to the lower module, or type the input structurally',
  );
});

test('the module graph is read: it finds the imports it must (a guard against a reader that finds nothing)', () => {
  assert.ok(modules.get('server/src/lsp/main.ts')?.uses.get('server/src/lsp/server.ts')?.has('startServer'));
  assert.ok(
    modules
      .get('scripts/update-rules-table.mjs')
      ?.uses.get('server/src/engine/rules/rulesTable.ts')
      ?.has('decisionsTableMarkdown'),
  );
  assert.ok(modules.get('server/src/engine/index.ts')?.stars.length);
  assert.ok(deadExports().length < sources.size, 'not every file is dead');
  assert.ok(importEdges().get('server/src/engine/validate.ts')?.has('server/src/engine/rules/registry.ts'));
  assert.ok(modules.get('media/preview.js')?.uses.get('client/src/preview/messages.ts')?.has('ExtensionMessage'));
});
