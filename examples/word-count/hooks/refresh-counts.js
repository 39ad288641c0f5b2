'use strict';

/** Drops the cached count of a document that changed, so the view shows fresh numbers. */
module.exports = async function refreshCounts(event, ctx) {
  const cached = (await ctx.store.get('counts')) ?? {};
  delete cached[event.path];
  await ctx.store.set('counts', cached);
  ctx.log(`word-count: ${event.path} changed; its count will be recomputed.`);
};
