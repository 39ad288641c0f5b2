import type { Area } from '../shape/shapeFindings';
import { plugin, text, countWordsPlugin } from './examples';
import type { FixedRuleExamples, PlainRuleExamples } from './rule';

/** The examples of the shape rules every area has (shape.ts): `<area>.required`, `.wrong-type`, `.unknown-key`. */

/** `<area>.required` (hooks and permissions have no required field). */
export const requiredExamples: Record<Exclude<Area, 'hooks' | 'permissions'>, FixedRuleExamples> = {
  manifest: {
    incorrect: [
      {
        manifest: text(`
          «{»
            "name": "word-count",
            "displayName": "Word Count"
          }`),
        fixed: {
          title: 'Add missing "version"',
          manifest: text(`
            {
              "name": "word-count",
              "displayName": "Word Count",
              "version": "0.1.0"
            }`),
        },
      },
    ],
    correct: [{ manifest: plugin(`"description": "Counts the words in a text file."`) }],
  },
  tools: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              «{» "id": "count_words", "description": "Counts the words in a text file.",
                "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                "annotations": { "readOnlyHint": true } }
            ]
          }`),
        fixed: {
          title: 'Add missing "title"',
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "count_words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                  "annotations": { "readOnlyHint": true },
                  "title": "" }
              ]
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: countWordsPlugin({ permissions: null }),
      },
    ],
  },
  actions: {
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
  settings: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              «"language"»: { "type": "string", "default": "en" }
            }
          }`),
        fixed: {
          title: 'Add missing "title"',
          manifest: plugin(`
            "contributes": {
              "settings": {
                "language": { "type": "string", "default": "en", "title": "" }
              }
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "language": { "type": "string", "title": "Language", "default": "en" }
            }
          }`),
      },
    ],
  },
  commands: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "commands": [
              «{» "id": "word-count", "handler": "./commands/word-count.js" }
            ]
          }`),
        fixed: {
          title: 'Add missing "title"',
          manifest: plugin(`
            "contributes": {
              "commands": [
                { "id": "word-count", "handler": "./commands/word-count.js", "title": "" }
              ]
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "commands": [
              { "id": "word-count", "title": "Word count", "handler": "./commands/word-count.js" }
            ]
          }`),
      },
    ],
  },
  views: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "views": [
              «{» "title": "Word statistics", "location": "sidebar" }
            ]
          }`),
        fixed: {
          title: 'Add missing "id"',
          manifest: plugin(`
            "contributes": {
              "views": [
                { "title": "Word statistics", "location": "sidebar", "id": "" }
              ]
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "views": [
              { "id": "word-stats", "title": "Word statistics", "location": "sidebar" }
            ]
          }`),
      },
    ],
  },
};

