import { requiredDocs } from './required.examples';
import { wrongTypeDocs } from './wrongType.examples';
import { unknownKeyDocs } from './unknownKey.examples';
import { duplicateIdDocs } from './duplicateId.examples';

/** The quotes and examples of every rule of the area. */
export const commandsDocs = [requiredDocs, wrongTypeDocs, unknownKeyDocs, duplicateIdDocs];
