// Reads the folder's changelog and returns its latest section as the draft.
module.exports = async (args, ctx) => {
  const changelog = await ctx.fs.read(`${args.folder}/CHANGELOG.md`);
  const [latest] = changelog.split(/\n## /).slice(1);
  return latest ? `## ${latest}` : 'No version in CHANGELOG.md yet.';
};
