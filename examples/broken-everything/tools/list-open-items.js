'use strict';

/** Lists the unticked items; its picture of them lacks a mimeType, so the envelope reaches the agent as JSON text. */
module.exports = async function listOpenItems(args, ctx) {
  // ctx.renderHtmlToPdf would need permissions.renderHtmlToPdf: a comment is not code.
  const chart = 'iVBORw0KGgo=';
  return {
    content: [
      { type: 'text', text: 'Three open items.' },
      { type: 'image', data: chart },
    ],
  };
};
