import type {
  AnonymousFunctionDeclaration,
  AnyNode,
  ArrowFunctionExpression,
  CallExpression,
  Expression,
  FunctionDeclaration,
  FunctionExpression,
  MemberExpression,
  ObjectExpression,
  Pattern,
  Program,
} from 'acorn';
import type { Range } from '../diagnostics';
import { LineIndex } from '../text/lineIndex';
import { gatedMemberAt, writtenMember, type GatedMember } from './gatedMembers';
import { mentionedMembers } from './mentions';
import { parseModule, type NotParsed, type ParseKind } from './parseModule';
import { envelopeProblems, type EnvelopeProblem } from './resultShape';

/** A span of a handler's text, with its position there (the text itself is not kept). */
export interface Span {
  offset: number;
  length: number;
  range: Range;
}

/** A use of a gated ctx member: where the handler reads it (a call, an alias's use, a test of it). */
export interface CtxUse {
  gated: GatedMember;
  span: Span;
  /** The member as the handler writes it, below its own name for ctx (`context.fs.read`): what a message names. */
  written: string;
}

/**
 * A top-level property of a tool's arguments that the handler reads (`args.path`, `const { path } = args`), at its
 * name.
 */
interface ArgumentUse {
  name: string;
  span: Span;
}

/**
 * A member written after a dot on ctx or the tool's arguments, or on an alias of a part of them (`ctx.fs.`,
 * `fs.wr`, `args.pa`): what completion there offers. `path` is what the object before the dot stands for.
 */
interface MemberSite {
  root: 'ctx' | 'args';
  path: readonly string[];
  /** Where the object before the dot ends: a cursor after the dot (and blanks) at the property is at this site. */
  objectEnd: number;
  /** The property's name as written (empty while it is being typed), where it is. */
  property: { offset: number; length: number };
}

/** A content block of a returned MCP envelope that is not well-formed, and where. */
interface EnvelopeFinding {
  problem: EnvelopeProblem;
  span: Span;
}

/**
 * What each kind of handler receives, by position. The reference gives no signature: a tool handler is
 * `(args, ctx)`, a hook `(event, ctx)` and a slash command `(args, ctx)`, as the reference's examples and
 * ours are written; a setting action's button has nothing to pass but ctx, so it is `(ctx)`, and
 * `(payload, ctx)` when the function declares two parameters.
 */
export type HandlerKind = 'tool' | 'hook' | 'command' | 'setting';

/** How a handler module exports its function: what a file a fix creates beside it is written in. */
export type ModuleStyle = 'commonjs' | 'esm';

/** What the rules learn from one handler module: small facts with positions, never its text. */
export interface HandlerFacts {
  /** How the module was read; undefined when it was not (notChecked says why, when it was there to read). */
  parse: ParseKind | undefined;
  /**
   * Why the module's code was not read, or not read to its end: then nothing else here is known, and a finding in it
   * says so. `detail` is a parser's own words on a failure.
   */
  notChecked?: { reason: NotParsed; detail?: string };
  /** An `export` statement, or an assignment to `module.exports` / `exports.x`; undefined when it has neither. */
  moduleStyle?: ModuleStyle;
  /**
   * Whether the module's handler function was found, alike in both module systems: what `module.exports` or
   * `export default` is when that is a function, else the one function among what the module exports (an object
   * written out there, `exports.x` / `module.exports.x`, named exports), values that are not functions aside. Not for
   * a re-export (`module.exports = require('./x')`), several exported functions, or anything computed: then nothing
   * else here is known either.
   */
  handlerFound: boolean;
  ctxUses: CtxUse[];
  /** Tool handlers only. */
  argumentUses: ArgumentUse[];
  /**
   * Tool handlers only: the arguments passed as the path of a ctx.fs call (`ctx.fs.read(args.path)`, `fs.write(path)`
   * with `path` destructured from the arguments): a schema written for them gives each `"format": "file-path"`.
   */
  fsPathArguments: string[];
  /** Tool handlers only: what the agent would receive instead of a returned envelope. */
  envelopes: EnvelopeFinding[];
  /** Each member written on ctx or the arguments, for completion (by position). */
  memberSites: MemberSite[];
}

