import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, scopeEmptyRule } from './scopeEmpty';

export const scopeEmptyDocs = ruleDocs(scopeEmptyRule, {
  decision,
  quotes: [
    manifestReference(
      'actions[] \u2014 right-click AI actions',
      'scope yes "single-file", "multi-file", "folder", or an array of those.',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected files.",
                "scope": «[]», "prompt": "./prompts/summarize.md" }
            ]
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected files.",
                "scope": ["single-file", "multi-file"], "prompt": "./prompts/summarize.md" }
            ]
          }`),
      },
    ],
  },
});
