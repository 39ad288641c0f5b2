import { undeclaredPermissionDocs } from './undeclaredPermission.examples';
import { parameterGrantsNothingDocs } from './parameterGrantsNothing.examples';
import { unknownArgumentDocs } from './unknownArgument.examples';
import { malformedEnvelopeDocs } from './malformedEnvelope.examples';
import { notCheckedDocs } from './notChecked.examples';
import { unusedSuppressionDocs } from './unusedSuppression.examples';

/** The quotes and examples of every rule of the area. */
export const handlersDocs = [
  undeclaredPermissionDocs,
  parameterGrantsNothingDocs,
  unknownArgumentDocs,
  malformedEnvelopeDocs,
  notCheckedDocs,
  unusedSuppressionDocs,
];