/** What is known of a module whose handler was not found: how it was read and how it exports. */
type ModuleFacts = Pick<HandlerFacts, 'parse' | 'moduleStyle' | 'notChecked'>;

const nothingKnown = (known: ModuleFacts): HandlerFacts => ({
  ...known,
  handlerFound: false,
  ctxUses: [],
  argumentUses: [],
  fsPathArguments: [],
  envelopes: [],
  memberSites: [],
});

/**
 * The facts of one handler module, from its text alone: parsed, never run, required or imported.
 * Comments and strings are never read as code. Pure: a host remembers the result per file version.
 */
export function handlerFacts(text: string, fileName: string, kind: HandlerKind): HandlerFacts {
  const parsed = parseModule(text, fileName);
  if ('notParsed' in parsed)
    return nothingKnown({ parse: undefined, notChecked: { reason: parsed.notParsed, detail: parsed.detail } });
  let known: ModuleFacts = { parse: parsed.kind };
  try {
    const moduleStyle = moduleStyleOf(parsed.program);
    if (moduleStyle) known = { ...known, moduleStyle };
    const handler = handlerFunction(parsed.program);
    if (!handler) return nothingKnown(known);
    const lines = new LineIndex(text);
    const walker = new HandlerWalker((node) => ({
      offset: node.start,
      length: node.end - node.start,
      range: lines.rangeOf(node.start, node.end - node.start),
    }));
    walker.walkHandler(handler, kind);
    return { ...known, handlerFound: true, ...walker.facts };
  } catch (error) {
    // The walk descends once per level of nesting, as the parser does: a tree the parser just managed may still be too
    // deep. Anything else thrown here is a fault of this tool: this module alone is left unread, and says so.
    const notChecked =
      error instanceof RangeError
        ? { reason: 'too-deep' as const }
        : { reason: 'failed' as const, detail: error instanceof Error ? error.message : String(error) };
    return nothingKnown({ ...known, notChecked });
  }
}

/** Nothing but white space (a byte-order mark is white space too). */
export function isBlank(text: string): boolean {
  return !/\S/.test(text);
}

/** What a handler's text tells without a parse: read with every validation of its manifest. */
export interface HandlerText {
  /** Nothing but white space, or nothing at all: the module exports nothing. */
  empty: boolean;
  /** The gated members it can use (mentions.ts): a parse can find a use of no other. */
  mentions: readonly GatedMember[];
}

export function handlerText(text: string): HandlerText {
  return { empty: isBlank(text), mentions: mentionedMembers(text) };
}

/**
 * A handler module as the rules read it: its text's facts at once, and its parsed facts only when a rule needs them
 * (a host parses it once per version of the file). Most validations of a manifest whose permissions cover what its
 * handlers name parse none of them.
 */
export interface HandlerModule {
  kind: HandlerKind;
  text: HandlerText;
  facts(): HandlerFacts;
  /** Its parsed facts if this validation has parsed it already, without parsing it. */
  parsed(): HandlerFacts | undefined;
}

/** ESM when a top-level statement is an `export`; CommonJS when one assigns what the module exports. */
function moduleStyleOf(program: Program): ModuleStyle | undefined {
  let commonjs = false;
  for (const statement of program.body) {
    if (
      statement.type === 'ExportDefaultDeclaration' ||
      statement.type === 'ExportNamedDeclaration' ||
      statement.type === 'ExportAllDeclaration'
    )
      return 'esm';
    if (
      statement.type === 'ExpressionStatement' &&
      statement.expression.type === 'AssignmentExpression' &&
      exportTarget(statement.expression.left)
    )
      commonjs = true;
  }
  return commonjs ? 'commonjs' : undefined;
}

type HandlerFunction =
  FunctionDeclaration | AnonymousFunctionDeclaration | FunctionExpression | ArrowFunctionExpression;

function isFunction(node: AnyNode | null | undefined): node is HandlerFunction {
  return (
    node?.type === 'FunctionDeclaration' ||
    node?.type === 'FunctionExpression' ||
    node?.type === 'ArrowFunctionExpression'
  );
}

/** The name acorn-loose gives a member it had to make up (`ctx.` with nothing after the dot yet). */
const placeholderName = '✖';

/**
 * A member's or a key's name when it is written out: `a.b`, `a['b']`, `{ b: … }`; undefined for a computed one or a
 * placeholder of the tolerant parser.
 */
