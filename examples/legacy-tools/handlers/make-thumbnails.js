'use strict';
const { resize } = require('./image-codec');

const imageExtensions = /\.(png|jpe?g)$/i;

module.exports = async function makeThumbnails({ folder, size = 256 }, ctx) {
  const images = (await ctx.fs.list(folder)).filter((name) => imageExtensions.test(name));
  for (const name of images) {
    const image = await ctx.fs.read(`${folder}/${name}`, { encoding: null });
    await ctx.fs.write(`${folder}/thumbnails/${name}`, await resize(image, { longestSide: size }));
  }
  return `Wrote ${images.length} thumbnails to ${folder}/thumbnails/.`;
};
