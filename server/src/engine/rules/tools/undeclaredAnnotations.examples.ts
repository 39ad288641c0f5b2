import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, undeclaredAnnotationsRule } from './undeclaredAnnotations';

export const undeclaredAnnotationsDocs = ruleDocs(undeclaredAnnotationsRule, {
  decision,
  quotes: [
    manifestReference(
      'Trust and allow-lists',
      'a plugin that declares permissions.fetch, or runs as runtime: "process" (an unsandboxed native process), has its undeclared tools treated as openWorldHint: true, and the plugin loader logs a warning naming each such tool',
    ),
    manifestReference(
      'Trust and allow-lists',
      'Declare annotations on every tool so a read-only tool of a networked plugin does not ask.',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { "id": «"define_word"», "title": "Define a word", "description": "Looks a word up online.",
                "schema": "./tools/define-word.schema.json", "handler": "./tools/define-word.js" }
            ]
          },
          "permissions": { "fetch": { "static": ["api.dictionaryapi.dev"] } }`),
        fixed: {
          title: 'Declare annotations: external (openWorldHint: true)',
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "define_word", "title": "Define a word", "description": "Looks a word up online.",
                  "schema": "./tools/define-word.schema.json", "handler": "./tools/define-word.js",
                  "annotations": {
                    "openWorldHint": true
                  } }
              ]
            },
            "permissions": { "fetch": { "static": ["api.dictionaryapi.dev"] } }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { "id": "define_word", "title": "Define a word", "description": "Looks a word up online.",
                "schema": "./tools/define-word.schema.json", "handler": "./tools/define-word.js",
                "annotations": { "readOnlyHint": true, "openWorldHint": true } }
            ]
          },
          "permissions": { "fetch": { "static": ["api.dictionaryapi.dev"] } }`),
      },
    ],
  },
});
