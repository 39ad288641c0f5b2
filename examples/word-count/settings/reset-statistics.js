'use strict';

module.exports = async function resetStatistics(ctx) {
  await ctx.store.set('document-growth', []);
  await ctx.store.set('counts', {});
  ctx.toast('Word statistics were reset.');
};
