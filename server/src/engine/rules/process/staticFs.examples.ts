import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, staticFsRule } from './staticFs';

export const staticFsDocs = ruleDocs(staticFsRule, {
  decision,
  quotes: [
    manifestReference(
      'runtime: "process" \u2014 not supported',
      'a static permissions.fs.read/write rule without "parameter": true \u2014 a process plugin does its own OS I/O and never receives the ctx.fs proxy that enforces static rules, so such a rule would be silently unenforced',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "runtime": "process",
          "command": "./bin/word-count",
          "permissions": { "fs": { "read": { «"static"»: ["\${dataDir}/texts/**"] } } }`),
        fixed: {
          title: 'Add "parameter": true',
          manifest: plugin(`
            "runtime": "process",
            "command": "./bin/word-count",
            "permissions": { "fs": { "read": { "static": ["\${dataDir}/texts/**"], "parameter": true } } }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "runtime": "process",
          "command": "./bin/word-count",
          "permissions": { "fs": { "read": { "static": ["\${dataDir}/texts/**"], "parameter": true } } }`),
      },
    ],
  },
});
