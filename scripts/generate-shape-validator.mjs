// Compiles schemas/manifest.schema.json, and the meta-schemas of the JSON Schema drafts that tool
// schema files are checked against (draft-04, -06, -07, 2019-09, 2020-12), into standalone validation
// code once, at build time: neither the extension nor the server compiles a schema at run time.
// CommonJS modules: Node's default import is their module.exports, whose `default` is the class (or
// function) itself, which is also what their types declare.
import ajvModule from 'ajv';
import ajv2019Module from 'ajv/dist/2019.js';
import ajv2020Module from 'ajv/dist/2020.js';
import ajvDraft04Module from 'ajv-draft-04';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const { default: Ajv, _, Name, str } = ajvModule;
const { default: Ajv2019 } = ajv2019Module;
const { default: Ajv2020 } = ajv2020Module;
const { default: AjvDraft04 } = ajvDraft04Module;
const { default: standaloneCode } = standaloneModule;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const schema = JSON.parse(readFileSync(join(root, 'schemas/manifest.schema.json'), 'utf8'));

/** Annotation keywords: ours (rule codes) and VS Code's JSON editor extensions. */
export const annotationKeywords = [
  'x-code',
  'x-code-required',
  'patternErrorMessage',
  'errorMessage',
  'markdownDescription',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'defaultSnippets',
  'doNotSuggest',
];

/**
 * Ajv's generated code gathers a called validator's errors with `vErrors = vErrors.concat(…)`, a copy
 * of every error so far at each call: 32,000 tools with a few errors each took 34 s. They are
 * appended instead. The build fails if ajv's code no longer has the shape this replaces.
 * @param {string} code
 */
function appendingErrors(code) {
  const concat = /vErrors = vErrors === null \? ([\w.]+)\.errors : vErrors\.concat\(\1\.errors\);/g;
  const appended = code.replace(
    concat,
    (/** @type {string} */ _match, /** @type {string} */ callee) =>
      `{if (vErrors === null) vErrors = ${callee}.errors; else for (const calleeError of ${callee}.errors) vErrors.push(calleeError);}`,
  );
  if (appended.includes('.concat('))
    throw new Error('generate-shape-validator: ajv gathers errors in a way appendingErrors does not know.');
  return appended;
}

/**
 * Ajv's standalone code holds a copy, as a literal, of every part of the schema it refers to (`const schema12 =
 * {…}`, for the errors' `schema` and `parentSchema` and the `enum` checks): 38 KB of the manifest's schema, which
 * the server bundles anyway (server/src/engine/shape/schema.ts). Each copy is replaced by the part of the imported
 * schema it is equal to, so the bundle holds the schema once. The build fails if a copy is not a part of it.
 * @param {string} code
 * @param {unknown} schema
 * @param {string} name the imported schema's name in the generated module
 */
function schemaConstantsFromSchema(code, schema, name) {
  /** @type {Map<string, string>} */
  const parts = new Map();
  const visit = (/** @type {unknown} */ value, /** @type {string} */ accessor) => {
    if (value === null || typeof value !== 'object') return;
    const text = JSON.stringify(value);
    if (!parts.has(text)) parts.set(text, accessor);
    for (const [key, child] of Object.entries(value)) visit(child, `${accessor}[${JSON.stringify(key)}]`);
  };
  visit(schema, name);
  return code.replace(
    /const (schema\d+) = (\{.*?\}|\[.*?\]);(?=const |function |export )/g,
    (_match, constant, literal) => {
      const accessor = parts.get(literal);
      if (accessor === undefined)
        throw new Error(`generate-shape-validator: ${constant} is not a part of the schema: ${literal.slice(0, 80)}`);
      return `const ${constant} = ${accessor};`;
    },
  );
}

/**
 * shapeFindings reads an error's `instancePath`, `keyword`, `params` and `parentSchema` (the schema node whose
 * `x-code` names the rule), and no more: each error's `schemaPath`, and the `schema` and `data` that `verbose` adds
 * beside `parentSchema`, are cut (20 KB of the minified server; and no error holds a part of the document). The
 * build fails if an error is left with any of them, or if ajv's errors no longer have the shape this cuts.
 * @param {string} code
 */
function onlyWhatFindingsRead(code) {
  const errors = code.match(/parentSchema:/g)?.length ?? 0;
  let cuts = 0;
  const cut = code
    .replace(/,schemaPath:"[^"]*",keyword:/g, () => (cuts++, ',keyword:'))
    .replace(/,schema:(?:(?!,parentSchema:).)*,parentSchema:/g, () => (cuts++, ',parentSchema:'))
    .replace(/(,parentSchema:[\w$.]+),data(?::[\w$]+)?\}/g, (_match, parent) => (cuts++, `${parent}}`));
  if (errors === 0 || cuts !== 3 * errors || /schemaPath|,schema:|message:/.test(cut))
    throw new Error('generate-shape-validator: ajv writes errors in a way onlyWhatFindingsRead does not know.');
  return cut;
}

