import { countWordsFiles, countWordsPlugin, envelopeHandler } from '../examples';
import { manifestReference, toolsGuide } from '../reference';
import { ruleDocs } from '../ruleDocs';
import { decision, malformedEnvelopeRule } from './malformedEnvelope';

export const malformedEnvelopeDocs = ruleDocs(malformedEnvelopeRule, {
  decision,
  quotes: [
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'A handler that returns an MCP content envelope \u2014 { content: [ { type: "text", text }, { type: "image", data: <base64>, mimeType: "image/\u2026" } ] }, every block well-formed \u2014 is forwarded verbatim',
    ),
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'A malformed envelope falls back to the text wrapping; nothing is dropped silently.',
    ),
    toolsGuide(
      'Handler result shapes',
      'Each block in content must be well-formed. A malformed envelope falls back to the plain text wrapping \u2014 nothing is dropped silently.',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: countWordsPlugin(),
        files: { ...countWordsFiles, 'tools/count-words.js': envelopeHandler("{ type: «'text'», value: count }") },
      },
    ],
    correct: [
      {
        manifest: countWordsPlugin(),
        files: { ...countWordsFiles, 'tools/count-words.js': envelopeHandler("{ type: 'text', text: count }") },
      },
    ],
  },
});
