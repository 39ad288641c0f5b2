import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { requiredRule } from './required';

export const requiredDocs = ruleDocs(requiredRule, {
  quotes: [
    { source: 'manifest-reference', section: 'actions[] \u2014 right-click AI actions', words: 'id yes kebab-case.' },
    {
      source: 'manifest-reference',
      section: 'actions[] \u2014 right-click AI actions',
      words: 'title, description yes shown in the context menu / action dialog.',
    },
    {
      source: 'manifest-reference',
      section: 'actions[] \u2014 right-click AI actions',
      words: 'scope yes "single-file", "multi-file", "folder", or an array of those.',
    },
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              «{» "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "prompt": "./prompts/summarize.md" }
            ]
          }`),
        fixed: {
          title: 'Add missing "scope"',
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "prompt": "./prompts/summarize.md",
                  "scope": "single-file" }
              ]
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file", "prompt": "./prompts/summarize.md" }
            ]
          }`),
      },
    ],
  },
});
