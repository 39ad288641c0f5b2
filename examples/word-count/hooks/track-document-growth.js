'use strict';

/** Remembers how many files each run changed, for the Word statistics view. */
module.exports = async function trackDocumentGrowth(event, ctx) {
  const history = (await ctx.store.get('document-growth')) ?? [];
  history.push({ at: new Date().toISOString(), folder: event.folder, changedFiles: event.changedFiles?.length ?? 0 });
  await ctx.store.set('document-growth', history.slice(-500));
};
