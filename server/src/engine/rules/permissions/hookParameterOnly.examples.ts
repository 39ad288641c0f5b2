import { countWordsFiles, doneHook, plugin } from '../examples';
import { manifestReference } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { decision, hookParameterOnlyRule } from './hookParameterOnly';

export const hookParameterOnlyDocs = ruleDocs(hookParameterOnlyRule, {
  decision,
  quotes: [
    manifestReference(
      'permissions',
      'Hook handlers receive the same wrapped ctx with an empty grant set and no calling-agent folder, so inside a hook parameter: true grants nothing \u2014 only static rules (and deny) apply there.',
    ),
    manifestReference('Trust and allow-lists', 'a plugin\u2019s hooks, commands and views are not agent turns'),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
                        "contributes": {
                          "tools": [
                            { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                              "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                              "annotations": { "readOnlyHint": true } }
                          ],
                          "hooks": { "onAgentComplete": «"./hooks/done.js"» }
                        },
                        "permissions": { "fs": { "read": { "parameter": true }, "write": { "parameter": true } } }`),
        files: { ...countWordsFiles, 'hooks/done.js': doneHook },
        alsoReported: ['handlers.parameter-grants-nothing'],
      },
    ],
    correct: [
      {
        manifest: plugin(`
                        "contributes": {
                          "tools": [
                            { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                              "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                              "annotations": { "readOnlyHint": true } }
                          ],
                          "hooks": { "onAgentComplete": "./hooks/done.js" }
                        },
                        "permissions": {
                          "fs": { "read": { "parameter": true }, "write": { "static": ["\${dataDir}/last-run.txt"] } }
                        }`),
        files: { ...countWordsFiles, 'hooks/done.js': doneHook },
      },
    ],
  },
});
