import { defineRules, type RuleArea } from '../rule';
import { syntaxRule } from './syntax';
import { unreadableRule } from './unreadable';
import { fieldTypeRule } from './fieldType';
import { unknownFieldRule } from './unknownField';
import { missingFieldRule } from './missingField';
import { unknownRuleRule } from './unknownRule';
import { severityRule } from './severity';
import { globInvalidRule } from './globInvalid';
import { globMatchesNothingRule } from './globMatchesNothing';
import { pointerRule } from './pointer';
import { unusedSuppressionRule } from './unusedSuppression';

/**
 * The rules of a project's `filer-manifest.config.json` (engine/config/projectConfig.ts reads it and reports these,
 * in the config file itself): its rules, overrides, ignore and suppress, checked as strictly as a manifest, so that a
 * team's decision that does not apply is said where it is written.
 */
const definitions = defineRules([
  syntaxRule,
  unreadableRule,
  fieldTypeRule,
  unknownFieldRule,
  missingFieldRule,
  unknownRuleRule,
  severityRule,
  globInvalidRule,
  globMatchesNothingRule,
  pointerRule,
  unusedSuppressionRule,
]);

/** The config file's own findings: engine/config/projectConfig.ts reports them, no check of a manifest does. */
export const configRules: RuleArea<typeof definitions> = { rules: definitions };
