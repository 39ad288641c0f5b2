import { ContainerNode, LeafNode, leafTypeOf, PropertyNode, type JsonNode } from './jsonNode';
import { assignProperty } from './plainValue';

/**
 * What the fast path produces: the tree, the value, and the objects with a key given twice (valid JSON, still
 * reported).
 */
interface StrictParse {
  root: JsonNode;
  value: unknown;
  objectsWithDuplicateKeys: JsonNode[];
  /** Where each line of the text starts, when asked for (LineIndex's starts). */
  lineStarts?: Uint32Array;
  /** How many values (containers and leaves) the tree holds. */
  values: number;
}

/** Why the fast path gave no tree: the text is not strict JSON, or it holds more values than it was allowed. */
type NoStrictParse = 'not-strict' | 'too-many-values';

/** Thrown inside the fast path to give up; never escapes this module. */
class GiveUp extends Error {
  constructor(readonly reason: NoStrictParse) {
    super(reason);
  }
}
const notStrict = new GiveUp('not-strict');
const tooManyValues = new GiveUp('too-many-values');

/**
 * A fast parser for the common case: text that is strict JSON. It builds the same nodes as the
 * tolerant jsonc-parser path in one tight pass over char codes, and the value JSON.parse would give. On anything
 * that is not strict JSON (a syntax error, a comment, a trailing comma, a BOM, nesting past
 * `maxDepth`) it returns 'not-strict' and the tolerant path parses the text and reports why; past `maxValues` values it
 * stops at once ('too-many-values'), before their nodes take the memory.
 *
 * `text` may be one value cut out of a larger document (an incremental re-parse): its nodes then
 * start at `base` and the root's parent is `parent`. With `noteLineStarts`, the parse also gives
 * where each line starts: in strict JSON a line break can only be whitespace between tokens.
 */
export function parseStrictJson(
  text: string,
  maxDepth: number,
  base = 0,
  parent?: JsonNode,
  noteLineStarts = false,
  maxValues = Infinity,
): StrictParse | NoStrictParse {
  return parser.parse(text, maxDepth, base, parent, noteLineStarts, maxValues);
}

/**
 * One parser for the whole process, its functions methods rather than closures made per parse. V8
 * keeps a function's optimized code only while something holds the function: closures made anew for
 * each parse all die with it, and once a full collection (memory.ts, after a large manifest closes)
 * has run, the next parse started again from the interpreter, at about twice the CPU.
 */
class StrictJsonParser {
  private text = '';
  private pos = 0;
  private depth = 0;
  private length = 0;
  private maxDepth = 0;
  private values = 0;
  private maxValues = Infinity;
  private base = 0;
  private objectsWithDuplicateKeys: JsonNode[] = [];
  // The children of the containers being parsed, innermost last: each container takes an exact-size copy of its own.
  private readonly pending: JsonNode[] = [];
  // A manifest repeats a few hundred keys tens of thousands of times: every node shares one string per key.
  private readonly keys = new Map<string, string>();
  private readonly noChildren: JsonNode[] = [];
  // The plain value of the node parseValue returned last: built in the same pass, so that it shares the tree's strings.
  private lastValue: unknown = undefined;
  // Where each line starts, while a parse notes them: the first lineCount entries of a typed array, grown by doubling.
  private lineStarts: Uint32Array | undefined = undefined;
  private lineCount = 0;
  /**
   * A small parse held for as long as the process runs, so that each kind of node always has an
   * instance: a full collection that frees the last node of a kind drops its hidden class, and with
   * it the optimized code of every function that reads that kind (the parser's, the model's, the rules').
   */
  readonly oneOfEachKind: JsonNode;

  constructor() {
    const oneOfEachKind = (
      this.parse(
        '[{"key":"value","n":1,"b":true,"z":null,"o":{},"a":[],"\\u006b":0,"made":"leaf"},"s",1,true,null,[]]',
        3,
        0,
        undefined,
      ) as StrictParse
    ).root;
    // Properties whose values are inline (of each type), a container, an escaped key (its node made at once), and a
    // leaf made on demand.
    void (oneOfEachKind.children![0].children as PropertyNode[]).at(-1)!.valueNode;
    this.oneOfEachKind = oneOfEachKind;
  }

