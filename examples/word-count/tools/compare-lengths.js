'use strict';
const { textStatistics, statisticsOptions } = require('../lib/text-statistics');

module.exports = async function compareLengths({ paths }, ctx) {
  const options = statisticsOptions(ctx);
  const rows = [];
  for (const path of paths) rows.push({ path, words: textStatistics(await ctx.fs.read(path), options).words });
  rows.sort((a, b) => b.words - a.words);
  return ['| Document | Words |', '| --- | ---: |', ...rows.map((row) => `| ${row.path} | ${row.words} |`)].join('\n');
};
