import fc from 'fast-check';

/** `levels` nested arrays or objects around `leaf`, built without recursion. */
export function nested(levels: number, shape: 'array' | 'object' | 'mixed', leaf: unknown = 1): unknown {
  let value = leaf;
  for (let index = 0; index < levels; index++) {
    const asArray = shape === 'array' || (shape === 'mixed' && index % 2 === 0);
    value = asArray ? [value] : { pad: value };
  }
  return value;
}

/** JSON text nested `levels` deep, optionally cut off (then invalid). */
export function nestedText(levels: number, shape: 'array' | 'object', truncated: boolean): string {
  const open = shape === 'array' ? '[' : '{"a":';
  const close = shape === 'array' ? ']' : '}';
  return open.repeat(levels) + (shape === 'array' ? '' : '1') + (truncated ? '' : close.repeat(levels));
}

/** Nesting depths: mostly moderate, sometimes past where recursion overflows (about 4,500), now and then 100,000. */
const depth: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 300 }), weight: 6 },
  { arbitrary: fc.integer({ min: 300, max: 12_000 }), weight: 3 },
  { arbitrary: fc.constant(100_000), weight: 1 },
);

const prototypeNames = fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '');

/** Values no JSON parser produces: undefined, bigint, symbols, functions, NaN, cycles, throwing getters, Maps. */
const nonJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(undefined),
  fc.bigInt(),
  fc.constant(Symbol('x')),
  fc.constant(() => 1),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, 2 ** 32, 2 ** 53, -0),
  fc.constant(new Map([['a', 1]])),
  fc.constant(new Date(0)),
  fc.constant((() => {
    const cycle: Record<string, unknown> = { name: 'cycle' };
    cycle['self'] = cycle;
    return cycle;
  })()),
  fc.constant(
    Object.defineProperty({}, 'name', {
      enumerable: true,
      get() {
        throw new Error('hostile getter');
      },
    }),
  ),
);

/** A tool-shaped object whose fields have any type, names included that shadow Object.prototype. */
const toolish: fc.Arbitrary<unknown> = fc.record(
  {
    name: fc.oneof(prototypeNames, fc.string(), fc.anything()),
    server: fc.oneof(prototypeNames, fc.string(), fc.constant(null), fc.anything()),
    description: fc.oneof(fc.string(), fc.anything()),
    inputSchema: fc.oneof(fc.constant({ type: 'object' }), fc.anything(), depth.map((levels) => nested(levels, 'object', { type: 'object' }))),
    kind: fc.oneof(fc.constantFrom('mcp', 'core', 'builtin'), fc.anything()),
    _meta: fc.oneof(fc.constant({ 'anthropic/alwaysLoad': true }), fc.anything()),
  },
  { requiredKeys: [] },
);

/** Deep, huge, non-JSON and prototype-named values, and ordinary JSON, for any parser that takes `unknown`. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.tuple(depth, fc.constantFrom('array', 'object', 'mixed') as fc.Arbitrary<'array' | 'object' | 'mixed'>).map(([levels, shape]) => nested(levels, shape)),
  fc.integer({ min: 10_000, max: 1_000_000 }).map((length) => 'x'.repeat(length)),
  nonJson,
  fc.array(toolish, { maxLength: 8 }),
  fc.record({ tools: fc.array(toolish, { maxLength: 4 }), servers: fc.dictionary(prototypeNames, fc.anything()) }, { requiredKeys: [] }),
  fc.dictionary(prototypeNames, fc.oneof(fc.anything(), toolish)),
  fc.record({ model: fc.oneof(fc.string(), fc.anything()), env: fc.dictionary(fc.string(), fc.anything()), tools: fc.array(toolish, { maxLength: 4 }) }, { requiredKeys: ['model'] }),
  fc.record({ mcpServers: fc.dictionary(prototypeNames, fc.oneof(fc.record({ command: fc.string() }), fc.anything())) }),
  fc.anything(),
);

/** Text for parsers that read text: JSON, JSONL, deep valid and invalid nesting, huge and random strings. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.string(),
  fc.tuple(depth, fc.constantFrom('array', 'object') as fc.Arbitrary<'array' | 'object'>, fc.boolean()).map(([levels, shape, cut]) => nestedText(levels, shape, cut)),
  fc.array(fc.json({ maxDepth: 3 }), { maxLength: 5 }).map((lines) => lines.join('\n')),
  fc.integer({ min: 10_000, max: 200_000 }).map((length) => `"${'x'.repeat(length)}`),
  hostileValue.map((value) => {
    try {
      return JSON.stringify(value) ?? 'undefined';
    } catch {
      return '[';
    }
  }),
);