function staticName(key: AnyNode, computed: boolean): string | undefined {
  if (!computed && key.type === 'Identifier') return key.name === placeholderName ? undefined : key.name;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  if (key.type === 'TemplateLiteral' && key.expressions.length === 0) return key.quasis[0].value.cooked ?? undefined;
  return undefined;
}

/**
 * `module.exports`, `exports` or `module.exports.x` / `exports.x`: what an assignment's left side exports
 * (`viaExports` for `exports.x`, which writes to what module.exports was at the start).
 */
function exportTarget(
  left: AnyNode,
): { kind: 'default' } | { kind: 'named'; name: string; viaExports: boolean } | undefined {
  const isModuleExports = (node: AnyNode) =>
    node.type === 'MemberExpression' &&
    node.object.type === 'Identifier' &&
    node.object.name === 'module' &&
    staticName(node.property, node.computed) === 'exports';
  if (isModuleExports(left)) return { kind: 'default' };
  if (left.type !== 'MemberExpression') return undefined;
  const name = staticName(left.property, left.computed);
  if (name === undefined) return undefined;
  if (left.object.type === 'Identifier' && left.object.name === 'exports')
    return { kind: 'named', name, viaExports: true };
  if (isModuleExports(left.object)) return { kind: 'named', name, viaExports: false };
  return undefined;
}

/** A member of what a module exports, as its text shows it: a function, a value that is not one, or not seen. */
type ExportedMember = HandlerFunction | 'value' | 'unseen';

/**
 * A value that is never a function: a literal, an object or array written out, an operator's result. A call, a name
 * the module does not declare, a class (a function to `typeof`) or `new` may be one.
 */
function isPlainValue(node: AnyNode): boolean {
  return (
    node.type === 'Literal' ||
    node.type === 'TemplateLiteral' ||
    node.type === 'ObjectExpression' ||
    node.type === 'ArrayExpression' ||
    node.type === 'UnaryExpression' ||
    node.type === 'BinaryExpression'
  );
}

/**
 * The module's handler, read alike in both module systems. The module's export is what `module.exports` or
 * `export default` is (the last assignment, as at run time): a function there is the handler. An object written out
 * there, or the exports a module builds without one (`exports.x = …`, `module.exports.x = …`, named `export`s), is
 * read by its members: `module.exports.x = …` adds to it, `exports.x = …` only while module.exports is not replaced
 * (after, it writes to the object that was), and an ES module's named exports count beside its default object's
 * members. The handler is the one function among them; a member that is not a function is no candidate. Undefined
 * for a re-export, several functions, or an export or member whose value cannot be seen (a call, an import, a name
 * the module does not declare, a getter, a spread, a computed name): nothing is guessed.
 */
