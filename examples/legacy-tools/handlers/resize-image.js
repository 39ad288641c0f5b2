'use strict';
const { resize } = require('./image-codec');

module.exports = async function resizeImage({ path, width }, ctx) {
  const output = path.replace(/(\.[^.]+)$/, `-${width}w$1`);
  await ctx.fs.write(output, await resize(await ctx.fs.read(path, { encoding: null }), { width }));
  ctx.log(`image-resizer: wrote ${output}`);
  return `Wrote ${output}.`;
};