const ajv = new Ajv({
  allErrors: true,
  // shapeFindings (server/src/engine/shape/shapeFindings.ts) words each finding itself, from its keyword and
  // params: ajv's messages are not read.
  messages: false,
  verbose: true,
  strict: true,
  strictTypes: false,
  code: { source: true, esm: true, lines: false },
});
ajv.addVocabulary(annotationKeywords);
const validate = ajv.compile(schema);
// Every compiled function keeps the errors of its last run, and with verbose they hold parts of the
// validated document: the engine calls releaseErrors() once it has read them, so that no document
// outlives its validation through them.
const standalone = onlyWhatFindingsRead(
  schemaConstantsFromSchema(appendingErrors(standaloneCode(ajv, validate)), schema, 'manifestSchema'),
);
const validateFunctions = [...new Set([...standalone.matchAll(/function (validate\d+)\(/g)].map((match) => match[1]))];
const code = `${standalone}\nexport function releaseErrors() {${validateFunctions.map((name) => ` ${name}.errors = null;`).join('')} }\n`;

/**
 * `uniqueItems` for the meta-schemas (`enum`, `required`, `type` arrays of a tool schema): ajv's own
 * compares every pair of items whose type the schema does not give (an `enum` of 20,000 objects took
 * 25 s); this one calls duplicateItems (server/src/engine/shape/uniqueItems.ts), linear in the items'
 * size, and reports what ajv's does.
 * @type {import('ajv').KeywordDefinition}
 */
const linearUniqueItems = {
  keyword: 'uniqueItems',
  type: 'array',
  schemaType: 'boolean',
  error: {
    message: ({ params: { i, j } }) => str`must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
    params: ({ params: { i, j } }) => _`{i: ${i}, j: ${j}}`,
  },
  code(cxt) {
    if (!cxt.schema) return;
    const duplicate = cxt.gen.const('duplicate', _`${new Name('duplicateItems')}(${cxt.data})`);
    cxt.setParams({ i: _`${duplicate}[0]`, j: _`${duplicate}[1]` });
    cxt.fail(_`${duplicate} !== undefined`);
  },
};

/**
 * A tool schema's check reads the first error's `instancePath` and `message` alone (analyzeToolSchema,
 * server/src/engine/model/toolSchema.ts), so the meta-schema validators' errors carry those alone: ajv's
 * `schemaPath`, `keyword` and `params` of each of their 317 errors were 30 KB of the minified server, read by
 * nothing (the message is written out with the params in it). The build fails if ajv's errors no longer have
 * the shape this cuts, or if any is left with them.
 * @param {string} code
 */
function onlyPathAndMessage(code) {
  const cut = code.replace(/,schemaPath:"[^"]*",keyword:"[^"]*",params:\{[^{}]*\},message:/g, ',message:');
  if (/schemaPath|\.params\b|\.keyword\b/.test(cut))
    throw new Error('generate-shape-validator: ajv writes or reads errors in a way onlyPathAndMessage does not know.');
  return cut;
}

// One validator per draft, each by the ajv class that implements that draft (draft-04 through ajv-draft-04).
// The meta-schemas are ajv's own: they are not validated here, where duplicateItems cannot run.
const metaOptions = {
  allErrors: true,
  strict: false,
  validateSchema: false,
  code: { source: true, esm: true, lines: false },
};
const withLinearUniqueItems = (/** @type {import('ajv').default} */ ajv) => {
  ajv.removeKeyword('uniqueItems');
  return ajv.addKeyword(linearUniqueItems);
};
const draft06 = withLinearUniqueItems(new Ajv(metaOptions));
draft06.addMetaSchema(
  JSON.parse(readFileSync(join(root, 'node_modules/ajv/dist/refs/json-schema-draft-06.json'), 'utf8')),
);
/** @type {[name: string, ajv: import('ajv').default, id: string][]} */
const drafts = [
  ['validateDraft04', withLinearUniqueItems(new AjvDraft04(metaOptions)), 'http://json-schema.org/draft-04/schema'],
  ['validateDraft06', draft06, 'http://json-schema.org/draft-06/schema'],
  ['validateDraft07', withLinearUniqueItems(new Ajv(metaOptions)), 'http://json-schema.org/draft-07/schema'],
  [
    'validateDraft2019',
    withLinearUniqueItems(new Ajv2019(metaOptions)),
    'https://json-schema.org/draft/2019-09/schema',
  ],
  [
    'validateDraft2020',
    withLinearUniqueItems(new Ajv2020(metaOptions)),
    'https://json-schema.org/draft/2020-12/schema',
  ],
];
// Each draft's code in its own function scope (the generated names repeat from draft to draft).
const metaCode = drafts
  .map(([name, ajv, id]) => {
    const code = onlyPathAndMessage(appendingErrors(standaloneCode(ajv, { [name]: id }).replace(/^"use strict";/, '')));
    const exported = new RegExp(`export const ${name} = (\\w+);`);
    const [, entry] = /** @type {RegExpMatchArray} */ (code.match(exported));
    return `export const ${name} = (() => {${code.replace(exported, '')}\nreturn ${entry};})();`;
  })
  .join('\n');

const outDir = join(root, 'server/src/engine/shape/generated');
mkdirSync(outDir, { recursive: true });
const header = (/** @type {string} */ from) =>
  `// @ts-nocheck\n// Generated by scripts/generate-shape-validator.mjs from ${from}. Do not edit.\n`;
writeFileSync(
  join(outDir, 'manifestShape.ts'),
  `${header('schemas/manifest.schema.json')}import manifestSchema from '../../../../../schemas/manifest.schema.json';\n${code}\n`,
);
const imports = "import { duplicateItems } from '../uniqueItems';\n";
writeFileSync(
  join(outDir, 'jsonSchemaDrafts.ts'),
  `${header("ajv's meta-schemas of draft-04, -06, -07, 2019-09 and 2020-12")}${imports}${metaCode}\n`,
);
