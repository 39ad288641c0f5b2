'use strict';
const { textStatistics, statisticsOptions } = require('../lib/text-statistics');

module.exports = async function writeLengthReport({ documentPath, reportPath }, ctx) {
  const stats = textStatistics(await ctx.fs.read(documentPath), statisticsOptions(ctx));
  const report = [
    `# Length of ${documentPath}`,
    '',
    `- Words: ${stats.words}`,
    `- Sentences: ${stats.sentences}`,
    `- Paragraphs: ${stats.paragraphs}`,
    `- Reading time: about ${stats.readingMinutes} min`,
    '',
  ].join('\n');
  await ctx.fs.write(reportPath, report);
  return `Wrote the report to ${reportPath}.`;
};
