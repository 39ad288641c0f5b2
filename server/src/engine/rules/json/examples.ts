import { syntaxDocs } from './syntax.examples';
import { commentDocs } from './comment.examples';
import { trailingCommaDocs } from './trailingComma.examples';
import { duplicateKeyDocs } from './duplicateKey.examples';
import { tooDeepDocs } from './tooDeep.examples';

/** The quotes and examples of every rule of the area. */
export const jsonDocs = [syntaxDocs, commentDocs, trailingCommaDocs, duplicateKeyDocs, tooDeepDocs];
