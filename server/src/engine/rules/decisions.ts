/**
 * Every rule's decision, by its code: how the rule decides where the reference leaves it open. Each is written in its
 * rule's file, as that module's `decision` export beside the rule, not in the rule: the language server never reads
 * one, and a bundle that imports the rule alone (the server's) holds none. The rule pages, the README's tables and the
 * CLI's SARIF read them here, gathered from each area's decisions.ts. A rule module with a `decision` export missing
 * there fails a test (decisions.test.ts).
 */
import { actionsDecisions } from './actions/decisions';
import { commandsDecisions } from './commands/decisions';
import { configDecisions } from './config/decisions';
import { diagnosticsDecisions } from './diagnostics/decisions';
import { filesDecisions } from './files/decisions';
import { handlersDecisions } from './handlers/decisions';
import { hooksDecisions } from './hooks/decisions';
import { jsonDecisions } from './json/decisions';
import { manifestDecisions } from './manifest/decisions';
import { pathsDecisions } from './paths/decisions';
import { permissionsDecisions } from './permissions/decisions';
import { processDecisions } from './process/decisions';
import { settingsDecisions } from './settings/decisions';
import { toolsDecisions } from './tools/decisions';
import { viewsDecisions } from './views/decisions';

let byCode: ReadonlyMap<string, string> | undefined;

/** The decision of the rule of `code`, if it has one. */
export function decisionOf(code: string): string | undefined {
  byCode ??= new Map([
    ...actionsDecisions(),
    ...commandsDecisions(),
    ...configDecisions(),
    ...diagnosticsDecisions(),
    ...filesDecisions(),
    ...handlersDecisions(),
    ...hooksDecisions(),
    ...jsonDecisions(),
    ...manifestDecisions(),
    ...pathsDecisions(),
    ...permissionsDecisions(),
    ...processDecisions(),
    ...settingsDecisions(),
    ...toolsDecisions(),
    ...viewsDecisions(),
  ]);
  return byCode.get(code);
}
