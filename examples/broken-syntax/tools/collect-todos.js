'use strict';

const sourceFile = /\.(js|ts|py|go|rs|java|cs|md)$/;

module.exports = async function collectTodos({ folder, tags = ['TODO', 'FIXME'] }, ctx) {
  const marker = new RegExp(`\\b(${tags.join('|')})\\b[:\\s]*(.*)`);
  const found = [];
  for (const file of (await ctx.fs.list(folder, { recursive: true })).filter((name) => sourceFile.test(name))) {
    const lines = (await ctx.fs.read(`${folder}/${file}`)).split('\n');
    lines.forEach((line, index) => {
      const match = marker.exec(line);
      if (match) found.push(`- [ ] ${file}:${index + 1} ${match[1]}: ${match[2].trim()}`);
    });
  }
  return found.length > 0 ? found.join('\n') : `No ${tags.join(' or ')} comments under ${folder}.`;
};