function handlerFunction(program: Program): HandlerFunction | undefined {
  const topLevel = new Map<string, AnyNode>();
  for (const statement of program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration'
        ? statement.declaration
        : statement;
    if (declaration?.type === 'FunctionDeclaration' && declaration.id) topLevel.set(declaration.id.name, declaration);
    if (declaration?.type === 'VariableDeclaration') {
      for (const declarator of declaration.declarations)
        if (declarator.id.type === 'Identifier' && declarator.init) topLevel.set(declarator.id.name, declarator.init);
    }
  }
  const resolve = (value: AnyNode | null | undefined): AnyNode | null | undefined =>
    value?.type === 'Identifier' ? topLevel.get(value.name) : value;
  const memberOf = (value: AnyNode | null | undefined): ExportedMember => {
    const resolved = resolve(value);
    if (isFunction(resolved)) return resolved;
    return resolved && isPlainValue(resolved) ? 'value' : 'unseen';
  };
  // What module.exports or export default is, once the module says; then the members of what the module exports, by
  // name (an ES module's default object's members apart from its named exports, which sit beside them).
  let exported: AnyNode | null | undefined;
  let hasDefault = false;
  let exportsReplaced = false;
  const members = new Map<string, ExportedMember>();
  let unnamed = 0;
  const addObject = (object: ObjectExpression, prefix: string) => {
    for (const property of object.properties) {
      const name = property.type === 'Property' ? staticName(property.key, property.computed) : undefined;
      if (property.type !== 'Property' || name === undefined) members.set(`\0${unnamed++}`, 'unseen');
      else members.set(prefix + name, property.kind === 'init' ? memberOf(property.value) : 'unseen');
    }
  };
  // A name is followed to a function it is declared as, not to an object: what is added to one through its name later
  // is not seen.
  const exportDefault = (value: AnyNode | null | undefined) => {
    hasDefault = true;
    const resolved = resolve(value);
    exported = isFunction(resolved) ? resolved : value;
  };
  for (const statement of program.body) {
    if (
      statement.type === 'ExpressionStatement' &&
      statement.expression.type === 'AssignmentExpression' &&
      statement.expression.operator === '='
    ) {
      const target = exportTarget(statement.expression.left);
      const value = statement.expression.right;
      if (target?.kind === 'default') {
        exportDefault(value);
        exportsReplaced = true;
        members.clear();
        if (value.type === 'ObjectExpression') addObject(value, '');
      } else if (target?.kind === 'named' && !(target.viaExports && exportsReplaced))
        members.set(target.name, memberOf(value));
    } else if (statement.type === 'ExportDefaultDeclaration') {
      exportDefault(statement.declaration);
      if (statement.declaration.type === 'ObjectExpression') addObject(statement.declaration, 'default.');
    } else if (statement.type === 'ExportNamedDeclaration') {
      const declaration = statement.declaration;
      if (declaration?.type === 'FunctionDeclaration' && declaration.id) members.set(declaration.id.name, declaration);
      else if (declaration?.type === 'VariableDeclaration') {
        for (const declarator of declaration.declarations) {
          if (declarator.id.type === 'Identifier') members.set(declarator.id.name, memberOf(declarator.init));
          else members.set(`\0${unnamed++}`, 'unseen');
        }
      } else if (declaration) members.set(`\0${unnamed++}`, 'unseen');
      for (const specifier of statement.specifiers) {
        const name = staticName(specifier.exported, false);
        const local = statement.source ? undefined : specifier.local;
        if (name === 'default') exportDefault(local);
        else members.set(name ?? `\0${unnamed++}`, local ? memberOf(local) : 'unseen');
      }
    } else if (statement.type === 'ExportAllDeclaration') members.set(`\0${unnamed++}`, 'unseen');
  }
  if (hasDefault && isFunction(exported)) return exported;
  // A default that is not an object written out (a call, a re-export, a class, a name for something else): not seen.
  if (hasDefault && exported?.type !== 'ObjectExpression') return undefined;
  const candidates = [...members.values()].filter((member) => member !== 'value');
  const [only] = candidates;
  return candidates.length === 1 && only !== 'unseen' ? only : undefined;
}

/**
 * What a local name stands for: ctx or the tool's arguments (at a path below them), or neither (a name that shadows
 * them).
 */
type Bound = { root: 'ctx' | 'args'; path: readonly string[] } | null;

class Scope {
  private readonly names = new Map<string, Bound>();

  constructor(
    readonly parent: Scope | undefined,
    /** A function's scope (where `var` declares), not a block's. */
    readonly isFunction: boolean,
  ) {}

  declare(name: string, bound: Bound): void {
    this.names.set(name, bound);
  }

  lookup(name: string): Bound | undefined {
    for (const scope of outward(this)) if (scope.names.has(name)) return scope.names.get(name);
    return undefined;
  }

  /** An assignment to a declared name: it stands for what it is given now. */
  assign(name: string, bound: Bound): void {
    for (const scope of outward(this)) {
      if (scope.names.has(name)) {
        scope.names.set(name, bound);
        return;
      }
    }
  }

  functionScope(): Scope {
    for (const scope of outward(this)) if (scope.isFunction || !scope.parent) return scope;
    return this;
  }
}

/** A scope, then each scope it is in, to the module's. */
function* outward(innermost: Scope): Generator<Scope> {
  for (let scope: Scope | undefined = innermost; scope; scope = scope.parent) yield scope;
}

/**
 * Walks the handler function with its scopes: the ctx parameter (whatever it is named), its aliases and
 * destructurings, and the tool's arguments the same way. A ctx passed to another function, a computed
 * member (`ctx[name]`) and anything built at run time are not followed: what cannot be seen is not said.
 */
