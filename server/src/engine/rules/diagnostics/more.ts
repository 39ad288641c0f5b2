import { defineRule } from '../rule';
import { type MoreData, severityOrder } from './shared';

export const decision =
  'Not a rule of the reference: the cap keeps a text with an error every few characters from flooding the editor. This diagnostic has the strictest severity of those it counts (error at most), so that an exit code stays right; a severity set for it replaces that one, and off leaves it out.';

export const moreRule = defineRule({
  code: 'diagnostics.more',
  severity: 'error',
  description:
    'More diagnostics than the cap (filerManifest.maxDiagnostics, the CLI’s --max-diagnostics, 1,000 by default): the last one listed says how many more there were.',
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
});
