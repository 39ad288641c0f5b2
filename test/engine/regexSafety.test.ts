/**
 * No regular expression in server/src can backtrack for long (issue 11): each one, the generated
 * shape validators' included, is checked with recheck (a ReDoS checker, pure-JS backend), and must be
 * safe. Manifest text, setting values and file names all meet these expressions, so one that is
 * polynomial or exponential is a way to hang the server or the CLI (`/-+$/` on a long run of dashes
 * took 78 s). A RegExp built from a value that is not a literal cannot be checked and is refused too.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

process.env.RECHECK_BACKEND = 'pure';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { checkSync } = require('recheck') as typeof import('recheck');

const repositoryRoot = join(__dirname, '../../..');
const sourceRoot = join(repositoryRoot, 'server/src');

interface FoundRegex {
  where: string;
  source: string;
  flags: string;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Every regex literal and every `RegExp(...)` / `new RegExp(...)` of a file; `dynamic` for those built from a
 * non-literal.
 */
export function regexesOf(fileName: string, text: string): { found: FoundRegex[]; dynamic: string[] } {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: FoundRegex[] = [];
  const dynamic: string[] = [];
  const where = (node: ts.Node) =>
    `${relative(repositoryRoot, fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const literalText = (node: ts.Expression | undefined) =>
    node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(file);
      const end = literal.lastIndexOf('/');
      found.push({ where: where(node), source: literal.slice(1, end), flags: literal.slice(end + 1) });
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [sourceArgument, flagsArgument] = node.arguments ?? [];
      const source = literalText(sourceArgument);
      const flags = flagsArgument === undefined ? '' : literalText(flagsArgument);
      if (source === undefined || flags === undefined)
        dynamic.push(`${where(node)}: ${node.getText(file).slice(0, 120)}`);
      else found.push({ where: where(node), source, flags });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { found, dynamic };
}

/** recheck's verdict, with the attack string's length when it is not safe. */
function verdict(source: string, flags: string): string {
  const result = checkSync(source, flags, { timeout: 60_000 });
  if (result.status === 'safe') return 'safe';
  if (result.status === 'vulnerable')
    return `vulnerable (${result.complexity.summary}, attack ${JSON.stringify(result.attack.pattern)})`;
  return `${result.status}${'error' in result ? `: ${JSON.stringify(result.error)}` : ''}`;
}

test('every regular expression in server/src is safe from catastrophic backtracking (recheck)', () => {
  const all = sourceFiles(sourceRoot).map((file) => regexesOf(file, readFileSync(file, 'utf8')));
  const regexes = all.flatMap((file) => file.found);
  assert.deepEqual(
    all.flatMap((file) => file.dynamic),
    [],
    'a RegExp built at run time cannot be checked: build it from literals, or match without a regex',
  );
  // The generated validators are part of it: their patterns come from schemas/manifest.schema.json.
  assert.ok(
    regexes.some((regex) => regex.where.includes('shape/generated/')),
    'the generated shape validators were not found: run npm run build',
  );
  const verdicts = new Map<string, string>();
  const unsafe: string[] = [];
  for (const { where, source, flags } of regexes) {
    const key = `/${source}/${flags}`;
    if (!verdicts.has(key)) verdicts.set(key, verdict(source, flags));
    if (verdicts.get(key) !== 'safe') unsafe.push(`${where}: ${key} is ${verdicts.get(key)}`);
  }
  assert.deepEqual(unsafe, []);
  assert.ok(verdicts.size >= 20, `only ${verdicts.size} distinct regexes found`);
});

test('the check finds a vulnerable regex, wherever it is written', () => {
  const { found, dynamic } = regexesOf(
    'probe.ts',
    "const a = /([/\\\\]\\*\\*?)+$/;\nconst b = new RegExp('^(a+)+$', 'u');\nconst c = new RegExp(userText);\n",
  );
  assert.deepEqual(
    found.map((regex) => `/${regex.source}/${regex.flags}`),
    ['/([/\\\\]\\*\\*?)+$/', '/^(a+)+$/u'],
  );
  assert.deepEqual(dynamic, ['probe.ts:3: new RegExp(userText)']);
  assert.match(verdict(found[0].source, found[0].flags), /^vulnerable \(2nd degree polynomial/);
  assert.match(verdict(found[1].source, found[1].flags), /^vulnerable \(exponential/);
});
