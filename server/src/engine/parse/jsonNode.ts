import type { Node } from 'jsonc-parser';

/**
 * jsonc-parser's Node, as the parsers build it. A 5,000-tool manifest has over 400,000 of them and the
 * server keeps one tree per open document, so each kind is a class that stores only its own fields:
 * a leaf has no `children`, a container no `value`, and a property keeps its key and value in two
 * fields rather than in an array of its own.
 */
export interface JsonNode extends Node {
  type: Node['type'];
  value?: unknown;
  offset: number;
  length: number;
  colonOffset?: number;
  parent?: JsonNode;
  children?: JsonNode[];
}

type LeafType = 'string' | 'number' | 'boolean' | 'null';

/** A string, number, boolean or null. */
export class LeafNode implements JsonNode {
  declare readonly children: undefined;
  declare readonly colonOffset: undefined;

  constructor(
    readonly type: LeafType,
    readonly value: unknown,
    public offset: number,
    public length: number,
    public parent: JsonNode | undefined,
  ) {}
}

/** An object (its children are property nodes) or an array (its children are its items). */
export class ContainerNode implements JsonNode {
  declare readonly value: undefined;
  declare readonly colonOffset: undefined;

  constructor(
    readonly type: 'object' | 'array',
    public offset: number,
    public length: number,
    public parent: JsonNode | undefined,
    public children: JsonNode[],
  ) {}
}

/**
 * `"key": value`. Its children are [key, value], or [key] while the value is still missing. The key's
 * own node is made when something asks for it (a diagnostic on the key, a hover): most never are.
 * So is a string, number, boolean or null value's: until something asks for `valueNode`, the property
 * holds the value itself and where it stands (most values of a manifest are never asked for, and a
 * leaf is a fifth of the tree's objects). Once made, a node is kept: each ask gets the same one.
 */
export class PropertyNode implements JsonNode {
  declare readonly type: 'property';
  declare readonly value: undefined;
  colonOffset: number | undefined = undefined;
  /** The value's node (a container's, or a leaf's once made); the leaf's value itself while it is inline. */
  private valueSlot: unknown = undefined;
  /** Where the inline leaf starts, or -1 when there is none (`valueSlot` is then the node, or nothing). */
  private inlineOffset = -1;
  /** The inline leaf's length; without a value, the property's own (a property with one ends where its value does). */
  private inlineLength = 0;
  private madeKeyNode: LeafNode | undefined = undefined;

  constructor(
    /** Where the key's opening quote is: a property starts with its key. */
    public offset: number,
    public parent: JsonNode | undefined,
    readonly key: string,
    /** The key's length in the text, quotes and escapes included. */
    keyLength: number,
  ) {
    // A key written without escapes is its string and two quotes: only another's node is made now, to keep its length.
    if (keyLength !== key.length + 2) this.madeKeyNode = new LeafNode('string', key, offset, keyLength, this);
  }

  /** The key's length in the text, quotes and escapes included. */
  get keyLength(): number {
    return this.madeKeyNode ? this.madeKeyNode.length : this.key.length + 2;
  }

  /** From the key to the end of the value (or, while the value is missing, to where the parse put the end). */
  get length(): number {
    if (this.inlineOffset >= 0) return this.inlineOffset + this.inlineLength - this.offset;
    const value = this.valueSlot as JsonNode | undefined;
    return value ? value.offset + value.length - this.offset : this.inlineLength;
  }

  /** Where a property without a value ends (`"key":` or `"key"` while typed); one with a value ends with it. */
  endsAt(end: number): void {
    if (!this.hasValue) this.inlineLength = end - this.offset;
  }

  get keyNode(): LeafNode {
    return (this.madeKeyNode ??= new LeafNode('string', this.key, this.offset, this.keyLength, this));
  }

  /** The value's node, made now (and kept) if the value is an inline leaf. */
  get valueNode(): JsonNode | undefined {
    if (this.inlineOffset < 0) return this.valueSlot as JsonNode | undefined;
    const value = this.valueSlot;
    const leaf = new LeafNode(leafTypeOf(value), value, this.inlineOffset, this.inlineLength, this);
    this.valueSlot = leaf;
    this.inlineOffset = -1;
    return leaf;
  }

  set valueNode(node: JsonNode | undefined) {
    this.valueSlot = node;
    this.inlineOffset = -1;
  }

  /** The value's node if it has one already (a container always has), without making a leaf's. */
  get madeValueNode(): JsonNode | undefined {
    return this.inlineOffset < 0 ? (this.valueSlot as JsonNode | undefined) : undefined;
  }

  /**
   * What `valueNode?.value` reads (a leaf's value; undefined for a container or no value), without making a leaf's
   * node.
   */
  get leafValue(): unknown {
    return this.inlineOffset < 0 ? (this.valueSlot as JsonNode | undefined)?.value : this.valueSlot;
  }

  /** Whether the property has a value yet (`"key":` while typed has none), without making a leaf's node. */
  get hasValue(): boolean {
    return this.inlineOffset >= 0 || this.valueSlot !== undefined;
  }

  /** Gives the property a string, number, boolean or null value at `offset`, kept inline until asked for. */
  setInlineValue(value: string | number | boolean | null, offset: number, length: number): void {
    this.valueSlot = value;
    this.inlineOffset = offset;
    this.inlineLength = length;
  }

  /** Moves the property, its key and an inline value by `delta` (a value's node is moved by the caller). */
  shiftBy(delta: number): void {
    this.offset += delta;
    if (this.colonOffset !== undefined) this.colonOffset += delta;
    if (this.madeKeyNode) this.madeKeyNode.offset += delta;
    if (this.inlineOffset >= 0) this.inlineOffset += delta;
  }

  /** A new array on each read: walk hot paths through key and valueNode instead. */
  get children(): JsonNode[] {
    const value = this.valueNode;
    return value ? [this.keyNode, value] : [this.keyNode];
  }
}

/** The type of a leaf holding `value` (what JSON.parse gives for a string, number, boolean or null). */
export function leafTypeOf(value: unknown): LeafType {
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'null';
  }
}

// Fields a kind does not have read as undefined from its prototype, so that every read finds them.
Object.assign(LeafNode.prototype, { children: undefined, colonOffset: undefined });
Object.assign(ContainerNode.prototype, { value: undefined, colonOffset: undefined });
Object.assign(PropertyNode.prototype, { type: 'property', value: undefined });

export function isProperty(node: JsonNode): node is PropertyNode {
  return node.type === 'property';
}

/** The key string of a property node. */
export function keyOf(property: JsonNode): string {
  return (property as PropertyNode).key;
}

/** Where a node (or any span of the text) ends: the offset just after it. */
export function endOf(span: { offset: number; length: number }): number {
  return span.offset + span.length;
}
