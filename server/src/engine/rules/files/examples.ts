import { missingDocs } from './missing.examples';
import { emptyDocs } from './empty.examples';
import { notAFileDocs } from './notAFile.examples';
import { outsideDocs } from './outside.examples';
import { unreadableDocs } from './unreadable.examples';
import { notCheckedDocs } from './notChecked.examples';

/** The quotes and examples of every rule of the area. */
export const filesDocs = [missingDocs, emptyDocs, notAFileDocs, outsideDocs, unreadableDocs, notCheckedDocs];
