'use strict';

/** Its ctx is called `context`: still ctx, and `permissions.log` is not declared. */
module.exports = async function summarizeNotes({ path }, context) {
  const text = await context.fs.read(path);
  context.log.info(`summarize-notes: ${text.length} characters`);
  return text.split('\n').slice(0, 5).join('\n');
};
