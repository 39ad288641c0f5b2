'use strict';

/** Downloads a meeting's notes. Its argument is misspelt: the schema names it `meeting`. */
module.exports = async function fetchNotes(args, ctx) {
  const notes = await fetch(`https://notes.example.com/api/v2/meetings/${encodeURIComponent(args.meting)}`);
  ctx.toast('Notes fetched.');
  return notes.text();
};
