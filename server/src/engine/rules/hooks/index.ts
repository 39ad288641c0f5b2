import { defineRules, type RuleArea } from '../rule';
import { visitRules } from '../visit';
import { knownHookEvents } from './shared';
import { own } from '../../own';
import { shapeRule } from './shape';
import { unknownEventRule } from './unknownEvent';

export { knownHookEvents } from './shared';

const definitions = defineRules([shapeRule, unknownEventRule]);

/** Why a hook for a folder's event may stay silent: the reference's folder allow-list rule. */
const allowListRule =
  "A hook for a folder's run fires only if that folder allows your plugin: the folder's plugin allow-list (settings' plugin_allow_list, which a parent folder can narrow) decides which plugins' hooks hear about the run. A folder with no list reaches every installed plugin; an empty list reaches none.";

/**
 * What a known hook event announces, in paragraphs: what it is, then (for an event that belongs to a
 * folder) the allow-list rule. Undefined for an event the reference does not name. Hover and completion say this.
 */
export function hookEventDocumentation(event: string): string[] | undefined {
  const announces = own(knownHookEvents, event);
  if (announces === undefined) return undefined;
  return announces.includes('reaches every plugin') ? [announces] : [announces, allowListRule];
}

/** contributes.hooks{}: event handlers, keyed by event name. */
export const hookRules: RuleArea<typeof definitions> = { rules: definitions, check: visitRules(definitions) };