/** `<area>.wrong-type`. */
export const wrongTypeExamples: Record<Area, PlainRuleExamples> = {
  manifest: {
    incorrect: [{ manifest: plugin(`"keywords": «"words"»`) }],
    correct: [{ manifest: plugin(`"keywords": ["words", "count"]`) }],
  },
  tools: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                "annotations": { "readOnlyHint": true }, "fileExtensions": «".md"» }
            ]
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                "annotations": { "readOnlyHint": true }, "fileExtensions": [".md"] }
            ]
          }`),
      },
    ],
  },
  actions: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file", "prompt": "./prompts/summarize.md", "fileExtensions": «".md"» }
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
                "scope": "single-file", "prompt": "./prompts/summarize.md", "fileExtensions": [".md"] }
            ]
          }`),
      },
    ],
  },
  settings: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "apiKey": { "type": "string", "title": "API key", "secret": «"yes"» }
            }
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "apiKey": { "type": "string", "title": "API key", "secret": true }
            }
          }`),
      },
    ],
  },
  hooks: {
    incorrect: [{ manifest: plugin(`"contributes": { "hooks": «["./hooks/done.js"]» }`) }],
    correct: [{ manifest: plugin(`"contributes": { "hooks": { "onAgentComplete": "./hooks/done.js" } }`) }],
  },
  commands: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "commands": [
              { "id": "word-count", "title": "Word count", "handler": "./commands/wc.js", "contexts": «"chat"» }
            ]
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "commands": [
              { "id": "word-count", "title": "Word count", "handler": "./commands/wc.js", "contexts": ["chat"] }
            ]
          }`),
      },
    ],
  },
  views: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "views": [
              { "id": "word-stats", "title": "Word statistics", "location": «["sidebar"]» }
            ]
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "views": [
              { "id": "word-stats", "title": "Word statistics", "location": "sidebar" }
            ]
          }`),
      },
    ],
  },
  permissions: {
    incorrect: [{ manifest: plugin(`"permissions": { "store": «"yes"» }`) }],
    correct: [{ manifest: plugin(`"permissions": { "store": true }`) }],
  },
};

/** `<area>.unknown-key`. */
export const unknownKeyExamples: Record<Area, FixedRuleExamples> = {
  manifest: {
    incorrect: [
      {
        manifest: plugin(`«"descripton"»: "Counts the words in a text file."`),
        fixed: {
          title: 'Change to "description"',
          manifest: plugin(`
            "description": "Counts the words in a text file."`),
        },
      },
    ],
    correct: [{ manifest: plugin(`"description": "Counts the words in a text file."`) }],
  },
  tools: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                "annotations": { "readOnlyHint": true }, «"timout"»: "30s" }
            ]
          }`),
        fixed: {
          title: 'Change to "timeout"',
          manifest: plugin(`
            "contributes": {
              "tools": [
                { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                  "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                  "annotations": { "readOnlyHint": true }, "timeout": "30s" }
              ]
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "tools": [
              { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
                "schema": "./tools/count-words.schema.json", "handler": "./tools/count-words.js",
                "annotations": { "readOnlyHint": true }, "timeout": "30s" }
            ]
          }`),
      },
    ],
  },
  actions: {
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
  settings: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "apiKey": { "type": "string", "title": "API key", «"secrets"»: true }
            }
          }`),
        fixed: {
          title: 'Change to "secret"',
          manifest: plugin(`
            "contributes": {
              "settings": {
                "apiKey": { "type": "string", "title": "API key", "secret": true }
              }
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "apiKey": { "type": "string", "title": "API key", "secret": true }
            }
          }`),
      },
    ],
  },
  hooks: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "hooks": {
              "onAgentComplete": { "handler": "./hooks/done.js", «"filters"»: { "status": "success" } }
            }
          }`),
        fixed: {
          title: 'Change to "filter"',
          manifest: plugin(`
            "contributes": {
              "hooks": {
                "onAgentComplete": { "handler": "./hooks/done.js", "filter": { "status": "success" } }
              }
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "hooks": {
              "onAgentComplete": { "handler": "./hooks/done.js", "filter": { "status": "success" } }
            }
          }`),
      },
    ],
  },
  commands: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "commands": [
              { "id": "word-count", "title": "Word count", «"handlr"»: "./commands/word-count.js" }
            ]
          }`),
        fixed: {
          title: 'Change to "handler"',
          manifest: plugin(`
            "contributes": {
              "commands": [
                { "id": "word-count", "title": "Word count", "handler": "./commands/word-count.js" }
              ]
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "commands": [
              { "id": "word-count", "title": "Word count", "handler": "./commands/word-count.js" }
            ]
          }`),
      },
    ],
  },
  views: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "views": [
              { "id": "word-stats", "title": "Word statistics", «"locaton"»: "sidebar" }
            ]
          }`),
        fixed: {
          title: 'Change to "location"',
          manifest: plugin(`
            "contributes": {
              "views": [
                { "id": "word-stats", "title": "Word statistics", "location": "sidebar" }
              ]
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "views": [
              { "id": "word-stats", "title": "Word statistics", "location": "sidebar" }
            ]
          }`),
      },
    ],
  },
  permissions: {
    incorrect: [
      {
        manifest: plugin(`"permissions": { «"toasts"»: true }`),
        fixed: {
          title: 'Change to "toast"',
          manifest: plugin(`
            "permissions": { "toast": true }`),
        },
      },
    ],
    correct: [{ manifest: plugin(`"permissions": { "toast": true }`) }],
  },
};
