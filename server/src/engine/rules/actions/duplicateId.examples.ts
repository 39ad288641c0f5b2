import { notInTheReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, duplicateIdRule } from './duplicateId';

export const duplicateIdDocs = ruleDocs(duplicateIdRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file", "prompt": "./prompts/summarize.md" },
              { "id": «"summarize"», "title": "Summarize all", "description": "Summarizes every file.",
                "scope": "folder", "prompt": "./prompts/summarize-folder.md" }
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
                "scope": "single-file", "prompt": "./prompts/summarize.md" },
              { "id": "summarize-folder", "title": "Summarize all", "description": "Summarizes every file.",
                "scope": "folder", "prompt": "./prompts/summarize-folder.md" }
            ]
          }`),
      },
    ],
  },
});