  parse(
    text: string,
    maxDepth: number,
    base: number,
    parent: JsonNode | undefined,
    noteLineStarts = false,
    maxValues = Infinity,
  ): StrictParse | NoStrictParse {
    this.text = text;
    this.lineStarts = noteLineStarts ? new Uint32Array(1024) : undefined;
    this.lineCount = 1;
    this.pos = 0;
    this.depth = 0;
    this.length = text.length;
    this.maxDepth = maxDepth;
    this.values = 0;
    this.maxValues = maxValues;
    this.base = base;
    const objectsWithDuplicateKeys: JsonNode[] = (this.objectsWithDuplicateKeys = []);
    try {
      this.skipWhitespace();
      if (this.pos >= this.length) return 'not-strict';
      const root = this.parseValue(parent);
      this.skipWhitespace();
      if (this.pos !== this.length) return 'not-strict';
      const lineStarts = this.lineStarts?.slice(0, this.lineCount);
      return { root, value: this.lastValue, objectsWithDuplicateKeys, lineStarts, values: this.values };
    } catch (error) {
      if (error instanceof GiveUp) return error.reason;
      throw error;
    } finally {
      // Nothing of this parse stays reachable from the parser once it returns.
      this.text = '';
      this.lastValue = undefined;
      this.objectsWithDuplicateKeys = [];
      this.lineStarts = undefined;
      this.pending.length = 0;
      this.keys.clear();
    }
  }

  private skipWhitespace(): void {
    const text = this.text;
    let pos = this.pos;
    while (pos < this.length) {
      const ch = text.charCodeAt(pos);
      if (ch === 32 || ch === 9) pos++;
      else if (ch === 10 || ch === 13) {
        pos++;
        // A line starts after \n, and after a \r that no \n follows.
        if (this.lineStarts && (ch === 10 || text.charCodeAt(pos) !== 10)) this.noteLineStart(pos);
      } else break;
    }
    this.pos = pos;
  }

  private noteLineStart(offset: number): void {
    let starts = this.lineStarts!;
    if (this.lineCount === starts.length) {
      starts = new Uint32Array(starts.length * 2);
      starts.set(this.lineStarts!);
      this.lineStarts = starts;
    }
    starts[this.lineCount++] = offset;
  }

  private parseString(): string {
    const text = this.text;
    const length = this.length;
    const start = this.pos; // at the opening quote
    let pos = start + 1;
    let escaped = false;
    while (true) {
      if (pos >= length) throw notStrict;
      const ch = text.charCodeAt(pos);
      if (ch === 34 /* " */) break;
      if (ch === 92 /* \ */) {
        escaped = true;
        pos += 2;
        continue;
      }
      if (ch < 32) throw notStrict;
      pos++;
    }
    pos++;
    this.pos = pos;
    if (!escaped) return text.slice(start + 1, pos - 1);
    try {
      return JSON.parse(text.slice(start, pos)) as string;
    } catch {
      throw notStrict;
    }
  }

