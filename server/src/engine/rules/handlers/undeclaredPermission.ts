import { declarePermission, type PermissionUse } from '../../fixes/declarePermission';
import { defineRule } from '../rule';
import { field } from '../messages';

export const decision =
  'Handler modules are parsed (acorn; acorn-loose while a syntax error is being typed), never run, required or imported; comments and strings are not code. The reference names only the module ("path to the handler module"); its handler is read alike in CommonJS and ES modules: what module.exports or export default is, when that is a function; else the one function among the members of what the module exports \u2014 an object written out there, what exports.x = \u2026 and module.exports.x = \u2026 add (exports.x only until module.exports is replaced, as at run time), and an ES module\u2019s named exports, beside its default object\u2019s members \u2014 a member that is not a function (a number, a string, an object) being no candidate. Its ctx is the second parameter (a setting action\u2019s the first, unless it declares two), whatever it is named, with its aliases and destructurings. Nothing is said for a re-export, several exported functions, an export or member whose value cannot be seen (a call, an import, a spread, a getter, a class, an object reached by its name), ctx passed to another function, or a member computed at run time (ctx[name]); nor for a handler that cannot be read (the file rules say why: files.outside for a link out of the folder, files.not-a-file for a FIFO, files.not-checked past the size limit) or whose code cannot be read to its end (handlers.not-checked says so). A file that is not UTF-8 is read as it decodes. Completion after ctx. offers the gated members only, each with the permission it needs and whether the manifest declares it; nowhere else does the server answer in a handler.';

export const undeclaredPermissionRule = defineRule({
  code: 'handlers.undeclared-permission',
  severity: 'warning',
  description:
    'A handler uses a ctx member whose permission the manifest does not declare: ctx.toast and ctx.store are undefined, ctx.log silently does nothing, and the others throw a permission error (not-declared). Shown in the handler, at the use.',
  message: ({ jsonPath, member, without }: PermissionUse & { without: string }) =>
    `\`${member}\` needs ${field(jsonPath)}, which the manifest does not declare, so ${without}.`,
  fix: declarePermission,
});
