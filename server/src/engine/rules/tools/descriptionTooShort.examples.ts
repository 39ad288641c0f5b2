import { manifestReference, toolsGuide } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, descriptionTooShortRule } from './descriptionTooShort';

export const descriptionTooShortDocs = ruleDocs(descriptionTooShortRule, {
  decision,
  quotes: [
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'description is what the model reads when choosing a tool.',
    ),
    toolsGuide(
      'Writing the description for the model',
      'it\u2019s the only thing the model sees when choosing between tools. Say what the tool does and when to use it',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { "id": "count_words", "title": "Count words", "description": «"Counts words."»,
                "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                "annotations": { "readOnlyHint": true } }
            ]
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { "id": "count_words", "title": "Count words", "description":
                "Counts the words in a text file. Use when the user asks how long a document is.",
                "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                "annotations": { "readOnlyHint": true } }
            ]
          }`),
      },
    ],
  },
  whySeverity:
    'A hint is what works as written but may not work as its author means: Filer loads the tool and the agent can call it, and only whether the model picks it for the right turn is at stake.',
});
