import { requiredDocs } from './required.examples';
import { wrongTypeDocs } from './wrongType.examples';
import { unknownKeyDocs } from './unknownKey.examples';
import { typeDocs } from './type.examples';
import { variantDocs } from './variant.examples';
import { actionHandlerDocs } from './actionHandler.examples';
import { actionOnlyDocs } from './actionOnly.examples';
import { minMaxDocs } from './minMax.examples';
import { numberOnlyDocs } from './numberOnly.examples';
import { defaultDocs } from './default.examples';

/** The quotes and examples of every rule of the area. */
export const settingsDocs = [
  requiredDocs,
  wrongTypeDocs,
  unknownKeyDocs,
  typeDocs,
  variantDocs,
  actionHandlerDocs,
  actionOnlyDocs,
  minMaxDocs,
  numberOnlyDocs,
  defaultDocs,
];
