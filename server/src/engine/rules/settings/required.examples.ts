import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { requiredRule } from './required';

export const requiredDocs = ruleDocs(requiredRule, {
  quotes: [
    {
      source: 'manifest-reference',
      section: 'settings{} \u2014 the plugin\u2019s settings card',
      words:
        'Keyed by setting id. Each value: { type: "string" | "boolean" | "number" | "action" | "info", title, description?,',
    },
  ],
  examples: {
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
});
