/**
 * Every rule's decision, by its code: how the rule decides where the reference leaves it open. Each is written in its
 * rule's file, as that module's `decision` export beside the rule, not in the rule: the language server never reads
 * one, and a bundle that imports the rule alone (the server's) holds none. The rule pages, the README's tables and the
 * CLI's SARIF read them here. A rule module with a `decision` export missing here fails a test (decisions.test.ts).
 */
import {
  decision as actionsBatchWithoutArrayDecision,
  batchWithoutArrayRule as actionsBatchWithoutArrayRule,
} from './actions/batchWithoutArray';
import {
  decision as actionsDuplicateIdDecision,
  duplicateIdRule as actionsDuplicateIdRule,
} from './actions/duplicateId';
import {
  decision as actionsDuplicateParamIdDecision,
  duplicateParamIdRule as actionsDuplicateParamIdRule,
} from './actions/duplicateParamId';
import {
  decision as actionsGenerateForwardDecision,
  generateForwardRule as actionsGenerateForwardRule,
} from './actions/generateForward';
import {
  decision as actionsHiddenUnreachableDecision,
  hiddenUnreachableRule as actionsHiddenUnreachableRule,
} from './actions/hiddenUnreachable';
import { decision as actionsKindDecision, kindRule as actionsKindRule } from './actions/kind';
import {
  decision as actionsMultiFileModeIgnoredDecision,
  multiFileModeIgnoredRule as actionsMultiFileModeIgnoredRule,
} from './actions/multiFileModeIgnored';
import { decision as actionsScopeEmptyDecision, scopeEmptyRule as actionsScopeEmptyRule } from './actions/scopeEmpty';
import {
  decision as actionsSelectOptionsDecision,
  selectOptionsRule as actionsSelectOptionsRule,
} from './actions/selectOptions';
import {
  decision as actionsToolIdIgnoredDecision,
  toolIdIgnoredRule as actionsToolIdIgnoredRule,
} from './actions/toolIdIgnored';
import { decision as actionsUnknownKeyDecision, unknownKeyRule as actionsUnknownKeyRule } from './actions/unknownKey';
import { decision as actionsWrongTypeDecision, wrongTypeRule as actionsWrongTypeRule } from './actions/wrongType';
import {
  decision as commandsDuplicateIdDecision,
  duplicateIdRule as commandsDuplicateIdRule,
} from './commands/duplicateId';
import {
  decision as commandsUnknownKeyDecision,
  unknownKeyRule as commandsUnknownKeyRule,
} from './commands/unknownKey';
import { decision as commandsWrongTypeDecision, wrongTypeRule as commandsWrongTypeRule } from './commands/wrongType';
import { decision as configFieldTypeDecision, fieldTypeRule as configFieldTypeRule } from './config/fieldType';
import { decision as configGlobInvalidDecision, globInvalidRule as configGlobInvalidRule } from './config/globInvalid';
import {
  decision as configGlobMatchesNothingDecision,
  globMatchesNothingRule as configGlobMatchesNothingRule,
} from './config/globMatchesNothing';
import {
  decision as configMissingFieldDecision,
  missingFieldRule as configMissingFieldRule,
} from './config/missingField';
import { decision as configPointerDecision, pointerRule as configPointerRule } from './config/pointer';
import { decision as configSeverityDecision, severityRule as configSeverityRule } from './config/severity';
import { decision as configSyntaxDecision, syntaxRule as configSyntaxRule } from './config/syntax';
import {
  decision as configUnknownFieldDecision,
  unknownFieldRule as configUnknownFieldRule,
} from './config/unknownField';
import { decision as configUnknownRuleDecision, unknownRuleRule as configUnknownRuleRule } from './config/unknownRule';
import { decision as configUnreadableDecision, unreadableRule as configUnreadableRule } from './config/unreadable';
import {
  decision as configUnusedSuppressionDecision,
  unusedSuppressionRule as configUnusedSuppressionRule,
} from './config/unusedSuppression';
import {
  decision as diagnosticsCheckFailedDecision,
  checkFailedRule as diagnosticsCheckFailedRule,
} from './diagnostics/checkFailed';
import {
  decision as diagnosticsFileTooLargeDecision,
  fileTooLargeRule as diagnosticsFileTooLargeRule,
} from './diagnostics/fileTooLarge';
import { decision as diagnosticsMoreDecision, moreRule as diagnosticsMoreRule } from './diagnostics/more';
import {
  decision as diagnosticsTooManyValuesDecision,
  tooManyValuesRule as diagnosticsTooManyValuesRule,
} from './diagnostics/tooManyValues';
import { decision as filesEmptyDecision, emptyRule as filesEmptyRule } from './files/empty';
import { decision as filesMissingDecision, missingRule as filesMissingRule } from './files/missing';
import { decision as filesNotAFileDecision, notAFileRule as filesNotAFileRule } from './files/notAFile';
import { decision as filesNotCheckedDecision, notCheckedRule as filesNotCheckedRule } from './files/notChecked';
import { decision as filesOutsideDecision, outsideRule as filesOutsideRule } from './files/outside';
import { decision as filesUnreadableDecision, unreadableRule as filesUnreadableRule } from './files/unreadable';
import {
  decision as handlersMalformedEnvelopeDecision,
  malformedEnvelopeRule as handlersMalformedEnvelopeRule,
} from './handlers/malformedEnvelope';
import {
  decision as handlersNotCheckedDecision,
  notCheckedRule as handlersNotCheckedRule,
} from './handlers/notChecked';
import {
  decision as handlersParameterGrantsNothingDecision,
  parameterGrantsNothingRule as handlersParameterGrantsNothingRule,
} from './handlers/parameterGrantsNothing';
import {
  decision as handlersUndeclaredPermissionDecision,
  undeclaredPermissionRule as handlersUndeclaredPermissionRule,
} from './handlers/undeclaredPermission';
import {
  decision as handlersUnknownArgumentDecision,
  unknownArgumentRule as handlersUnknownArgumentRule,
} from './handlers/unknownArgument';
import {
  decision as handlersUnusedSuppressionDecision,
  unusedSuppressionRule as handlersUnusedSuppressionRule,
} from './handlers/unusedSuppression';
import { decision as hooksUnknownEventDecision, unknownEventRule as hooksUnknownEventRule } from './hooks/unknownEvent';
import { decision as hooksUnknownKeyDecision, unknownKeyRule as hooksUnknownKeyRule } from './hooks/unknownKey';
import { decision as hooksWrongTypeDecision, wrongTypeRule as hooksWrongTypeRule } from './hooks/wrongType';
import { decision as jsonCommentDecision, commentRule as jsonCommentRule } from './json/comment';
import { decision as jsonDuplicateKeyDecision, duplicateKeyRule as jsonDuplicateKeyRule } from './json/duplicateKey';
import { decision as jsonSyntaxDecision, syntaxRule as jsonSyntaxRule } from './json/syntax';
import { decision as jsonTooDeepDecision, tooDeepRule as jsonTooDeepRule } from './json/tooDeep';
import {
  decision as jsonTrailingCommaDecision,
  trailingCommaRule as jsonTrailingCommaRule,
} from './json/trailingComma';
import {
  decision as manifestNotAnObjectDecision,
  notAnObjectRule as manifestNotAnObjectRule,
} from './manifest/notAnObject';
import {
  decision as manifestProcessOnlyDecision,
  processOnlyRule as manifestProcessOnlyRule,
} from './manifest/processOnly';
import {
  decision as manifestUnknownKeyDecision,
  unknownKeyRule as manifestUnknownKeyRule,
} from './manifest/unknownKey';
import { decision as manifestVersionDecision, versionRule as manifestVersionRule } from './manifest/version';
import { decision as manifestWrongTypeDecision, wrongTypeRule as manifestWrongTypeRule } from './manifest/wrongType';
import { decision as pathsAbsoluteDecision, absoluteRule as pathsAbsoluteRule } from './paths/absolute';
import { decision as pathsDotdotDecision, dotdotRule as pathsDotdotRule } from './paths/dotdot';
import {
  decision as permissionsFetchPrivateDecision,
  fetchPrivateRule as permissionsFetchPrivateRule,
} from './permissions/fetchPrivate';
import {
  decision as permissionsFetchSettingDefaultDecision,
  fetchSettingDefaultRule as permissionsFetchSettingDefaultRule,
} from './permissions/fetchSettingDefault';
import {
  decision as permissionsFetchSettingUnknownDecision,
  fetchSettingUnknownRule as permissionsFetchSettingUnknownRule,
} from './permissions/fetchSettingUnknown';
import {
  decision as permissionsFetchUrlDecision,
  fetchUrlRule as permissionsFetchUrlRule,
} from './permissions/fetchUrl';
import {
  decision as permissionsHookParameterOnlyDecision,
  hookParameterOnlyRule as permissionsHookParameterOnlyRule,
} from './permissions/hookParameterOnly';
import {
  decision as permissionsListStaticGlobDecision,
  listStaticGlobRule as permissionsListStaticGlobRule,
} from './permissions/listStaticGlob';
import {
  decision as permissionsRelativeStaticDecision,
  relativeStaticRule as permissionsRelativeStaticRule,
} from './permissions/relativeStatic';
import {
  decision as permissionsUndeclaredUseDecision,
  undeclaredUseRule as permissionsUndeclaredUseRule,
} from './permissions/undeclaredUse';
import {
  decision as permissionsUnknownKeyDecision,
  unknownKeyRule as permissionsUnknownKeyRule,
} from './permissions/unknownKey';
import {
  decision as permissionsWrongTypeDecision,
  wrongTypeRule as permissionsWrongTypeRule,
} from './permissions/wrongType';
import { decision as processSandboxDecision, sandboxRule as processSandboxRule } from './process/sandbox';
import { decision as processStaticFsDecision, staticFsRule as processStaticFsRule } from './process/staticFs';
import {
  decision as settingsActionHandlerDecision,
  actionHandlerRule as settingsActionHandlerRule,
} from './settings/actionHandler';
import {
  decision as settingsActionOnlyDecision,
  actionOnlyRule as settingsActionOnlyRule,
} from './settings/actionOnly';
import { decision as settingsDefaultDecision, defaultRule as settingsDefaultRule } from './settings/default';
import { decision as settingsMinMaxDecision, minMaxRule as settingsMinMaxRule } from './settings/minMax';
import {
  decision as settingsNumberOnlyDecision,
  numberOnlyRule as settingsNumberOnlyRule,
} from './settings/numberOnly';
import {
  decision as settingsUnknownKeyDecision,
  unknownKeyRule as settingsUnknownKeyRule,
} from './settings/unknownKey';
import { decision as settingsWrongTypeDecision, wrongTypeRule as settingsWrongTypeRule } from './settings/wrongType';
import { decision as toolsDuplicateIdDecision, duplicateIdRule as toolsDuplicateIdRule } from './tools/duplicateId';
import { decision as toolsIdEmptyDecision, idEmptyRule as toolsIdEmptyRule } from './tools/idEmpty';
import {
  decision as toolsPathWithoutFormatDecision,
  pathWithoutFormatRule as toolsPathWithoutFormatRule,
} from './tools/pathWithoutFormat';
import {
  decision as toolsSchemaInvalidDecision,
  schemaInvalidRule as toolsSchemaInvalidRule,
} from './tools/schemaInvalid';
import {
  decision as toolsSchemaNotJsonDecision,
  schemaNotJsonRule as toolsSchemaNotJsonRule,
} from './tools/schemaNotJson';
import {
  decision as toolsSchemaRefChainDecision,
  schemaRefChainRule as toolsSchemaRefChainRule,
} from './tools/schemaRefChain';
import {
  decision as toolsSchemaUnknownDraftDecision,
  schemaUnknownDraftRule as toolsSchemaUnknownDraftRule,
} from './tools/schemaUnknownDraft';
import { decision as toolsTimeoutDecision, timeoutRule as toolsTimeoutRule } from './tools/timeout';
import {
  decision as toolsUndeclaredAnnotationsDecision,
  undeclaredAnnotationsRule as toolsUndeclaredAnnotationsRule,
} from './tools/undeclaredAnnotations';
import {
  decision as toolsUndeclaredAnnotationsWriteDecision,
  undeclaredAnnotationsWriteRule as toolsUndeclaredAnnotationsWriteRule,
} from './tools/undeclaredAnnotationsWrite';
import { decision as toolsUnknownKeyDecision, unknownKeyRule as toolsUnknownKeyRule } from './tools/unknownKey';
import { decision as toolsWrongTypeDecision, wrongTypeRule as toolsWrongTypeRule } from './tools/wrongType';
import { decision as viewsDuplicateIdDecision, duplicateIdRule as viewsDuplicateIdRule } from './views/duplicateId';
import { decision as viewsUnknownKeyDecision, unknownKeyRule as viewsUnknownKeyRule } from './views/unknownKey';
import { decision as viewsWrongTypeDecision, wrongTypeRule as viewsWrongTypeRule } from './views/wrongType';

