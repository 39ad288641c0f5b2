import { countWordsFiles, countWordsPlugin } from '../examples';
import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { decision, notCheckedRule } from './notChecked';

export const notCheckedDocs = ruleDocs(notCheckedRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: countWordsPlugin(),
        files: {
          ...countWordsFiles,
          'tools/count-words.js': `«»module.exports = async (args, ctx) => [await ctx.fs.read(args.path), ${'['.repeat(5000)}];\n`,
        },
      },
    ],
    correct: [
      {
        manifest: countWordsPlugin(),
        files: {
          ...countWordsFiles,
          'tools/count-words.js': `module.exports = async (args, ctx) => [await ctx.fs.read(args.path), ${'['.repeat(50)}${']'.repeat(50)}];\n`,
        },
      },
    ],
  },
});
