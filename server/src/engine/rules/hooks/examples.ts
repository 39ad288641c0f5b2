import { wrongTypeDocs } from './wrongType.examples';
import { unknownKeyDocs } from './unknownKey.examples';
import { shapeDocs } from './shape.examples';
import { unknownEventDocs } from './unknownEvent.examples';

/** The quotes and examples of every rule of the area. */
export const hooksDocs = [wrongTypeDocs, unknownKeyDocs, shapeDocs, unknownEventDocs];