let byCode: ReadonlyMap<string, string> | undefined;

/** The decision of the rule of `code`, if it has one. */
export function decisionOf(code: string): string | undefined {
  byCode ??= new Map(everyDecision());
  return byCode.get(code);
}

/** Each rule that has a decision, by its code: a function, so that no bundle that does not call it holds them. */
function everyDecision(): [string, string][] {
  return [
    [actionsBatchWithoutArrayRule.code, actionsBatchWithoutArrayDecision],
    [actionsDuplicateIdRule.code, actionsDuplicateIdDecision],
    [actionsDuplicateParamIdRule.code, actionsDuplicateParamIdDecision],
    [actionsGenerateForwardRule.code, actionsGenerateForwardDecision],
    [actionsHiddenUnreachableRule.code, actionsHiddenUnreachableDecision],
    [actionsKindRule.code, actionsKindDecision],
    [actionsMultiFileModeIgnoredRule.code, actionsMultiFileModeIgnoredDecision],
    [actionsScopeEmptyRule.code, actionsScopeEmptyDecision],
    [actionsSelectOptionsRule.code, actionsSelectOptionsDecision],
    [actionsToolIdIgnoredRule.code, actionsToolIdIgnoredDecision],
    [actionsUnknownKeyRule.code, actionsUnknownKeyDecision],
    [actionsWrongTypeRule.code, actionsWrongTypeDecision],
    [commandsDuplicateIdRule.code, commandsDuplicateIdDecision],
    [commandsUnknownKeyRule.code, commandsUnknownKeyDecision],
    [commandsWrongTypeRule.code, commandsWrongTypeDecision],
    [configFieldTypeRule.code, configFieldTypeDecision],
    [configGlobInvalidRule.code, configGlobInvalidDecision],
    [configGlobMatchesNothingRule.code, configGlobMatchesNothingDecision],
    [configMissingFieldRule.code, configMissingFieldDecision],
    [configPointerRule.code, configPointerDecision],
    [configSeverityRule.code, configSeverityDecision],
    [configSyntaxRule.code, configSyntaxDecision],
    [configUnknownFieldRule.code, configUnknownFieldDecision],
    [configUnknownRuleRule.code, configUnknownRuleDecision],
    [configUnreadableRule.code, configUnreadableDecision],
    [configUnusedSuppressionRule.code, configUnusedSuppressionDecision],
    [diagnosticsCheckFailedRule.code, diagnosticsCheckFailedDecision],
    [diagnosticsFileTooLargeRule.code, diagnosticsFileTooLargeDecision],
    [diagnosticsMoreRule.code, diagnosticsMoreDecision],
    [diagnosticsTooManyValuesRule.code, diagnosticsTooManyValuesDecision],
    [filesEmptyRule.code, filesEmptyDecision],
    [filesMissingRule.code, filesMissingDecision],
    [filesNotAFileRule.code, filesNotAFileDecision],
    [filesNotCheckedRule.code, filesNotCheckedDecision],
    [filesOutsideRule.code, filesOutsideDecision],
    [filesUnreadableRule.code, filesUnreadableDecision],
    [handlersMalformedEnvelopeRule.code, handlersMalformedEnvelopeDecision],
    [handlersNotCheckedRule.code, handlersNotCheckedDecision],
    [handlersParameterGrantsNothingRule.code, handlersParameterGrantsNothingDecision],
    [handlersUndeclaredPermissionRule.code, handlersUndeclaredPermissionDecision],
    [handlersUnknownArgumentRule.code, handlersUnknownArgumentDecision],
    [handlersUnusedSuppressionRule.code, handlersUnusedSuppressionDecision],
    [hooksUnknownEventRule.code, hooksUnknownEventDecision],
    [hooksUnknownKeyRule.code, hooksUnknownKeyDecision],
    [hooksWrongTypeRule.code, hooksWrongTypeDecision],
    [jsonCommentRule.code, jsonCommentDecision],
    [jsonDuplicateKeyRule.code, jsonDuplicateKeyDecision],
    [jsonSyntaxRule.code, jsonSyntaxDecision],
    [jsonTooDeepRule.code, jsonTooDeepDecision],
    [jsonTrailingCommaRule.code, jsonTrailingCommaDecision],
    [manifestNotAnObjectRule.code, manifestNotAnObjectDecision],
    [manifestProcessOnlyRule.code, manifestProcessOnlyDecision],
    [manifestUnknownKeyRule.code, manifestUnknownKeyDecision],
    [manifestVersionRule.code, manifestVersionDecision],
    [manifestWrongTypeRule.code, manifestWrongTypeDecision],
    [pathsAbsoluteRule.code, pathsAbsoluteDecision],
    [pathsDotdotRule.code, pathsDotdotDecision],
    [permissionsFetchPrivateRule.code, permissionsFetchPrivateDecision],
    [permissionsFetchSettingDefaultRule.code, permissionsFetchSettingDefaultDecision],
    [permissionsFetchSettingUnknownRule.code, permissionsFetchSettingUnknownDecision],
    [permissionsFetchUrlRule.code, permissionsFetchUrlDecision],
    [permissionsHookParameterOnlyRule.code, permissionsHookParameterOnlyDecision],
    [permissionsListStaticGlobRule.code, permissionsListStaticGlobDecision],
    [permissionsRelativeStaticRule.code, permissionsRelativeStaticDecision],
    [permissionsUndeclaredUseRule.code, permissionsUndeclaredUseDecision],
    [permissionsUnknownKeyRule.code, permissionsUnknownKeyDecision],
    [permissionsWrongTypeRule.code, permissionsWrongTypeDecision],
    [processSandboxRule.code, processSandboxDecision],
    [processStaticFsRule.code, processStaticFsDecision],
    [settingsActionHandlerRule.code, settingsActionHandlerDecision],
    [settingsActionOnlyRule.code, settingsActionOnlyDecision],
    [settingsDefaultRule.code, settingsDefaultDecision],
    [settingsMinMaxRule.code, settingsMinMaxDecision],
    [settingsNumberOnlyRule.code, settingsNumberOnlyDecision],
    [settingsUnknownKeyRule.code, settingsUnknownKeyDecision],
    [settingsWrongTypeRule.code, settingsWrongTypeDecision],
    [toolsDuplicateIdRule.code, toolsDuplicateIdDecision],
    [toolsIdEmptyRule.code, toolsIdEmptyDecision],
    [toolsPathWithoutFormatRule.code, toolsPathWithoutFormatDecision],
    [toolsSchemaInvalidRule.code, toolsSchemaInvalidDecision],
    [toolsSchemaNotJsonRule.code, toolsSchemaNotJsonDecision],
    [toolsSchemaRefChainRule.code, toolsSchemaRefChainDecision],
    [toolsSchemaUnknownDraftRule.code, toolsSchemaUnknownDraftDecision],
    [toolsTimeoutRule.code, toolsTimeoutDecision],
    [toolsUndeclaredAnnotationsRule.code, toolsUndeclaredAnnotationsDecision],
    [toolsUndeclaredAnnotationsWriteRule.code, toolsUndeclaredAnnotationsWriteDecision],
    [toolsUnknownKeyRule.code, toolsUnknownKeyDecision],
    [toolsWrongTypeRule.code, toolsWrongTypeDecision],
    [viewsDuplicateIdRule.code, viewsDuplicateIdDecision],
    [viewsUnknownKeyRule.code, viewsUnknownKeyDecision],
    [viewsWrongTypeRule.code, viewsWrongTypeDecision],
  ];
}
