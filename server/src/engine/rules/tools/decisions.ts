/**
 * The decisions of the tools.* rules that have one, by code, gathered by rules/decisions.ts: a line here for
 * each rule module of this folder with a `decision` export.
 */
import * as descriptionTooShort from './descriptionTooShort';
import * as duplicateId from './duplicateId';
import * as idEmpty from './idEmpty';
import * as pathWithoutFormat from './pathWithoutFormat';
import * as schemaInvalid from './schemaInvalid';
import * as schemaNotJson from './schemaNotJson';
import * as schemaRefChain from './schemaRefChain';
import * as schemaUnknownDraft from './schemaUnknownDraft';
import * as timeout from './timeout';
import * as undeclaredAnnotations from './undeclaredAnnotations';
import * as undeclaredAnnotationsWrite from './undeclaredAnnotationsWrite';
import * as unknownKey from './unknownKey';
import * as wrongType from './wrongType';

/** A function, so that a bundle that never calls it holds none of the decisions. */
export function toolsDecisions(): [string, string][] {
  return [
    [descriptionTooShort.descriptionTooShortRule.code, descriptionTooShort.decision],
    [duplicateId.duplicateIdRule.code, duplicateId.decision],
    [idEmpty.idEmptyRule.code, idEmpty.decision],
    [pathWithoutFormat.pathWithoutFormatRule.code, pathWithoutFormat.decision],
    [schemaInvalid.schemaInvalidRule.code, schemaInvalid.decision],
    [schemaNotJson.schemaNotJsonRule.code, schemaNotJson.decision],
    [schemaRefChain.schemaRefChainRule.code, schemaRefChain.decision],
    [schemaUnknownDraft.schemaUnknownDraftRule.code, schemaUnknownDraft.decision],
    [timeout.timeoutRule.code, timeout.decision],
    [undeclaredAnnotations.undeclaredAnnotationsRule.code, undeclaredAnnotations.decision],
    [undeclaredAnnotationsWrite.undeclaredAnnotationsWriteRule.code, undeclaredAnnotationsWrite.decision],
    [unknownKey.unknownKeyRule.code, unknownKey.decision],
    [wrongType.wrongTypeRule.code, wrongType.decision],
  ];
}
