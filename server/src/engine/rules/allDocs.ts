/**
 * Every rule's docs (its quotes and examples, in `<area>/<rule>.examples.ts`): what the rule pages and the example
 * runners read. Imported by the tests and the page generator only, never by the server, the CLI or the client, so no
 * bundle holds them.
 */
import { actionsDocs } from './actions/examples';
import { commandsDocs } from './commands/examples';
import { configDocs } from './config/examples';
import { diagnosticsDocs } from './diagnostics/examples';
import { filesDocs } from './files/examples';
import { handlersDocs } from './handlers/examples';
import { hooksDocs } from './hooks/examples';
import { jsonDocs } from './json/examples';
import { manifestDocs } from './manifest/examples';
import { pathsDocs } from './paths/examples';
import { permissionsDocs } from './permissions/examples';
import { processDocs } from './process/examples';
import type { RuleCode } from './registry';
import type { RuleDocs } from './ruleDocs';
import { settingsDocs } from './settings/examples';
import { toolsDocs } from './tools/examples';
import { viewsDocs } from './views/examples';

const everyArea = [
  ...actionsDocs,
  ...commandsDocs,
  ...configDocs,
  ...diagnosticsDocs,
  ...filesDocs,
  ...handlersDocs,
  ...hooksDocs,
  ...jsonDocs,
  ...manifestDocs,
  ...pathsDocs,
  ...permissionsDocs,
  ...processDocs,
  ...settingsDocs,
  ...toolsDocs,
  ...viewsDocs,
];

/** The codes of the rules without docs: none, or this does not compile. */
type Undocumented = Exclude<RuleCode, (typeof everyArea)[number]['code']>;
const everyRuleDocumented: [Undocumented] extends [never] ? RuleDocs[] : { undocumented: Undocumented } = everyArea;

/** Every rule's docs, by its code. */
const docsByCode: ReadonlyMap<string, RuleDocs> = new Map(everyRuleDocumented.map((docs) => [docs.code, docs]));

/** The docs of the rule of `code`. */
export function docsOf(code: string): RuleDocs {
  const docs = docsByCode.get(code);
  if (!docs) throw new Error(`${code} has no docs: its <rule>.examples.ts is not in its area's examples.ts`);
  return docs;
}
