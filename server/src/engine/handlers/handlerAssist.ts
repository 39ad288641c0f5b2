import type { NamedHandler } from '../folder/referencedFiles';
import type { Span } from './handlerFacts';
import { gatedMembers, type GatedMember } from './gatedMembers';
import { isDeclared } from './permissionGaps';
import type { SchemaArgument } from './schemaArguments';

/** What a hover on an argument a tool handler reads shows: the schema's property, where the name is. */
interface ArgumentHover {
  property: SchemaArgument;
  span: Span;
}

/**
 * The schema property of the argument read at `offset` (`args.path`, `const { path } = args`); undefined
 * anywhere else, and for a name the schema does not declare (its warning says so).
 */
export function argumentHoverAt(handler: NamedHandler, offset: number): ArgumentHover | undefined {
  const properties = handler.toolArguments?.properties;
  if (!properties) return undefined;
  const use = handler.facts.argumentUses.find(
    ({ span }) => span.offset <= offset && offset <= span.offset + span.length,
  );
  const property = use && properties.find((candidate) => candidate.name === use.name);
  return property && { property, span: use.span };
}

/**
 * A gated member of ctx as completion offers it, with the permission each member below it needs and whether the
 * manifest declares it.
 */
interface CtxMemberCompletion {
  kind: 'ctx';
  name: string;
  /** The gated members it is or holds (`ctx.fs` holds ctx.fs.write, …), in the table's order. */
  members: { gated: GatedMember; declared: boolean }[];
}

interface ArgumentCompletion {
  kind: 'argument';
  property: SchemaArgument;
}

export type HandlerCompletion = CtxMemberCompletion | ArgumentCompletion;

/** Between the object and the cursor: the dot (or `?.`) and the part of the name typed so far. */
const afterDot = /^\s*\??\.\s*[\p{ID_Continue}$\u200c\u200d]*$/u;

/**
 * Completion at `offset` of the handler's `text` when it is just after a dot on ctx or the tool's arguments
 * (or an alias of a part of them): ctx's gated members below it, or the schema's arguments. Undefined
 * anywhere else, so that the editor's own JavaScript completion is all there is.
 */
export function handlerCompletionsAt(
  handler: NamedHandler,
  text: string,
  offset: number,
): HandlerCompletion[] | undefined {
  const site = handler.facts.memberSites.find(
    (candidate) =>
      candidate.objectEnd < offset &&
      offset <= candidate.property.offset + candidate.property.length &&
      afterDot.test(text.slice(candidate.objectEnd, offset)),
  );
  if (!site) return undefined;
  if (site.root === 'args') {
    if (site.path.length > 0 || !handler.toolArguments) return undefined;
    return handler.toolArguments.properties.map((property) => ({ kind: 'argument', property }));
  }
  const below = new Map<string, CtxMemberCompletion>();
  for (const gated of gatedMembers) {
    if (gated.path.length <= site.path.length || !site.path.every((segment, i) => gated.path[i] === segment)) continue;
    const name = gated.path[site.path.length];
    let completion = below.get(name);
    if (!completion) below.set(name, (completion = { kind: 'ctx', name, members: [] }));
    completion.members.push({ gated, declared: isDeclared(handler.permissions, gated.permission) });
  }
  return below.size > 0 ? [...below.values()] : undefined;
}
