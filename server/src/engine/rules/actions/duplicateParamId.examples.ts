import { notInTheReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, duplicateParamIdRule } from './duplicateParamId';

export const duplicateParamIdDocs = ruleDocs(duplicateParamIdRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file", "prompt": "./prompts/summarize.md",
                "params": [
                  { "id": "length", "label": "Length", "type": "select", "options": ["short", "long"] },
                  { "id": «"length"», "label": "Words at most", "type": "text" }
                ] }
            ]
          }`),
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
                  { "id": "length", "label": "Length", "type": "select", "options": ["short", "long"] },
                  { "id": "max-words", "label": "Words at most", "type": "text" }
                ] }
            ]
          }`),
      },
    ],
  },
});
