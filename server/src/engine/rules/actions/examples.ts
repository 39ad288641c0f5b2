import { requiredDocs } from './required.examples';
import { wrongTypeDocs } from './wrongType.examples';
import { unknownKeyDocs } from './unknownKey.examples';
import { idDocs } from './id.examples';
import { scopeDocs } from './scope.examples';
import { scopeEmptyDocs } from './scopeEmpty.examples';
import { kindDocs } from './kind.examples';
import { toolScopeDocs } from './toolScope.examples';
import { multiFileModeDocs } from './multiFileMode.examples';
import { paramTypeDocs } from './paramType.examples';
import { promptRequiredDocs } from './promptRequired.examples';
import { promptForbiddenDocs } from './promptForbidden.examples';
import { toolIdRequiredDocs } from './toolIdRequired.examples';
import { toolIdUnknownDocs } from './toolIdUnknown.examples';
import { toolIdIgnoredDocs } from './toolIdIgnored.examples';
import { toolScopeForbiddenDocs } from './toolScopeForbidden.examples';
import { multiFileModeIgnoredDocs } from './multiFileModeIgnored.examples';
import { duplicateIdDocs } from './duplicateId.examples';
import { duplicateParamIdDocs } from './duplicateParamId.examples';
import { selectOptionsDocs } from './selectOptions.examples';
import { generateActionUnknownDocs } from './generateActionUnknown.examples';
import { generateActionNotToolDocs } from './generateActionNotTool.examples';
import { generatePopulateDocs } from './generatePopulate.examples';
import { generateForwardDocs } from './generateForward.examples';
import { hiddenUnreachableDocs } from './hiddenUnreachable.examples';
import { batchWithoutArrayDocs } from './batchWithoutArray.examples';

/** The quotes and examples of every rule of the area. */
export const actionsDocs = [
  requiredDocs,
  wrongTypeDocs,
  unknownKeyDocs,
  idDocs,
  scopeDocs,
  scopeEmptyDocs,
  kindDocs,
  toolScopeDocs,
  multiFileModeDocs,
  paramTypeDocs,
  promptRequiredDocs,
  promptForbiddenDocs,
  toolIdRequiredDocs,
  toolIdUnknownDocs,
  toolIdIgnoredDocs,
  toolScopeForbiddenDocs,
  multiFileModeIgnoredDocs,
  duplicateIdDocs,
  duplicateParamIdDocs,
  selectOptionsDocs,
  generateActionUnknownDocs,
  generateActionNotToolDocs,
  generatePopulateDocs,
  generateForwardDocs,
  hiddenUnreachableDocs,
  batchWithoutArrayDocs,
];
