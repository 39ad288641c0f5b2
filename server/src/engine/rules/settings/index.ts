import { visitRules } from '../visit';
import { actionHandlerRule } from './actionHandler';
import { actionOnlyRule } from './actionOnly';
import { defaultRule } from './default';
import { defineRules, type RuleArea } from '../rule';
import { minMaxRule } from './minMax';
import { numberOnlyRule } from './numberOnly';
import { typeRule } from './type';
import { variantRule } from './variant';

const definitions = defineRules([
  typeRule,
  variantRule,
  actionHandlerRule,
  actionOnlyRule,
  minMaxRule,
  numberOnlyRule,
  defaultRule,
]);

/** contributes.settings{}: the plugin's settings card, keyed by setting id. */
export const settingRules: RuleArea<typeof definitions> = { rules: definitions, check: visitRules(definitions) };
