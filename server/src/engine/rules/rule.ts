import type { FixData, Severity } from '../diagnostics';
import type { PluginFolder } from '../folder/pluginFolder';
import type { ReferencedFiles } from '../folder/referencedFiles';
import type { ManifestModel } from '../model/manifestModel';
import type { JsonNode } from '../parse/jsonNode';
import type { ShapeFinding } from '../shape/shapeFindings';

/** How an editor may show a rule's findings: faded (the app ignores what is marked), or struck through. */
export type RuleTag = 'unnecessary' | 'deprecated';

/**
 * The quick fix a rule offers, by kind: the language server's code-action feature has one provider per
 * kind (checked by the compiler: a kind without a provider does not build) and finds it from the rule.
 */
export type FixKind =
  | 'legacy-tool-shape'
  | 'remove-byte-order-mark'
  | 'kebab-case'
  | 'add-required-field'
  | 'remove-member'
  | 'add-parameter-grant'
  | 'replace-with-replacement'
  | 'rename-key'
  | 'replace-with-suggestion'
  | 'declare-permission'
  | 'create-file'
  | 'declare-annotations';

export interface RuleDefinition<C extends string = string> {
  /** Stable, kebab-case, `area.rule`: users tune severities by it and quick fixes are found by it. */
  code: C;
  severity: Severity;
  /** The reference's rule, in its words: shown in the README's rules table and in hovers. */
  description: string;
  /** How the rule decides where the reference leaves it open (the README's "decision" column). */
  decision?: string;
  /** For rules the JSON Schema checks: the message for one finding, naming the field. */
  shapeMessage?(finding: ShapeFinding, field: string, value: unknown): string;
  /** How an editor shows its findings. */
  tags?: readonly RuleTag[];
  /** Its quick fix, if it has one. */
  fix?: FixKind;
}

/** Where a finding points: a node of the tree, or an explicit span of the text. */
export type Target = JsonNode | { offset: number; length: number };

export interface RuleContext<C extends string = string> {
  model: ManifestModel;
  /** Absent when there is no folder to read (stdin, an unsaved document): cross-file rules stay quiet. */
  folder: PluginFolder | undefined;
  /** The files the manifest names, read through `folder` once per validation (on the first call). */
  files(): ReferencedFiles;
  /** Typed by the area's own codes: a code no rule of the area declares does not compile. */
  report(code: C, target: Target, message: string, data?: FixData): void;
}

/** One area of the reference (one file under rules/): its rules and the checks that raise them. */
export interface RuleArea<C extends string = string> {
  rules: readonly RuleDefinition<C>[];
  check?(context: RuleContext<C>): void;
  /** True for a schema finding this area reports in its own words, so it is not said twice. */
  explainsShapeFinding?(finding: ShapeFinding, model: ManifestModel): boolean;
}

/** An area's rule definitions, their codes kept as literal types (so that its checks can report only those). */
export function defineRules<const C extends string>(rules: readonly RuleDefinition<C>[]): readonly RuleDefinition<C>[] {
  return rules;
}

/** The codes of an area's definitions. */
export type CodeOf<R extends readonly RuleDefinition[]> = R[number]['code'];
