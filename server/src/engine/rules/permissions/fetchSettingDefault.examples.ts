import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, fetchSettingDefaultRule } from './fetchSettingDefault';

export const fetchSettingDefaultDocs = ruleDocs(fetchSettingDefaultRule, {
  decision,
  quotes: [
    manifestReference(
      'permissions',
      'the host is taken from it with a URL parse, so a bare host name stored in the setting parses as nothing and grants nothing.',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "apiUrl": { "type": "string", "title": "API address", "default": «"api.example.com"» }
            }
          },
          "permissions": { "fetch": { "settings": ["apiUrl"] } }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "apiUrl": { "type": "string", "title": "API address", "default": "https://api.example.com/v1" }
            }
          },
          "permissions": { "fetch": { "settings": ["apiUrl"] } }`),
      },
    ],
  },
});
