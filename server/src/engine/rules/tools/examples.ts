import { requiredDocs } from './required.examples';
import { wrongTypeDocs } from './wrongType.examples';
import { unknownKeyDocs } from './unknownKey.examples';
import { idDotDocs } from './idDot.examples';
import { idEmptyDocs } from './idEmpty.examples';
import { legacyShapeDocs } from './legacyShape.examples';
import { handlerRequiredDocs } from './handlerRequired.examples';
import { annotationsDocs } from './annotations.examples';
import { timeoutDocs } from './timeout.examples';
import { duplicateIdDocs } from './duplicateId.examples';
import { undeclaredAnnotationsDocs } from './undeclaredAnnotations.examples';
import { undeclaredAnnotationsWriteDocs } from './undeclaredAnnotationsWrite.examples';
import { schemaNotJsonDocs } from './schemaNotJson.examples';
import { schemaInvalidDocs } from './schemaInvalid.examples';
import { schemaUnknownDraftDocs } from './schemaUnknownDraft.examples';
import { pathWithoutFormatDocs } from './pathWithoutFormat.examples';
import { schemaRefChainDocs } from './schemaRefChain.examples';
import { descriptionTooShortDocs } from './descriptionTooShort.examples';

/** The quotes and examples of every rule of the area. */
export const toolsDocs = [
  requiredDocs,
  wrongTypeDocs,
  unknownKeyDocs,
  idDotDocs,
  idEmptyDocs,
  legacyShapeDocs,
  handlerRequiredDocs,
  annotationsDocs,
  timeoutDocs,
  duplicateIdDocs,
  undeclaredAnnotationsDocs,
  undeclaredAnnotationsWriteDocs,
  schemaNotJsonDocs,
  schemaInvalidDocs,
  schemaUnknownDraftDocs,
  pathWithoutFormatDocs,
  schemaRefChainDocs,
  descriptionTooShortDocs,
];
