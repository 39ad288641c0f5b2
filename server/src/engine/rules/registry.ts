import { actionRules } from './actions';
import { commandViewRules } from './commandsViews';
import { fileRules } from './files';
import { hookRules } from './hooks';
import { manifestRules } from './manifest';
import { permissionRules } from './permissions';
import { processRuntimeRules } from './processRuntime';
import type { RuleArea, RuleDefinition } from './rule';
import { settingRules } from './settings';
import { shapeArea } from './shape';
import { syntaxRules } from './syntax';
import { toolRules } from './tools';

const referenceAreas: RuleArea[] = [
  manifestRules,
  processRuntimeRules,
  toolRules,
  actionRules,
  settingRules,
  hookRules,
  commandViewRules,
  permissionRules,
  fileRules,
];

/** Every rule by its code; a code is registered once. */
export const ruleByCode = new Map<string, RuleDefinition>();

const shapeRules = shapeArea(ruleByCode, referenceAreas);

/** The areas in the order they run; syntax first, then the schema's shape rules, then the rest. */
export const ruleAreas: RuleArea[] = [syntaxRules, shapeRules, ...referenceAreas];

for (const area of ruleAreas) {
  for (const rule of area.rules) {
    if (ruleByCode.has(rule.code)) throw new Error(`Rule code ${rule.code} is registered twice`);
    ruleByCode.set(rule.code, rule);
  }
}

export const allRules: RuleDefinition[] = [...ruleByCode.values()];
