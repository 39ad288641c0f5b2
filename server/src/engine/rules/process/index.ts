import { visitRules } from '../visit';
import { actionSettingRule } from './actionSetting';
import { defineRules, type RuleArea } from '../rule';
import { hooksRule } from './hooks';
import { sandboxRule } from './sandbox';
import { staticFsRule } from './staticFs';
import { toolHandlerRule } from './toolHandler';
import { viewsRule } from './views';

const definitions = defineRules([hooksRule, viewsRule, actionSettingRule, sandboxRule, staticFsRule, toolHandlerRule]);

const walk = visitRules(definitions)!;

/** Everything runtime: "process" rejects, each with its own message, as the reference lists them. */
export const processRuntimeRules: RuleArea<typeof definitions> = {
  rules: definitions,
  // Nothing applies to a plugin of another runtime: its entries are not walked at all.
  check: (context) => {
    if (context.model.isProcess && context.model.root) walk(context);
  },
};
