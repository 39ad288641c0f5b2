import { defineRule } from '../rule';
import { envelopeWords, type InToolHandler } from './shared';
import { type EnvelopeProblem, envelopeSchemaVersion } from '../../handlers/resultShape';

// Marked pure: esbuild keeps a template that reads a constant even where it is not used (the server's bundle),
// lest its substitution's toString do something.
export const decision = /* @__PURE__ */ (() =>
  `Judged by MCP\u2019s own schema (CallToolResult, from the specification\u2019s schema.json of ${envelopeSchemaVersion}), ` +
  'on what the code writes out: an object literal the handler returns (each branch of a conditional) that holds `content`. With `content` an array literal it is judged whatever else it holds; with `content` written as something else, only when it holds nothing but CallToolResult\u2019s fields (`{ path, content: text }` is a plain result, wrapped as text as meant). Every block type MCP defines, their required fields and the types of all their fields, `annotations`, `_meta`, a resource\u2019s contents (`text` or `blob`, and `uri`), `isError`; an image\u2019s or audio\u2019s `data` and a `blob` must be base64 (a `data:` URL is the usual mistake), a `uri` an absolute URI; a field written as `undefined` is missing, as JSON leaves it out. `resultType`, which MCP requires of a server, is not asked of a handler: Filer, the server, sets it. Whatever is computed at run time (a variable, a call, a spread, a type in a variable) is not judged.')();

export const malformedEnvelopeRule = defineRule({
  code: 'handlers.malformed-envelope',
  severity: 'warning',
  description:
    'A handler that returns an MCP content envelope has it forwarded verbatim only when every block is well-formed: a malformed envelope falls back to the plain text wrapping.',
  message: ({ problem }: InToolHandler & { problem: EnvelopeProblem }) =>
    `${envelopeWords(problem)} Filer then wraps the whole returned object as text, so the agent gets it as one JSON text, not as its blocks.`,
});
