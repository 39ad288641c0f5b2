'use strict';

/**
 * The plugin's image scaling, kept out of the handlers. The published plugin bundles a
 * WebAssembly codec here; this example only needs the module to exist.
 */
async function resize(image, { width, longestSide }) {
  throw new Error(`image-codec is not bundled with this example (asked for ${width ?? longestSide} px from ${image.length} bytes).`);
}

module.exports = { resize };
