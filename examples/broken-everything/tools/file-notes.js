'use strict';

// Part of the broken-everything example: the manifest's mistakes are what matter here.
module.exports = async function handler(args, ctx) {
  ctx.toast('file-notes is not implemented in this example.');
};
