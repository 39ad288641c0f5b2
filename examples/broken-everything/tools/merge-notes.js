'use strict';

/** Merges two notes files. `store` is destructured from ctx, but `permissions.store` is "yes", not true. */
module.exports = async function mergeNotes({ first, second }, ctx) {
  const { fs, store } = ctx;
  const merged = `${await fs.read(first)}\n\n${await fs.read(second)}`;
  await store.set('last-merge', { first, second });
  return merged;
};
