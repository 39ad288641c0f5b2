import { defineRules, type RuleArea } from '../rule';
import { visitRules } from '../visit';
import { duplicateIdRule } from './duplicateId';

const definitions = defineRules([duplicateIdRule]);

/** contributes.commands[]: slash commands. */
export const commandRules: RuleArea<typeof definitions> = { rules: definitions, check: visitRules(definitions) };
