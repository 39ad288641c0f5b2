import type { Severity } from '../diagnostics';
import { text } from './examples';
import { quote } from './messages';
import { defineRule, defineRules, type RuleArea } from './rule';
import { notInTheReference } from './reference';

/** How many diagnostics past the cap were not listed, by severity, and the cap. */
interface MoreData {
  notShown: Record<Severity, number>;
  max: number;
}

const severityOrder: readonly Severity[] = ['error', 'warning', 'information', 'hint'];

const definitions = defineRules([
  defineRule({
    code: 'diagnostics.more',
    severity: 'error',
    description:
      'More diagnostics than the cap (filerManifest.maxDiagnostics, the CLI’s --max-diagnostics, 1,000 by default): the last one listed says how many more there were.',
    decision:
      'Not a rule of the reference: the cap keeps a text with an error every few characters from flooding the editor. This diagnostic has the strictest severity of those it counts (error at most), so that an exit code stays right; a severity set for it replaces that one, and off leaves it out.',
    quotes: notInTheReference,
    message: ({ notShown, max }: MoreData) => {
      const present = severityOrder.filter((severity) => notShown[severity] > 0);
      const total = present.reduce((sum, severity) => sum + notShown[severity], 0);
      const counts = present.map(
        (severity) =>
          `${notShown[severity].toLocaleString('en-US')} ${severity === 'information' ? 'information' : `${severity}${notShown[severity] === 1 ? '' : 's'}`}`,
      );
      // With a cap of 1 this diagnostic is the only one shown: none is "more" than another.
      const more = max === 1 ? '' : 'more ';
      const are = max === 1 ? 'is' : 'are';
      return (
        `${total.toLocaleString('en-US')} ${more}problems are not shown (${counts.join(', ')}): ` +
        `at most ${max === 1 ? 'one' : max.toLocaleString('en-US')} ${are} listed per manifest.`
      );
    },
    examples: {
      incorrect: [
        {
          // Two problems, at most one listed: the one listed counts them.
          manifest: text(`
            {
              "name": «"Word Count"»,
              "displayName": "Word Count",
              "version": "1.0"
            }`),
          checkedWith: { maxDiagnostics: 1 },
        },
      ],
      correct: [
        {
          manifest: text(`
            {
              "name": "word-count",
              "displayName": "Word Count",
              "version": "1.0.0"
            }`),
          checkedWith: { maxDiagnostics: 1 },
        },
      ],
    },
  }),
  defineRule({
    code: 'diagnostics.file-too-large',
    severity: 'information',
    description:
      'An open manifest larger than filerManifest.maxFileSize (16 MB by default) has only its JSON syntax checked; this diagnostic, at its start, says so.',
    decision:
      'Not a rule of the reference: past that size an editor checks only the JSON syntax, so that a huge file cannot hold up the server, and this says so, so that no one takes the silence for a clean manifest. Information: nothing in the manifest is said to be wrong.',
    quotes: notInTheReference,
    message: ({ megabytes, maxFileSize }: { megabytes: number; maxFileSize: number }) =>
      `This manifest is ${megabytes.toFixed(1)} MB, more than \`filerManifest.maxFileSize\` (${maxFileSize} MB), so only its JSON syntax is checked.`,
    examples: {
      // The text stands for a larger one: what an editor found its size to be is given with it.
      incorrect: [
        {
          manifest: '«»{ "name": "Word Count", "version": "1.0" }\n',
          checkedWith: { tooLarge: { megabytes: 17, maxFileSize: 16 } },
        },
      ],
      correct: [{ manifest: '{ "name": "word-count", "displayName": "Word Count", "version": "1.0.0" }\n' }],
    },
  }),
  defineRule({
    code: 'diagnostics.too-many-values',
    severity: 'error',
    quotes: notInTheReference,
    description:
      'A manifest that holds more than 1,000,000 JSON values (a 5,000-tool manifest holds about 400,000) has only its JSON syntax checked, in the editor and on the command line; this diagnostic, at its start, says so.',
    decision:
      'Not a rule of the reference: a tree of each value takes about ten times the memory of its text, so a text of millions of values (a 15 MB array of numbers) is read as one past the size limit is. An error, so that a CI run does not pass a manifest that was not checked; a severity set for it changes that.',
    message: ({ valueLimit }: { valueLimit: number }) =>
      `This manifest holds more than ${valueLimit.toLocaleString('en-US')} JSON values, so only its JSON syntax is checked.`,
    examples: {
      // The text stands for one of more than a million values: it is checked under a limit of 12.
      incorrect: [
        {
          manifest: text(`
            «»{
              "name": "word-count",
              "displayName": "Word Count",
              "version": "1.0.0",
              "keywords": ["count", "words", "text", "letters", "lines", "pages", "books", "notes"]
            }`),
          checkedWith: { maxTreeValues: 12 },
        },
      ],
      correct: [
        {
          manifest: text(`
            {
              "name": "word-count",
              "displayName": "Word Count",
              "version": "1.0.0",
              "keywords": ["count", "words", "text", "letters", "lines", "pages", "books"]
            }`),
          checkedWith: { maxTreeValues: 12 },
        },
      ],
    },
  }),
  defineRule({
    code: 'diagnostics.check-failed',
    severity: 'warning',
    quotes: notInTheReference,
    description:
      'Part of the check of a manifest failed: a fault of Filer Plugin Tools, never of the plugin. The rest of the manifest, and every other file and plugin, is still checked; this says what was not, at the manifest\u2019s start.',
    decision:
      'Not a rule of the reference: the check of one part (a rule area, or the whole of one manifest) can fail only that part. A warning, not an error: the plugin is not said to be wrong, but a CI run that allows no warnings does not pass a manifest that was not wholly checked.',
    message: ({ part, failure }: { part: string; failure: string }) =>
      `The check of ${part} failed (${quote(failure)}), so it is not checked. This is a fault of Filer Plugin Tools, not of the plugin: please report it with the manifest.`,
    examples: {
      fault: 'It is reported when a check throws where it should not: the rest is checked, and what was not is named.',
    },
  }),
]);

/** What is said of the diagnostics themselves: the validator reports these (validate.ts), no check of an area does. */
export const diagnosticsRules: RuleArea<typeof definitions> = { rules: definitions };

/** The strictest severity among those counted. */
export function strictestOf(counts: Record<Severity, number>): Severity | undefined {
  return severityOrder.find((severity) => counts[severity] > 0);
}
