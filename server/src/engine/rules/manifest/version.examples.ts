import { manifestReference } from '../reference';
import { text } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, versionRule } from './version';

export const versionDocs = ruleDocs(versionRule, {
  decision,
  quotes: [manifestReference('Top level', 'version yes semver MAJOR.MINOR.PATCH with an optional -prerelease suffix.')],
  examples: {
    incorrect: [
      {
        manifest: text(`
          {
            "name": "word-count",
            "displayName": "Word Count",
            "version": «"1.0"»
          }`),
      },
    ],
    correct: [
      {
        manifest: text(`
          {
            "name": "word-count",
            "displayName": "Word Count",
            "version": "1.0.0-beta.1"
          }`),
      },
    ],
  },
});
