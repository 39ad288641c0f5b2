'use strict';

/** Lists the run's folder after it completes: fs.list grants only by parameter, and a hook is granted no path. */
module.exports = async function onAgentComplete(event, ctx) {
  const files = await ctx.fs.list(event.folder);
  ctx.toast(`${files.length} files in the run's folder.`);
};
