import { countWordsFiles, countWordsPlugin } from '../examples';
import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { decision, unusedSuppressionRule } from './unusedSuppression';

/** The word-count handler returning `block`, under a comment that accepts a malformed envelope (written `code`). */
const acceptingHandler = (code: string | undefined, block: string) => `module.exports = async ({ path }, ctx) => {
  const count = String((await ctx.fs.read(path)).split(/\\s+/).filter(Boolean).length);
${code === undefined ? '' : `  // filer-manifest-disable-next-line ${code} -- our agent reads the count from "value"\n`}  return { content: [${block}] };
};
`;

export const unusedSuppressionDocs = ruleDocs(unusedSuppressionRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: countWordsPlugin(),
        files: {
          ...countWordsFiles,
          'tools/count-words.js': acceptingHandler('«handlers.malformed-envelope»', "{ type: 'text', text: count }"),
        },
        fixed: {
          title: 'Remove this unused suppression',
          manifest: countWordsPlugin(),
          editedFiles: { 'tools/count-words.js': acceptingHandler(undefined, "{ type: 'text', text: count }") },
        },
      },
    ],
    correct: [
      {
        manifest: countWordsPlugin(),
        files: {
          ...countWordsFiles,
          'tools/count-words.js': acceptingHandler('handlers.malformed-envelope', "{ type: 'text', value: count }"),
        },
      },
    ],
  },
});
