module.exports = async function fetchNotes({ path }, ctx) {
  return ctx.fs.read(path);
};
