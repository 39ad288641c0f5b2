import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { fetchSettingTypeRule } from './fetchSettingType';

export const fetchSettingTypeDocs = ruleDocs(fetchSettingTypeRule, {
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
              "apiUrl": { "type": "info", "title": "API address", "description": "Words are looked up online." }
            }
          },
          "permissions": { "fetch": { "settings": [«"apiUrl"»] } }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "apiUrl": { "type": "string", "title": "API address", "description": "Words are looked up online." }
            }
          },
          "permissions": { "fetch": { "settings": ["apiUrl"] } }`),
      },
    ],
  },
});