class HandlerWalker {
  readonly facts: Pick<HandlerFacts, 'ctxUses' | 'argumentUses' | 'fsPathArguments' | 'envelopes' | 'memberSites'> = {
    ctxUses: [],
    argumentUses: [],
    fsPathArguments: [],
    envelopes: [],
    memberSites: [],
  };
  private checksResults = false;
  /** The name of the handler's ctx parameter, when it has one (not destructured). */
  private ctxName: string | undefined;

  constructor(private readonly spanOf: (node: AnyNode) => Span) {}

  walkHandler(handler: HandlerFunction, kind: HandlerKind): void {
    const scope = new Scope(undefined, true);
    const ctxIndex = kind === 'setting' && handler.params.length < 2 ? 0 : 1;
    const ctxParam = handler.params[ctxIndex];
    const named = ctxParam?.type === 'AssignmentPattern' ? ctxParam.left : ctxParam;
    this.ctxName = named?.type === 'Identifier' ? named.name : undefined;
    handler.params.forEach((param, index) => {
      const bound: Bound =
        index === ctxIndex
          ? { root: 'ctx', path: [] }
          : index === 0 && kind === 'tool'
            ? { root: 'args', path: [] }
            : null;
      this.bindPattern(param, bound, scope, 'declare');
    });
    this.checksResults = kind === 'tool';
    if (handler.body.type === 'BlockStatement') this.visitAll(handler.body.body, scope);
    else {
      this.returned(handler.body);
      this.visit(handler.body, scope);
    }
  }

  private visitAll(nodes: readonly (AnyNode | null | undefined)[], scope: Scope): void {
    for (const node of nodes) if (node) this.visit(node, scope);
  }

  private visit(node: AnyNode, scope: Scope): void {
    switch (node.type) {
      case 'Identifier': {
        const bound = scope.lookup(node.name);
        if (bound) this.reportGated(bound, bound.path, node);
        return;
      }
      case 'MemberExpression':
        this.visitChain(node, scope);
        return;
      case 'VariableDeclaration': {
        const target = node.kind === 'var' ? scope.functionScope() : scope;
        for (const declarator of node.declarations) {
          const alias = declarator.init ? this.aliasOf(declarator.init, scope) : undefined;
          if (declarator.init && alias === undefined) this.visit(declarator.init, scope);
          this.bindPattern(declarator.id, alias ?? null, target, 'declare', scope);
        }
        return;
      }
      case 'AssignmentExpression': {
        const alias = node.operator === '=' ? this.aliasOf(node.right, scope) : undefined;
        if (alias === undefined) this.visit(node.right, scope);
        if (node.left.type === 'Identifier') scope.assign(node.left.name, alias ?? null);
        else this.bindPattern(node.left, alias ?? null, scope, 'assign');
        return;
      }
      case 'FunctionDeclaration':
        if (node.id) scope.declare(node.id.name, null);
        this.visitFunction(node, scope);
        return;
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        this.visitFunction(node, scope);
        return;
      case 'ClassDeclaration':
        if (node.id) scope.declare(node.id.name, null);
        if (node.superClass) this.visit(node.superClass, scope);
        this.visit(node.body, scope);
        return;
      case 'BlockStatement':
      case 'StaticBlock':
        this.visitAll(node.body, new Scope(scope, false));
        return;
      case 'ForStatement':
      case 'ForInStatement':
      case 'ForOfStatement':
      case 'SwitchStatement':
        this.visitChildren(node, new Scope(scope, false));
        return;
      case 'CatchClause': {
        const inner = new Scope(scope, false);
        if (node.param) this.bindPattern(node.param, null, inner, 'declare');
        this.visit(node.body, inner);
        return;
      }
      case 'CallExpression':
        this.notePathArgument(node, scope);
        this.visitChildren(node, scope);
        return;
      case 'ReturnStatement':
        if (node.argument) {
          this.returned(node.argument);
          this.visit(node.argument, scope);
        }
        return;
      case 'Property':
      case 'PropertyDefinition':
      case 'MethodDefinition':
        if (node.computed) this.visit(node.key, scope);
        if (node.value) this.visit(node.value, scope);
        return;
      case 'LabeledStatement':
        this.visit(node.body, scope);
        return;
      case 'BreakStatement':
      case 'ContinueStatement':
      case 'MetaProperty':
      case 'PrivateIdentifier':
      case 'Literal':
      case 'TemplateElement':
      case 'ThisExpression':
      case 'Super':
        return;
      default:
        this.visitChildren(node, scope);
    }
  }

