import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, fetchSettingUnknownRule } from './fetchSettingUnknown';

export const fetchSettingUnknownDocs = ruleDocs(fetchSettingUnknownRule, {
  decision,
  quotes: [
    manifestReference(
      'permissions',
      'A settings entry names a setting whose value must be a full URL (https://api.example.com/v1)',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "apiUrl": { "type": "string", "title": "API address", "default": "https://api.example.com/v1" }
            }
          },
          "permissions": { "fetch": { "settings": [«"apiURL"»] } }`),
        fixed: {
          title: 'Change to "apiUrl"',
          manifest: plugin(`
            "contributes": {
              "settings": {
                "apiUrl": { "type": "string", "title": "API address", "default": "https://api.example.com/v1" }
              }
            },
            "permissions": { "fetch": { "settings": ["apiUrl"] } }`),
        },
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
