import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { runtimeRule } from './runtime';

export const runtimeDocs = ruleDocs(runtimeRule, {
  quotes: [
    manifestReference(
      'Top level',
      'runtime no "node" (default) \u2014 handlers are JavaScript files run in the app\u2019s plugin host; "process" \u2014 the plugin is its own executable, see below.',
    ),
  ],
  examples: {
    incorrect: [{ manifest: plugin(`"runtime": «"python"»`) }],
    correct: [{ manifest: plugin(`"runtime": "node"`) }],
  },
});
