/** A word-count plugin's files, the schema's `text` property behind a chain of `links` local $refs. */
export function refChainFiles(links: number): Record<string, string> {
  const definitions: Record<string, unknown> = {};
  for (let i = 0; i < links; i++)
    definitions[`link${i}`] = i + 1 < links ? { $ref: `#/definitions/link${i + 1}` } : { type: 'string' };
  const schema = {
    type: 'object',
    definitions,
    properties: { text: { $ref: '#/definitions/link0' } },
    required: ['text'],
  };
  return {
    'tools/count-words.schema.json': `${JSON.stringify(schema, null, 2)}\n`,
    'tools/count-words.js': 'module.exports = async ({ text }) => String(text.split(/\\s+/).filter(Boolean).length);\n',
  };
}
