import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, selectOptionsRule } from './selectOptions';

export const selectOptionsDocs = ruleDocs(selectOptionsRule, {
  decision,
  quotes: [
    manifestReference(
      'actions[] \u2014 right-click AI actions',
      'params[] no dialog inputs: { id, label, type: "select" | "text" | "per-file-text", options?, placeholder?, default?, required? }.',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file", "prompt": "./prompts/summarize.md",
                "params": [{ "id": "tone", "label": "Tone", "type": «"select"» }] }
            ]
          }`),
        fixed: {
          title: 'Add missing "options"',
          placeholder: true,
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md",
                  "params": [{ "id": "tone", "label": "Tone", "type": "select", "options": [] }] }
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
                "scope": "single-file", "prompt": "./prompts/summarize.md",
                "params": [
                  { "id": "tone", "label": "Tone", "type": "select", "options": ["formal", "casual"] }
                ] }
            ]
          }`),
      },
    ],
  },
});
