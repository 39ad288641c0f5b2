import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, processOnlyRule } from './processOnly';

export const processOnlyDocs = ruleDocs(processOnlyRule, {
  decision,
  quotes: [manifestReference('Top level', 'command, args[] process only')],
  examples: {
    incorrect: [{ manifest: plugin(`«"args"»: ["--stdio"]`) }],
    correct: [{ manifest: plugin(`"runtime": "process",\n"command": "./bin/word-count",\n"args": ["--stdio"]`) }],
  },
});
