import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, undeclaredAnnotationsWriteRule } from './undeclaredAnnotationsWrite';

export const undeclaredAnnotationsWriteDocs = ruleDocs(undeclaredAnnotationsWriteRule, {
  decision,
  quotes: [
    manifestReference(
      'Trust and allow-lists',
      'a plugin that declares permissions.fs.write has them treated as readOnlyHint: false.',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { "id": «"save_count"», "title": "Save the count", "description": "Writes the count beside the file.",
                "schema": "./tools/save-count.schema.json", "handler": "./tools/save-count.js" }
            ]
          },
          "permissions": { "fs": { "write": { "parameter": true } } }`),
        fixed: {
          title: 'Declare annotations: read (readOnlyHint: true)',
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "save_count", "title": "Save the count", "description": "Writes the count beside the file.",
                  "schema": "./tools/save-count.schema.json", "handler": "./tools/save-count.js",
                  "annotations": {
                    "readOnlyHint": true
                  } }
              ]
            },
            "permissions": { "fs": { "write": { "parameter": true } } }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { "id": "save_count", "title": "Save the count", "description": "Writes the count beside the file.",
                "schema": "./tools/save-count.schema.json", "handler": "./tools/save-count.js",
                "annotations": { "readOnlyHint": false } }
            ]
          },
          "permissions": { "fs": { "write": { "parameter": true } } }`),
      },
    ],
  },
});
