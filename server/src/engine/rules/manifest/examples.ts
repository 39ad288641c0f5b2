import { requiredDocs } from './required.examples';
import { wrongTypeDocs } from './wrongType.examples';
import { unknownKeyDocs } from './unknownKey.examples';
import { notAnObjectDocs } from './notAnObject.examples';
import { nameDocs } from './name.examples';
import { versionDocs } from './version.examples';
import { capabilitiesDocs } from './capabilities.examples';
import { runtimeDocs } from './runtime.examples';
import { commandRequiredDocs } from './commandRequired.examples';
import { commandAbsoluteDocs } from './commandAbsolute.examples';
import { processOnlyDocs } from './processOnly.examples';

/** The quotes and examples of every rule of the area. */
export const manifestDocs = [
  requiredDocs,
  wrongTypeDocs,
  unknownKeyDocs,
  notAnObjectDocs,
  nameDocs,
  versionDocs,
  capabilitiesDocs,
  runtimeDocs,
  commandRequiredDocs,
  commandAbsoluteDocs,
  processOnlyDocs,
];
