/**
 * The engine: parse → model → rules → diagnostics; approval categories; the context menu.
 * Pure: no LSP, no `vscode`, no file system. The plugin folder comes in as a PluginFolder.
 */
export { dataOf, type ManifestDiagnostic, type Position, type Range, type Severity } from './diagnostics';
export type { FileKind, FileRead, PluginFolder } from './folder/pluginFolder';
export { LineIndex } from './text/lineIndex';
export { detachedCopy } from './text/detachedCopy';
export { own } from './own';
export { parseDocument, type ParsedDocument } from './parse/parseDocument';
export { endOf, keyOf, type JsonNode } from './parse/jsonNode';
export { reparseDocument } from './parse/incrementalParse';
export { composeEditedRegions, extendEditedRegion, type EditedRegion } from './text/editedRegion';
export { buildModel, entryPlace, toolLabel, type ActionEntry, type Entry, type ManifestModel, type ToolEntry } from './model/manifestModel';
export { arrayItems, formatPath, keyNode, nodeAtPath, objectProperties, pathOfNode, propertyNode, valueNode, type JsonPath } from './model/nodes';
export { idSymbols, type IdKind, type IdSymbol } from './model/idSymbols';
export { containsDotDot, fileReferences, isAbsolutePath, normalizeRelativePath, referenceKindAt, type FileReference, type ReferenceKind } from './model/references';
export { analyzeManifest, defaultMaxDiagnostics, moreDiagnosticsCode, validateModel, type ManifestAnalysis, type SeverityOverride, type ValidateOptions } from './validate';
export { allRules, ruleByCode, syntaxCodes, type RuleCode, type RuleData } from './rules/registry';
export type { AnyRule, RuleDefinition, RuleTag, ShapeData } from './rules/rule';
export type { Creatable, Fix, FixInput, FixProposal, NewFile, OffsetEdit } from './fixes/fix';
export { eolOf, indentUnitOf, lineIndentAt } from './fixes/textEdits';
export { pathSuggestion } from './fixes/pathSuggestion';
export { rulesTableMarkdown } from './rules/rulesTable';
export { hookEventDocumentation, knownHookEvents } from './rules/hooks';
export { kebabCase, toKebabCase, trimDashes } from './rules/messages';
export { hostOf } from './rules/permissions';
export { schema, schemaForPath, resolveRef, scopeValues, settingTypes, type SchemaNode } from './shape/schema';
export {
  asksAt,
  categoryMeaning,
  categoryOrder,
  categoryRank,
  reasonWords,
  describeGating,
  declaresAnnotations,
  deriveToolGating,
  pluginGatingFacts,
  toolGating,
  type ApprovalCategory,
  type CategoryReason,
  type PluginGatingFacts,
  type ToolGating,
} from './categories/approvalCategory';
export { compareGating, gatingReport, pluginNameOf, type CategoryChange, type ChangeGroup, type GatingComparison } from './categories/gatingReview';
export { computeContextMenu } from './menu/contextMenu';
export * from './menu/protocol';
export { manifestFileName, recognizeContent, recognizeText, type ManifestKind, type Recognition } from './recognition';
export { keyApplies } from './model/keysThatApply';
