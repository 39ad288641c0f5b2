import type { Fix } from '../../fixes/fix';
import { suppressionRemoval } from '../../handlers/suppressionComments';
import { defineRule } from '../rule';
import { didYouMean, quote } from '../messages';

/** Why a code a suppression comment names accepts nothing. */
type Unused = 'unused' | 'unknown' | 'elsewhere' | 'no-code';

const where = { 'next-line': 'on the line below it', file: 'in this file' } as const;

export const decision =
  'Not in the reference. The comments are ESLint\u2019s, for the findings in a handler file (a manifest\u2019s are accepted in filer-manifest.config.json). A comment names each rule it accepts: one that names none accepts nothing, so that a rule added later is never hidden unseen. It is read only as a comment alone on its line, line by line rather than parsed, so it holds however broken the code around it is. An unused one is reported, so that none rots and hides a later finding, but not while its rule is off; nor for a handler no rule had to read to its end. Its fix removes the code from the comment, or the comment\u2019s line when it names no other: that changes no finding, as the code accepted none, so it needs nobody\u2019s choice; but it edits the handler, and `check --fix` and the editor\u2019s "Fix all" write only the manifest (and the files its fixes make), so it is offered in the editor, one comment at a time.';

/**
 * The code removed from the comment, or the comment's line when it names no other: an edit of the handler, made from
 * its text when the fix is applied.
 */
const removeSuppression: Fix<{ code?: string }> = ({ code }, { diagnostic }) => {
  const { file, offset } = diagnostic;
  if (file === undefined) return [];
  const editsFor = (text: string) => {
    const removal = suppressionRemoval(text, offset, code);
    return removal && [removal];
  };
  return [
    { title: 'Remove this unused suppression', edits: [], newFiles: [], fileEdits: [{ filePath: file, editsFor }] },
  ];
};

export const unusedSuppressionRule = defineRule({
  code: 'handlers.unused-suppression',
  severity: 'warning',
  description:
    'A suppression comment in a handler (`// filer-manifest-disable-next-line <code> -- <reason>`, or `// filer-manifest-disable <code>` for the whole file) that accepts no finding: the rule no longer reports anything there, the code is not a rule, or its rule never reports in a handler.',
  message: ({
    code,
    problem,
    scope,
    suggestion,
  }: {
    code?: string;
    problem: Unused;
    scope: 'next-line' | 'file';
    suggestion?: string;
  }) => {
    switch (problem) {
      case 'no-code':
        return 'This suppression comment names no rule, so it accepts nothing. Name the codes it accepts, e.g. "// filer-manifest-disable-next-line handlers.undeclared-permission".';
      case 'unknown':
        return `There is no rule with code ${quote(code)}, so this suppression accepts nothing.${didYouMean(suggestion, quote)}`;
      case 'elsewhere':
        return `${quote(code)} never reports in a handler, so this suppression accepts nothing. Its findings are in the manifest: accept one in filer-manifest.config.json.`;
      case 'unused':
        return `${quote(code)} reports nothing ${where[scope]}, so this suppression accepts nothing. Remove it from the comment, so that it hides no later finding.`;
    }
  },
  fix: removeSuppression,
});
