import type { JsonPath } from '../../model/nodes';
import { defineRule } from '../rule';
import { nameOf, quote } from '../messages';
import { config } from './shared';

export const decision =
  'Not in the reference. Reported so that suppressions do not rot: the finding was fixed, or the manifest changed under the pointer. Only for a manifest that was checked (check reports it for the manifests it was given; the editor for the manifests it knows), and not while the suppressed rule is off for that manifest. A suppression names a manifest by its path relative to the config file’s folder, and silences its rule at the value the pointer names (its key, its value or the whole member), never below it; a finding in a handler is suppressed by a comment in the handler instead. In the editor, the quick fix "Remove this unused suppression" removes the entry from `suppress`: that changes no finding, as the entry accepted none, so it needs nobody\u2019s choice; but `check --fix` writes only manifests, never the config file, so the CLI leaves it to the author. A finding of a manifest is suppressed from the editor by its quick fix `Suppress <code> in filer-manifest.config.json`, which adds the entry with a reason to fill in.';

export const unusedSuppressionRule = defineRule({
  code: 'config.unused-suppression',
  severity: 'warning',
  description:
    'A suppression in filer-manifest.config.json whose finding no longer exists: the rule no longer reports anything at that place of that manifest.',
  message: ({ file, at, rule }: { jsonPath: JsonPath; file: string; at: string; rule: string }) =>
    `Nothing to suppress: ${nameOf(rule)} reports nothing at ${quote(at)} in ${quote(file)} any more. Remove this entry from ${config}.`,
});
