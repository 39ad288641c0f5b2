/**
 * A rule's own tests, as ESLint's RuleTester runs them: `valid` plugins the rule does not report (what other rules
 * say of them is theirs to test), `invalid` ones it reports exactly once, at the span marked «…», with the severity
 * and the words asked for. A rule's tests name no other rule, so adding a rule fails no other rule's tests.
 *
 *   ruleTester('tools.timeout', {
 *     valid: [validPluginWith(['"readOnlyHint": true }', '"readOnlyHint": true }, "timeout": "30s"'])],
 *     invalid: [{ plugin: validPluginWith(['"readOnlyHint": true }', '"readOnlyHint": true }, "timeout": «"30"»']) }],
 *   });
 */
import { test } from 'node:test';
import type { RuleCode } from '../../server/src/engine';
import { expectNone, expectRule, pluginFolder, type ExpectOptions } from './helpers';
import type { PluginFiles } from './validPlugin';

/** A plugin: its manifest, and the files of its folder (without them, the manifest is checked alone, as stdin is). */
export interface TestedPlugin {
  manifest: string;
  files?: PluginFiles;
}

/** A plugin the rule reports: the span at fault marked «…» in its manifest, or in `inFile` of its files. */
export interface InvalidCase extends Pick<ExpectOptions, 'severity' | 'message' | 'maxDiagnostics'> {
  /** How the test is named, when the plugin's first changed line does not say enough. */
  name?: string;
  plugin: TestedPlugin;
  /** For a finding in a file of the folder (a handler): the file whose text holds the marks. */
  inFile?: string;
}

/** A plugin the rule does not report. */
export type ValidCase = TestedPlugin & { name?: string };

/** Registers a test per case: each valid one not reported by `code`, each invalid one reported by it once, there. */
export function ruleTester<C extends RuleCode>(code: C, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  cases.valid.forEach((plugin, index) => {
    test(`${code}, valid ${index + 1}${plugin.name ? `: ${plugin.name}` : ''}`, () => {
      expectNone(plugin.manifest, [code], plugin.files && pluginFolder(plugin.files).folder);
    });
  });
  cases.invalid.forEach(({ name, plugin, inFile, ...options }, index) => {
    test(`${code}, invalid ${index + 1}${name ? `: ${name}` : ''}`, () => {
      if (inFile) expectRule(code, plugin.manifest, { ...options, inFile: { at: inFile, files: plugin.files ?? {} } });
      else expectRule(code, plugin.manifest, { ...options, folder: plugin.files && pluginFolder(plugin.files).folder });
    });
  });
}
