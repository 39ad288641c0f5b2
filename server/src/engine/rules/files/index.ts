import { defineRules, type RuleArea } from '../rule';
import { visitRules } from '../visit';
import { emptyRule } from './empty';
import { missingRule } from './missing';
import { notAFileRule } from './notAFile';
import { notCheckedRule } from './notChecked';
import { outsideRule } from './outside';
import { unreadableRule } from './unreadable';

const definitions = defineRules([missingRule, emptyRule, notAFileRule, outsideRule, unreadableRule, notCheckedRule]);

/**
 * The files behind the paths the manifest names: there, files, inside the plugin folder, readable. Nothing outside it
 * is read.
 */
export const fileRules: RuleArea<typeof definitions> = { rules: definitions, check: visitRules(definitions) };
