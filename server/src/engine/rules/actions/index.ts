import { visitRules } from '../visit';
import { batchWithoutArrayRule } from './batchWithoutArray';
import { defineRules, type RuleArea } from '../rule';
import { duplicateIdRule } from './duplicateId';
import { duplicateParamIdRule } from './duplicateParamId';
import { generateActionNotToolRule } from './generateActionNotTool';
import { generateActionUnknownRule } from './generateActionUnknown';
import { generateForwardRule } from './generateForward';
import { generatePopulateRule } from './generatePopulate';
import { hiddenUnreachableRule } from './hiddenUnreachable';
import { idRule } from './id';
import { kindRule } from './kind';
import { multiFileModeIgnoredRule } from './multiFileModeIgnored';
import { multiFileModeRule } from './multiFileMode';
import { paramTypeRule } from './paramType';
import { promptForbiddenRule } from './promptForbidden';
import { promptRequiredRule } from './promptRequired';
import { scopeEmptyRule } from './scopeEmpty';
import { scopeRule } from './scope';
import { selectOptionsRule } from './selectOptions';
import { toolIdIgnoredRule } from './toolIdIgnored';
import { toolIdRequiredRule } from './toolIdRequired';
import { toolIdUnknownRule } from './toolIdUnknown';
import { toolScopeForbiddenRule } from './toolScopeForbidden';
import { toolScopeRule } from './toolScope';

const definitions = defineRules([
  idRule,
  scopeRule,
  scopeEmptyRule,
  kindRule,
  toolScopeRule,
  multiFileModeRule,
  paramTypeRule,
  promptRequiredRule,
  promptForbiddenRule,
  toolIdRequiredRule,
  toolIdUnknownRule,
  toolIdIgnoredRule,
  toolScopeForbiddenRule,
  multiFileModeIgnoredRule,
  duplicateIdRule,
  duplicateParamIdRule,
  selectOptionsRule,
  generateActionUnknownRule,
  generateActionNotToolRule,
  generatePopulateRule,
  generateForwardRule,
  hiddenUnreachableRule,
  batchWithoutArrayRule,
]);

type Definitions = typeof definitions;

/** contributes.actions[]: right-click AI actions. */
export const actionRules: RuleArea<Definitions> = { rules: definitions, check: visitRules(definitions) };
