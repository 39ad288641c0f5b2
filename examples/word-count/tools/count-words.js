'use strict';
const { textStatistics, statisticsOptions } = require('../lib/text-statistics');

module.exports = async function countWords({ path }, ctx) {
  const stats = textStatistics(await ctx.fs.read(path), statisticsOptions(ctx));
  // Cached for the /word-count command, which runs outside an agent call and so is granted no path.
  const counts = (await ctx.store.get('counts')) ?? {};
  counts[path] = stats;
  await ctx.store.set('counts', counts);
  return `${path}: ${stats.words} words, ${stats.sentences} sentences, ${stats.paragraphs} paragraphs (about ${stats.readingMinutes} min to read).`;
};
