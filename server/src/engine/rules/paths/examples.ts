import { dotdotDocs } from './dotdot.examples';
import { absoluteDocs } from './absolute.examples';

/** The quotes and examples of every rule of the area. */
export const pathsDocs = [dotdotDocs, absoluteDocs];
