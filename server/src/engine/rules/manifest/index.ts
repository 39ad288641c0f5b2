import { visitRules } from '../visit';
import { capabilitiesRule } from './capabilities';
import { commandAbsoluteRule } from './commandAbsolute';
import { commandRequiredRule } from './commandRequired';
import { defineRules, type RuleArea } from '../rule';
import { nameRule } from './name';
import { notAnObjectRule } from './notAnObject';
import { processOnlyRule } from './processOnly';
import { runtimeRule } from './runtime';
import { versionRule } from './version';

const definitions = defineRules([
  notAnObjectRule,
  nameRule,
  versionRule,
  capabilitiesRule,
  runtimeRule,
  commandRequiredRule,
  commandAbsoluteRule,
  processOnlyRule,
]);

/** The top level of the manifest: identity, version, capabilities, runtime. */
export const manifestRules: RuleArea<typeof definitions> = { rules: definitions, check: visitRules(definitions) };
