import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { viewsRule } from './views';

export const viewsDocs = ruleDocs(viewsRule, {
  quotes: [
    manifestReference(
      'runtime: "process" \u2014 not supported',
      'The following are rejected under this runtime, each with its own message: contributes.hooks (non-empty), contributes.views (non-empty)',
    ),
    manifestReference('views[] \u2014 plugin-contributed panels', 'Not available under runtime: "process".'),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "runtime": "process",
          "command": "./bin/word-count",
          "contributes": {
            «"views"»: [{ "id": "word-stats", "title": "Word statistics" }]
          }`),
        fixed: {
          title: 'Remove "views"',
          manifest: plugin(`
            "runtime": "process",
            "command": "./bin/word-count",
            "contributes": {}`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "views": [{ "id": "word-stats", "title": "Word statistics" }]
          }`),
      },
    ],
  },
});
