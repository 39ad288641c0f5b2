/**
 * The engine: parse → model → rules → diagnostics; approval categories; the context menu.
 * Pure: no LSP, no `vscode`, no file system. The plugin folder comes in as a PluginFolder.
 */
export type { Severity } from './diagnostics';
export type { FileKind, FileRead, PluginFolder } from './folder/pluginFolder';
export { LineIndex } from './text/lineIndex';
export { detachedCopy } from './text/detachedCopy';
export { jsonText, markdownCell, markdownCode, markdownText, terminalText } from './text/escapes';
export { own } from './own';
export { closingQuote, parseDocument, parseSyntaxOnly, type ParsedDocument } from './parse/parseDocument';
export { endOf, keyOf, type JsonNode } from './parse/jsonNode';
export { reparseDocument } from './parse/incrementalParse';
export { composeEditedRegions, extendEditedRegion, type EditedRegion } from './text/editedRegion';
export {
  buildModel,
  entryPlace,
  toolLabel,
  type Entry,
  type ManifestModel,
  type ToolEntry,
} from './model/manifestModel';
export { arrayItems, keyNode, pathOfNode, valueNode, type JsonPath } from './model/nodes';
export { idSymbols, type IdSymbol } from './model/idSymbols';
export { renameRefusal } from './rename';
export {
  containsDotDot,
  fileReferences,
  isAbsolutePath,
  normalizeRelativePath,
  referenceKindAt,
  type FileReference,
  type ReferenceKind,
} from './model/references';
export {
  analyzeManifest,
  checkFailed,
  defaultMaxDiagnostics,
  FileFactsMemo,
  findingsKept,
  validateModel,
  type FindingsWanted,
  type ManifestAnalysis,
  type SeverityOverride,
  type ValidateOptions,
} from './validate';
export {
  allRules,
  dataOf,
  ruleByCode,
  syntaxCodes,
  type ManifestDiagnostic,
  type RuleCode,
  type RuleData,
} from './rules/registry';
export type { RuleDefinition, RuleTag } from './rules/rule';
export type { ExampleFile, FixedExample, RuleExample } from './rules/ruleDocs';
export type { Creatable, FixProposal, NewFile, OffsetEdit } from './fixes/fix';
export { proposeFixes, sharedInOneRequest } from './fixes/proposeFixes';
export { fixAll, maxPasses, type AppliedFix } from './fixAll';
export { eolOf, indentUnitOf, lineIndentAt } from './fixes/textEdits';
export { pathSuggestion } from './fixes/pathSuggestion';
export { hookEventDocumentation, knownHookEvents } from './rules/hooks';
export { handlerPaths, namedHandler, type NamedHandler } from './folder/referencedFiles';
export { argumentHoverAt, handlerCompletionsAt, type HandlerCompletion } from './handlers/handlerAssist';
export { suppressionEdit } from './handlers/suppressionComments';
export { closest, toKebabCase } from './rules/messages';
export { schemaForPath, resolveRef, scopeValues, settingTypes, type SchemaNode } from './shape/schema';
export {
  asksAt,
  categoryMeaning,
  categoryOrder,
  reasonWords,
  describeGating,
  deriveToolGating,
  toolGating,
  type CategoryReason,
  type PluginGatingFacts,
} from './categories/approvalCategory';
export {
  compareGating,
  gatingReport,
  type GatedTool,
  type GatingReport,
  type GatingComparison,
} from './categories/gatingReview';
export { computeContextMenu } from './menu/contextMenu';
export * from './menu/menuModel';
export { manifestFileName, recognizeContent, recognizeText, type Recognition } from './recognition';
export { keyApplies, keysWrittenIn } from './model/keysThatApply';
export {
  configDiagnostics,
  configFileName,
  configUnreadable,
  readConfig,
  scopeOf,
  type ConfigScope,
  type ProjectConfig,
} from './config/projectConfig';
export { configCompletions, configRuleHover, type ConfigPlace } from './config/configAssist';
export {
  addSuppressionEdits,
  newConfigWith,
  removeSuppressionEdits,
  removeUnusedSuppressionTitle,
  suppressInConfigTitle,
  suppressionFor,
  type SuppressionEntry,
} from './config/suppressInConfig';
