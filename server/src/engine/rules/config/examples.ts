import { syntaxDocs } from './syntax.examples';
import { unreadableDocs } from './unreadable.examples';
import { fieldTypeDocs } from './fieldType.examples';
import { unknownFieldDocs } from './unknownField.examples';
import { missingFieldDocs } from './missingField.examples';
import { unknownRuleDocs } from './unknownRule.examples';
import { severityDocs } from './severity.examples';
import { globInvalidDocs } from './globInvalid.examples';
import { globMatchesNothingDocs } from './globMatchesNothing.examples';
import { pointerDocs } from './pointer.examples';
import { unusedSuppressionDocs } from './unusedSuppression.examples';

/** The quotes and examples of every rule of the area. */
export const configDocs = [
  syntaxDocs,
  unreadableDocs,
  fieldTypeDocs,
  unknownFieldDocs,
  missingFieldDocs,
  unknownRuleDocs,
  severityDocs,
  globInvalidDocs,
  globMatchesNothingDocs,
  pointerDocs,
  unusedSuppressionDocs,
];
