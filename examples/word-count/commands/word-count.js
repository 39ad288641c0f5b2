'use strict';

/** Shows the last count of the open document; the Count words action refreshes it. */
module.exports = async function wordCountCommand({ file }, ctx) {
  const stats = ((await ctx.store.get('counts')) ?? {})[file];
  ctx.toast(stats ? `${stats.words} words · about ${stats.readingMinutes} min to read` : 'Not counted yet: right-click the file and choose Count words.');
};
