'use strict';

module.exports = async function countWords({ path }, ctx) {
  return `${path}: ${(await ctx.fs.read(path)).split(/\s+/).filter(Boolean).length} words`;
};