  private visitChildren(node: AnyNode, scope: Scope): void {
    for (const key in node) {
      if (key === 'type' || key === 'start' || key === 'end') continue;
      const child = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(child)) this.visitAll(child.filter(isNode), scope);
      else if (isNode(child)) this.visit(child, scope);
    }
  }

  private visitFunction(node: HandlerFunction, scope: Scope): void {
    const inner = new Scope(scope, true);
    // A function's own name, inside a function expression, and its parameters shadow ctx and the arguments.
    if (node.type === 'FunctionExpression' && node.id) inner.declare(node.id.name, null);
    const checksResults = this.checksResults;
    this.checksResults = false;
    for (const param of node.params) this.bindPattern(param, null, inner, 'declare', scope);
    if (node.body.type === 'BlockStatement') this.visitAll(node.body.body, inner);
    else this.visit(node.body, inner);
    this.checksResults = checksResults;
  }

  /** A member chain (`a.b.c`, `a?.b`) as its base and its steps, innermost first. */
  private chainOf(node: AnyNode): { base: AnyNode; steps: MemberExpression[] } {
    const steps: MemberExpression[] = [];
    let base: AnyNode = node.type === 'ChainExpression' ? node.expression : node;
    while (base.type === 'MemberExpression') {
      steps.unshift(base);
      base = base.object;
    }
    return { base, steps };
  }

  /**
   * What a name or a member chain written out in full stands for when it is rooted at ctx or the
   * arguments (`ctx`, `ctx.fs`, `args`): the value of an alias. The first property of the arguments it
   * reads is a use of it. Undefined for anything else, which is then visited as any expression.
   */
  private aliasOf(node: AnyNode, scope: Scope): Bound | undefined {
    const { base, steps } = this.chainOf(node);
    const bound = base.type === 'Identifier' ? scope.lookup(base.name) : undefined;
    if (!bound) return undefined;
    const names = steps.map((step) => staticName(step.property, step.computed));
    // Otherwise the chain is visited as an expression, which notes its sites.
    if (names.some((name) => name === undefined)) return undefined;
    this.noteSites(bound, steps);
    if (bound.root === 'args' && bound.path.length === 0 && steps.length > 0)
      this.facts.argumentUses.push({ name: names[0]!, span: this.spanOf(steps[0].property) });
    return { root: bound.root, path: [...bound.path, ...(names as string[])] };
  }

  /**
   * A member chain rooted at ctx or the arguments (`ctx.fs.write`, `fs.write`, `args.path`): the gated
   * member it reaches is a use, at the shortest part of the chain that reaches it (`ctx.log` in
   * `ctx.log.info`), and so is the first property of the arguments. A computed step (`ctx[name]`)
   * ends what is known; its expression is visited.
   */
  private visitChain(node: MemberExpression, scope: Scope): void {
    const { base, steps } = this.chainOf(node);
    const bound = base.type === 'Identifier' ? scope.lookup(base.name) : undefined;
    if (!bound) {
      this.visit(base, scope);
      for (const step of steps) if (step.computed) this.visit(step.property, scope);
      return;
    }
    this.noteSites(bound, steps);
    let path = bound.path;
    let reported = this.reportGated(bound, path, base);
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i];
      const name = staticName(step.property, step.computed);
      if (name === undefined) {
        for (const rest of steps.slice(i)) if (rest.computed) this.visit(rest.property, scope);
        return;
      }
      if (bound.root === 'args' && path.length === 0)
        this.facts.argumentUses.push({ name, span: this.spanOf(step.property) });
      path = [...path, name];
      if (!reported) reported = this.reportGated(bound, path, step);
    }
  }

  /** A ctx.fs call whose path (its first argument) is one of the tool's arguments, as written or destructured. */
  private notePathArgument(call: CallExpression, scope: Scope): void {
    const callee = this.boundChain(call.callee, scope);
    const first = call.arguments[0];
    if (callee?.root !== 'ctx' || callee.path[0] !== 'fs' || !first || first.type === 'SpreadElement') return;
    const argument = this.boundChain(first, scope);
    if (argument?.root === 'args' && argument.path.length === 1) this.facts.fsPathArguments.push(argument.path[0]);
  }

  /** What a name or a chain of static members stands for when it is rooted at ctx or the arguments. */
  private boundChain(node: AnyNode, scope: Scope): Bound | undefined {
    const { base, steps } = this.chainOf(node);
    const bound = base.type === 'Identifier' ? scope.lookup(base.name) : undefined;
    if (!bound) return undefined;
    const names = steps.map((step) => staticName(step.property, step.computed));
    return names.every((name) => name !== undefined)
      ? { root: bound.root, path: [...bound.path, ...(names as string[])] }
      : undefined;
  }

  /** Each dotted step of a chain on ctx or the arguments, up to the first one that is computed or made up. */
  private noteSites(bound: NonNullable<Bound>, steps: readonly MemberExpression[]): void {
    let path = bound.path;
    for (const step of steps) {
      if (step.computed || step.property.type !== 'Identifier') return;
      const typed = step.property.name !== placeholderName;
      const property = { offset: step.property.start, length: typed ? step.property.end - step.property.start : 0 };
      this.facts.memberSites.push({ root: bound.root, path, objectEnd: step.object.end, property });
      if (!typed) return;
      path = [...path, step.property.name];
    }
  }

  /** Reports `node` as a use of the gated member `path` (below ctx) reaches, if it reaches one. */
  private reportGated(bound: NonNullable<Bound>, path: readonly string[], node: AnyNode): boolean {
    if (bound.root !== 'ctx') return false;
    const gated = gatedMemberAt(path);
    if (!gated) return false;
    this.facts.ctxUses.push({ gated, span: this.spanOf(node), written: writtenMember(gated, this.ctxName) });
    return true;
  }

  /**
   * Binds the names of a declaration, a parameter or an assignment: each to what it takes of `bound`
   * (`const { fs: { write } } = ctx` binds write to ctx.fs.write), or to nothing. A default value is
   * visited as an expression; a destructured argument is a use of it.
   */
  private bindPattern(
    pattern: Pattern,
    bound: Bound,
    target: Scope,
    how: 'declare' | 'assign',
    scope: Scope = target,
  ): void {
    switch (pattern.type) {
      case 'Identifier':
        if (how === 'declare') target.declare(pattern.name, bound);
        else target.assign(pattern.name, bound);
        return;
      case 'ObjectPattern':
        for (const property of pattern.properties) {
          if (property.type === 'RestElement') {
            this.bindPattern(property.argument, null, target, how, scope);
            continue;
          }
          const name = staticName(property.key, property.computed);
          if (property.computed) this.visit(property.key, scope);
          if (name !== undefined && bound?.root === 'args' && bound.path.length === 0)
            this.facts.argumentUses.push({ name, span: this.spanOf(property.key) });
          this.bindPattern(
            property.value,
            bound && name !== undefined ? { root: bound.root, path: [...bound.path, name] } : null,
            target,
            how,
            scope,
          );
        }
        return;
      case 'ArrayPattern':
        for (const element of pattern.elements) if (element) this.bindPattern(element, null, target, how, scope);
        return;
      case 'AssignmentPattern':
        this.visit(pattern.right, scope);
        this.bindPattern(pattern.left, bound, target, how, scope);
        return;
      case 'RestElement':
        this.bindPattern(pattern.argument, null, target, how, scope);
        return;
      case 'MemberExpression':
        this.visit(pattern, scope);
        return;
    }
  }

  /** A value the handler itself returns: an envelope literal in it is checked (its branches too). */
  private returned(value: Expression): void {
    if (!this.checksResults) return;
    if (value.type === 'ConditionalExpression') {
      this.returned(value.consequent);
      this.returned(value.alternate);
    } else if (value.type === 'LogicalExpression') {
      this.returned(value.right);
    } else if (value.type === 'AwaitExpression') {
      this.returned(value.argument);
    } else if (value.type === 'ObjectExpression') {
      for (const { problem, at } of envelopeProblems(value))
        this.facts.envelopes.push({ problem, span: this.spanOf(at) });
    }
  }
}

function isNode(value: unknown): value is AnyNode {
  return value !== null && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string';
}
