import { defineRules, type RuleArea } from '../rule';
import { visitRules } from '../visit';
import { absoluteRule } from './absolute';
import { dotdotRule } from './dotdot';

const definitions = defineRules([dotdotRule, absoluteRule]);

/**
 * The paths the manifest names (schema, handler, prompt, hooks, commands, command): inside the plugin folder, relative
 * to it.
 */
export const pathRules: RuleArea<typeof definitions> = { rules: definitions, check: visitRules(definitions) };
