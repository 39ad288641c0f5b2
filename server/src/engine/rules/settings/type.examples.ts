import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { typeRule } from './type';

export const typeDocs = ruleDocs(typeRule, {
  quotes: [
    manifestReference(
      'settings{} \u2014 the plugin\u2019s settings card',
      'Each value: { type: "string" | "boolean" | "number" | "action" | "info", title,',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "language": { "type": «"text"», "title": "Language", "default": "en" }
            }
          }`),
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
