import { plugin } from '../examples';
import { notInTheReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { decision, unknownKeyRule } from './unknownKey';

export const unknownKeyDocs = ruleDocs(unknownKeyRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file", "prompt": "./prompts/summarize.md", «"fileExtension"»: [".md"] }
            ]
          }`),
        fixed: {
          title: 'Change to "fileExtensions"',
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md", "fileExtensions": [".md"] }
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
                "scope": "single-file", "prompt": "./prompts/summarize.md", "fileExtensions": [".md"] }
            ]
          }`),
      },
    ],
  },
});
