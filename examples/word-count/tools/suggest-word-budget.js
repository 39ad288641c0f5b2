'use strict';
const { textStatistics, statisticsOptions } = require('../lib/text-statistics');

/** How much of the text each tone keeps: formal writing tolerates longer sentences. */
const keepRatio = { plain: 0.7, friendly: 0.75, formal: 0.85 };

module.exports = async function suggestWordBudget({ path, tone = 'plain' }, ctx) {
  const { words } = textStatistics(await ctx.fs.read(path), statisticsOptions(ctx));
  // Round to a number a person would pick.
  return String(Math.max(50, Math.round((words * keepRatio[tone]) / 50) * 50));
};
