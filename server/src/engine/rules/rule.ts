import type { FixData, Severity } from '../diagnostics';
import type { PluginFolder } from '../folder/pluginFolder';
import type { ManifestModel } from '../model/manifestModel';
import type { JsonNode } from '../parse/jsonNode';
import type { ShapeFinding } from '../shape/shapeFindings';

export interface RuleDefinition {
  /** Stable, kebab-case, `area.rule`: users tune severities by it and quick fixes are found by it. */
  code: string;
  severity: Severity;
  /** The reference's rule, in its words: shown in the README's rules table and in hovers. */
  description: string;
  /** How the rule decides where the reference leaves it open (the README's "decision" column). */
  decision?: string;
  /** For rules the JSON Schema checks: the message for one finding, naming the field. */
  shapeMessage?(finding: ShapeFinding, field: string, value: unknown): string;
}

/** Where a finding points: a node of the tree, or an explicit span of the text. */
export type Target = JsonNode | { offset: number; length: number };

export interface RuleContext {
  model: ManifestModel;
  /** Absent when there is no folder to read (stdin, an unsaved document): cross-file rules stay quiet. */
  folder: PluginFolder | undefined;
  report(code: string, target: Target, message: string, data?: FixData): void;
}

/** One area of the reference (one file under rules/): its rules and the checks that raise them. */
export interface RuleArea {
  rules: RuleDefinition[];
  check?(context: RuleContext): void;
  /** True for a schema finding this area reports in its own words, so it is not said twice. */
  explainsShapeFinding?(finding: ShapeFinding, model: ManifestModel): boolean;
}
