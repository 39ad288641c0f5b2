import { defineRules, type RuleArea } from '../rule';
import { visitRules } from '../visit';
import { duplicateIdRule } from './duplicateId';

const definitions = defineRules([duplicateIdRule]);

/** contributes.views[]: plugin-contributed panels. */
export const viewRules: RuleArea<typeof definitions> = { rules: definitions, check: visitRules(definitions) };
