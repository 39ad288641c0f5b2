import { moreDocs } from './more.examples';
import { fileTooLargeDocs } from './fileTooLarge.examples';
import { tooManyValuesDocs } from './tooManyValues.examples';
import { checkFailedDocs } from './checkFailed.examples';

/** The quotes and examples of every rule of the area. */
export const diagnosticsDocs = [moreDocs, fileTooLargeDocs, tooManyValuesDocs, checkFailedDocs];
