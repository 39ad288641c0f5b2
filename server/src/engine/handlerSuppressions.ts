import type { ReferencedFiles } from './folder/referencedFiles';
import { acceptedCodeIndex, type SuppressionComment } from './handlers/suppressionComments';
import { closest } from './rules/messages';
import { ruleAreas, ruleByCode, type RuleData } from './rules/registry';

/** The codes of the rules that report in handler files: the only ones a handler's comment can accept. */
const handlerCodes = new Set(
  ruleAreas.filter((area) => area.findingsIn === 'handlers').flatMap((area) => area.rules.map((rule) => rule.code)),
);

/**
 * The suppression comments of the handlers a manifest names (engine/handlers/suppressionComments.ts), for one
 * validation: which finding each accepts, and afterwards which of their codes accepted none.
 */
export class HandlerSuppressions {
  private readonly byFile = new Map<string, readonly SuppressionComment[]>();
  /** `<file>\0<comment>\0<code>` of each code that accepted a finding. */
  private readonly used = new Set<string>();

  constructor(private readonly files: ReferencedFiles) {
    for (const file of files.files)
      if (file.read === 'handler' && file.text.suppressions.length > 0)
        this.byFile.set(file.relativePath, file.text.suppressions);
  }

  /** Whether a comment in `file` accepts a finding of `code` that starts on `line`; each that does is used. */
  accepted(code: string, file: string, line: number): boolean {
    const comments = this.byFile.get(file);
    if (!comments) return false;
    let accepted = false;
    comments.forEach((comment, index) => {
      const codeIndex = acceptedCodeIndex(comment, code, line);
      if (codeIndex < 0) return;
      this.used.add(`${file}\0${index}\0${codeIndex}`);
      accepted = true;
    });
    return accepted;
  }

  /** Each code of a comment that accepted nothing (and each comment that names none), where it is written. */
  *unused(): Generator<{
    file: string;
    place: SuppressionComment['codes'][number] | SuppressionComment;
    data: RuleData<'handlers.unused-suppression'>;
  }> {
    // A module not read to its end (handlers.not-checked) may hold the findings its comments accept: none is judged.
    const unread = new Set(
      this.files.files.flatMap((file) =>
        file.read === 'handler' && file.parsed()?.notChecked ? [file.relativePath] : [],
      ),
    );
    for (const [file, comments] of this.byFile) {
      if (unread.has(file)) continue;
      for (const [index, comment] of comments.entries()) {
        const { scope } = comment;
        if (comment.codes.length === 0) yield { file, place: comment, data: { problem: 'no-code', scope } };
        for (const [codeIndex, named] of comment.codes.entries()) {
          if (this.used.has(`${file}\0${index}\0${codeIndex}`)) continue;
          const { code } = named;
          const problem = !ruleByCode.has(code) ? 'unknown' : handlerCodes.has(code) ? 'unused' : 'elsewhere';
          const suggestion = problem === 'unknown' ? closest(code, handlerCodes) : undefined;
          yield { file, place: named, data: { code, problem, scope, ...(suggestion ? { suggestion } : {}) } };
        }
      }
    }
  }
}
