import type { PluginFolder } from './folder/pluginFolder';
import type { Creatable, FixProposal, NewFile, OffsetEdit } from './fixes/fix';
import { proposeFixes, sharedInOneRequest } from './fixes/proposeFixes';
import { applyEdits } from './fixes/textEdits';
import { ruleByCode } from './rules/registry';
import { analyzeManifest, type ManifestAnalysis, type ValidateOptions } from './validate';

/** A fix that `fixAll` applied: its title and its rule. */
export interface AppliedFix {
  title: string;
  code: string;
}

interface FixAllResult {
  /** The manifest's text with every fix applied. */
  text: string;
  /** The files the fixes made (a legacy tool's schema), plugin-relative, to be written before the manifest. */
  newFiles: NewFile[];
  /** Every fix applied, in the order they were. */
  applied: AppliedFix[];
  /** The final text's analysis: what is still reported. */
  analysis: ManifestAnalysis;
  /** The passes ran out (maxPasses) while fixes were still offered: the text may have more to fix. */
  unfinished: boolean;
}

/**
 * At most this many rounds of "analyse, apply every fix that does not overlap another": each fix can make room for
 * another (the legacy shape makes an id that kebab-case then mends), and a round costs one analysis, so the work stays
 * linear in the text.
 */
export const maxPasses = 10;

/**
 * Every fix nobody needs to choose (Fix.unattended) applied to a manifest, as `check --fix` and the editor's
 * "Fix all" do: in each pass the fixes of the findings in order, each one whose edits overlap none already taken
 * (as ESLint does), then the text analysed again, until no such fix is offered. A fix is applied only where its file
 * can be made inside the plugin folder (`creatable`); the files it makes are read by the next pass as if written.
 * Pure: nothing is written, the caller writes `text` and `newFiles`.
 */
export function fixAll(
  text: string,
  options: ValidateOptions & { creatable: Creatable; folderName: string },
): FixAllResult {
  const newFiles: NewFile[] = [];
  const applied: AppliedFix[] = [];
  const folder = options.folder && withNewFiles(options.folder, newFiles);
  const creatable: Creatable = (filePath) =>
    newFiles.some((file) => file.filePath === filePath) ? 'exists' : options.creatable(filePath);
  let analysis = analyzeManifest(text, { ...options, folder });
  for (let pass = 0; pass < maxPasses; pass++) {
    const taken = unattendedFixes(analysis, { creatable, folderName: options.folderName });
    if (taken.length === 0) return { text, newFiles, applied, analysis, unfinished: false };
    text = applyEdits(
      text,
      taken.flatMap(({ proposal }) => proposal.edits),
    );
    for (const { proposal, code } of taken) {
      newFiles.push(...proposal.newFiles);
      applied.push({ title: proposal.title, code });
    }
    analysis = analyzeManifest(text, { ...options, folder });
  }
  const more = unattendedFixes(analysis, { creatable, folderName: options.folderName }).length > 0;
  return { text, newFiles, applied, analysis, unfinished: more };
}

/** The fixes of one pass: unattended, editing only the manifest (and making files), overlapping none taken before. */
function unattendedFixes(
  analysis: ManifestAnalysis,
  context: { creatable: Creatable; folderName: string },
): { proposal: FixProposal; code: string }[] {
  const shared = sharedInOneRequest();
  const taken: { proposal: FixProposal; code: string }[] = [];
  const seen = new Set<FixProposal>();
  const claimed: OffsetEdit[] = [];
  // A text that is not JSON is read by a parse that guesses what was meant, and an edit made from a guess can break it
  // further (the fuzzer found such): only its byte-order mark is removed, after which the parse may find it whole.
  const broken = analysis.document.findings.some((finding) => finding.kind === 'syntax' || finding.kind === 'too-deep');
  for (const diagnostic of analysis.diagnostics) {
    // A handler's finding edits the handler's schema or the manifest on the handler's behalf: a person's choice.
    if (diagnostic.file !== undefined || !ruleByCode.get(diagnostic.code)?.fix?.unattended) continue;
    if (broken && diagnostic.code !== 'json.syntax') continue;
    for (const proposal of proposeFixes(diagnostic, analysis, { ...context, shared })) {
      if (seen.has(proposal)) continue;
      seen.add(proposal);
      if (proposal.mends || (proposal.fileEdits ?? []).length > 0) continue;
      if (proposal.edits.length === 0 && proposal.newFiles.length === 0) continue;
      if (proposal.edits.some((edit) => claimed.some((other) => overlaps(edit, other)))) continue;
      claimed.push(...proposal.edits);
      taken.push({ proposal, code: diagnostic.code });
      break;
    }
  }
  return taken;
}

/** Two edits overlap when their ranges share a character, or both insert at one offset (their order is unknown). */
function overlaps(a: OffsetEdit, b: OffsetEdit): boolean {
  return a.offset < b.offset + b.length && b.offset < a.offset + a.length
    ? true
    : a.offset === b.offset || a.offset + a.length === b.offset || b.offset + b.length === a.offset;
}

/** The plugin folder with the files the fixes made so far, as the next pass must see them. */
function withNewFiles(folder: PluginFolder, newFiles: readonly NewFile[]): PluginFolder {
  const made = (relativePath: string) => newFiles.find((file) => file.filePath === relativePath);
  return {
    stat: (relativePath) => (made(relativePath) ? 'file' : folder.stat(relativePath)),
    readText: (relativePath) => {
      const file = made(relativePath);
      return file ? { kind: 'text', text: file.text } : folder.readText(relativePath);
    },
  };
}
