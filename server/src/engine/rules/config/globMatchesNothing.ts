import type { JsonPath } from '../../model/nodes';
import { defineRule } from '../rule';
import { field, quote } from '../messages';
import { config } from './shared';

export const decision =
  'Not in the reference. A glob matches a manifest’s path relative to the config file’s folder (plugins/legacy/manifest.json), or its plugin folder’s (plugins/legacy): "plugins/legacy" and "plugins/legacy/**" both name that plugin. A warning: a glob that names nothing is a misspelt path or a plugin since moved, and its rules silently apply to nothing. Checked against the manifests found below the folder (as check finds them: node_modules and dot-folders skipped).';

export const globMatchesNothingRule = defineRule({
  code: 'config.glob-matches-nothing',
  severity: 'warning',
  description: 'A glob of overrides[].files or ignore that matches no manifest.json below the config file’s folder.',
  message: ({ jsonPath, pattern }: { jsonPath: JsonPath; pattern: string }) =>
    `The glob ${quote(pattern)} at ${field(jsonPath)} matches no manifest below ${config}, so it changes nothing. Correct the path (relative to this file) or remove the glob.`,
});
