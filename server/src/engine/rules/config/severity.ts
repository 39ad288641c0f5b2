import type { JsonPath } from '../../model/nodes';
import { defineRule } from '../rule';
import { didYouMean, quote } from '../messages';

export const decision =
  'Not in the reference: the severities are the editor setting’s (filerManifest.rules) and the CLI’s --rule. An error, and the rule keeps the severity it had.';

export const severityRule = defineRule({
  code: 'config.severity',
  severity: 'error',
  description: 'A rule’s severity in filer-manifest.config.json is not off, hint, information, warning or error.',
  message: ({ jsonPath, value, suggestion }: { jsonPath: JsonPath; value: unknown; suggestion?: string }) =>
    `${quote(value)} is not a severity, so rule ${quote(String(jsonPath[jsonPath.length - 1]))} keeps its own. Write "off", "hint", "information", "warning" or "error".${didYouMean(suggestion, quote)}`,
});
