'use strict';

/** Word, sentence and paragraph counts of a plain-text or Markdown document. */
function textStatistics(text, { countCodeBlocks = false, wordsPerMinute = 230 } = {}) {
  const prose = countCodeBlocks ? text : text.replace(/^```[\s\S]*?^```/gm, '');
  const words = prose.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  const sentences = prose.split(/[.!?]+(?:\s|$)/).filter((s) => s.trim().length > 0);
  const paragraphs = prose.split(/\n\s*\n/).filter((p) => p.trim().length > 0);
  return {
    words: words.length,
    sentences: sentences.length,
    paragraphs: paragraphs.length,
    readingMinutes: Math.max(1, Math.round(words.length / wordsPerMinute)),
  };
}

/** The user's settings as textStatistics takes them. */
function statisticsOptions(ctx) {
  return {
    countCodeBlocks: ctx.settings.get('countCodeBlocks') === true,
    wordsPerMinute: Number(ctx.settings.get('readingSpeed')) || 230,
  };
}

module.exports = { textStatistics, statisticsOptions };
