import { wrongTypeDocs } from './wrongType.examples';
import { unknownKeyDocs } from './unknownKey.examples';
import { relativeStaticDocs } from './relativeStatic.examples';
import { listStaticGlobDocs } from './listStaticGlob.examples';
import { fetchUrlDocs } from './fetchUrl.examples';
import { fetchPrivateDocs } from './fetchPrivate.examples';
import { fetchSettingUnknownDocs } from './fetchSettingUnknown.examples';
import { fetchSettingTypeDocs } from './fetchSettingType.examples';
import { fetchSettingDefaultDocs } from './fetchSettingDefault.examples';
import { parameterWithoutPathPropertyDocs } from './parameterWithoutPathProperty.examples';
import { undeclaredUseDocs } from './undeclaredUse.examples';
import { hookParameterOnlyDocs } from './hookParameterOnly.examples';

/** The quotes and examples of every rule of the area. */
export const permissionsDocs = [
  wrongTypeDocs,
  unknownKeyDocs,
  relativeStaticDocs,
  listStaticGlobDocs,
  fetchUrlDocs,
  fetchPrivateDocs,
  fetchSettingUnknownDocs,
  fetchSettingTypeDocs,
  fetchSettingDefaultDocs,
  parameterWithoutPathPropertyDocs,
  undeclaredUseDocs,
  hookParameterOnlyDocs,
];