  private parseNumber(): number {
    const text = this.text;
    const start = this.pos;
    let pos = start;
    if (text.charCodeAt(pos) === 45 /* - */) pos++;
    const firstDigit = text.charCodeAt(pos);
    if (firstDigit === 48 /* 0 */) pos++;
    else if (firstDigit >= 49 && firstDigit <= 57) while (isDigit(text.charCodeAt(pos))) pos++;
    else throw notStrict;
    if (text.charCodeAt(pos) === 46 /* . */) {
      pos++;
      if (!isDigit(text.charCodeAt(pos))) throw notStrict;
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    const e = text.charCodeAt(pos);
    if (e === 101 || e === 69 /* e E */) {
      pos++;
      const sign = text.charCodeAt(pos);
      if (sign === 43 || sign === 45) pos++;
      if (!isDigit(text.charCodeAt(pos))) throw notStrict;
      while (isDigit(text.charCodeAt(pos))) pos++;
    }
    this.pos = pos;
    return Number(text.slice(start, pos));
  }

  private parseLiteral(word: string, value: boolean | null): boolean | null {
    if (!this.text.startsWith(word, this.pos)) throw notStrict;
    this.pos += word.length;
    return value;
  }

  private parseValue(parent: JsonNode | undefined): JsonNode {
    const start = this.pos;
    const ch = this.text.charCodeAt(start);
    if (ch === 123 /* { */) return this.parseObject(parent);
    if (ch === 91 /* [ */) return this.parseArray(parent);
    const value = this.parseLeaf(ch);
    return new LeafNode(leafTypeOf(value), value, this.base + start, this.pos - start, parent);
  }

  /**
   * A property's value: a container's node, or a string, number, boolean or null kept inline (its node made when asked
   * for).
   */
  private parsePropertyValue(property: PropertyNode): void {
    const start = this.pos;
    const ch = this.text.charCodeAt(start);
    if (ch === 123 /* { */) property.valueNode = this.parseObject(property);
    else if (ch === 91 /* [ */) property.valueNode = this.parseArray(property);
    else property.setInlineValue(this.parseLeaf(ch), this.base + start, this.pos - start);
  }

  /** A string, number, boolean or null starting with `ch`. */
  private parseLeaf(ch: number): string | number | boolean | null {
    if (++this.values > this.maxValues) throw tooManyValues;
    let value: string | number | boolean | null;
    if (ch === 34) value = this.parseString();
    else if (ch === 116 /* t */) value = this.parseLiteral('true', true);
    else if (ch === 102 /* f */) value = this.parseLiteral('false', false);
    else if (ch === 110 /* n */) value = this.parseLiteral('null', null);
    else value = this.parseNumber();
    this.lastValue = value;
    return value;
  }

  private parseObject(parent: JsonNode | undefined): JsonNode {
    if (++this.depth > this.maxDepth) throw notStrict;
    if (++this.values > this.maxValues) throw tooManyValues;
    const text = this.text;
    const pending = this.pending;
    const node = new ContainerNode('object', this.base + this.pos, 0, parent, this.noChildren);
    const object: Record<string, unknown> = {};
    const first = pending.length;
    let hasDuplicate = false;
    let seen: Set<string> | undefined;
    this.pos++;
    this.skipWhitespace();
    if (text.charCodeAt(this.pos) !== 125 /* } */) {
      do {
        if (text.charCodeAt(this.pos) !== 34) throw notStrict;
        const keyStart = this.pos;
        const parsedKey = this.parseString();
        let key = this.keys.get(parsedKey);
        if (key === undefined) this.keys.set(parsedKey, (key = parsedKey));
        const property = new PropertyNode(this.base + keyStart, node, key, this.pos - keyStart);
        this.skipWhitespace();
        if (text.charCodeAt(this.pos) !== 58 /* : */) throw notStrict;
        property.colonOffset = this.base + this.pos;
        this.pos++;
        this.skipWhitespace();
        this.parsePropertyValue(property);
        assignProperty(object, key, this.lastValue);
        // Objects in a manifest are small: a linear scan beats a set, until one is large.
        const count = pending.length - first;
        if (count >= 32) {
          if (!seen) {
            seen = new Set();
            for (let i = first; i < pending.length; i++) seen.add((pending[i] as PropertyNode).key);
          }
          if (seen.has(key)) hasDuplicate = true;
          seen.add(key);
        } else if (!hasDuplicate && hasKey(pending, first, key)) {
          hasDuplicate = true;
        }
        pending.push(property);
      } while (this.anotherMember(125 /* } */));
    }
    this.close(node, first);
    this.lastValue = object;
    if (hasDuplicate) this.objectsWithDuplicateKeys.push(node);
    return node;
  }

  private parseArray(parent: JsonNode | undefined): JsonNode {
    if (++this.depth > this.maxDepth) throw notStrict;
    if (++this.values > this.maxValues) throw tooManyValues;
    const pending = this.pending;
    const node = new ContainerNode('array', this.base + this.pos, 0, parent, this.noChildren);
    const array: unknown[] = [];
    const first = pending.length;
    this.pos++;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.pos) !== 93 /* ] */) {
      do {
        pending.push(this.parseValue(node));
        array.push(this.lastValue);
      } while (this.anotherMember(93 /* ] */));
    }
    this.close(node, first);
    this.lastValue = array;
    return node;
  }

  /** After a member: true past a comma (another member follows), false at the container's closing `close`. */
  private anotherMember(close: number): boolean {
    this.skipWhitespace();
    const next = this.text.charCodeAt(this.pos);
    if (next === 44 /* , */) {
      this.pos++;
      this.skipWhitespace();
      return true;
    }
    if (next === close) return false;
    throw notStrict;
  }

  /** At the closing bracket: the container ends after it and takes its children, an exact-size copy. */
  private close(node: ContainerNode, first: number): void {
    this.pos++;
    this.depth--;
    node.length = this.base + this.pos - node.offset;
    node.children = this.pending.slice(first);
    this.pending.length = first;
  }
}

const parser = new StrictJsonParser();

function hasKey(properties: JsonNode[], first: number, key: string): boolean {
  for (let i = first; i < properties.length; i++) if ((properties[i] as PropertyNode).key === key) return true;
  return false;
}

function isDigit(ch: number): boolean {
  return ch >= 48 && ch <= 57;
}
