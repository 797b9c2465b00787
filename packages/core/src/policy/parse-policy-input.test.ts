import { describe, expect, it } from 'vitest';
import { isLoadoutError } from '../errors/loadout-error.js';
import { parsePolicyInput, POLICY_INPUT_MAX_DEPTH } from './parse-policy-input.js';

function errorOf(value: unknown): { code: string; message: string; details: Record<string, unknown> } {
  try {
    parsePolicyInput(value);
  } catch (error) {
    if (!isLoadoutError(error)) throw error;
    return { code: error.code, message: error.message, details: { ...error.details } };
  }
  throw new Error(`parsePolicyInput accepted ${JSON.stringify(value)}`);
}

const contractExample = {
  model: 'claude-sonnet-4-5-20250929',
  provider: 'anthropic',
  env: {
    ENABLE_TOOL_SEARCH: 'auto:5',
    CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1',
    ANTHROPIC_BASE_URL: 'https://llm-gateway.internal.example',
  },
  sdkVersion: '2.1.310',
  managedSettings: { keepToolSearchOn: true },
  hipaa: false,
  contextWindow: 200000,
  conversation: { toolSearchActivated: false },
  servers: { github: { alwaysLoad: false } },
  tools: [
    { name: 'Bash', kind: 'core' },
    { name: 'WebFetch', kind: 'builtin', description: '...', inputSchema: {} },
    {
      name: 'create_issue',
      server: 'github',
      kind: 'mcp',
      description: '...',
      inputSchema: {},
      tokens: 412,
      _meta: { 'anthropic/alwaysLoad': true },
    },
  ],
  mods: [{ plugin: 'pin-github', rules: [{ server: 'github', tool: 'create_*', isDeferred: false }] }],
};

describe('parsePolicyInput', () => {
  it('accepts the contract example unchanged', () => {
    expect(parsePolicyInput(JSON.parse(JSON.stringify(contractExample)))).toEqual(contractExample);
  });

  it('accepts the minimal input', () => {
    expect(parsePolicyInput({ model: 'opus' })).toEqual({ model: 'opus' });
  });

  it('drops unknown fields and null optional fields, keeps null schema and server', () => {
    const parsed = parsePolicyInput({
      model: 'opus',
      future: 1,
      provider: null,
      env: { A: 'x', B: null },
      tools: [{ name: 't', inputSchema: null, server: null, extra: true, tokens: null }],
    });
    expect(parsed).toEqual({ model: 'opus', env: { A: 'x' }, tools: [{ name: 't', inputSchema: null, server: null }] });
  });

  it('copies keys such as __proto__ as plain data', () => {
    const parsed = parsePolicyInput(JSON.parse('{"model":"opus","env":{"__proto__":"x"}}'));
    expect(Object.getPrototypeOf(parsed.env)).toBe(Object.prototype);
    expect(Object.keys(parsed.env ?? {})).toEqual(['__proto__']);
  });

  it.each([
    [null, 'input must be an object, got null'],
    [[1], 'input must be an object, got an array of 1 item'],
    [{}, 'model must be a non-empty string'],
    [{ model: '' }, 'model must be a non-empty string, got ""'],
    [{ model: 7 }, 'model must be a non-empty string, got 7'],
    [{ model: 'opus', provider: 'azure' }, 'provider must be one of anthropic, agent-platform, bedrock, foundry, got "azure"'],
    [{ model: 'opus', env: 'x' }, 'env must be an object, got "x"'],
    [{ model: 'opus', env: { ENABLE_TOOL_SEARCH: true } }, 'env.ENABLE_TOOL_SEARCH must be a string, got true'],
    [{ model: 'opus', env: { 'MY VAR': 1 } }, 'env["MY VAR"] must be a string, got 1'],
    [{ model: 'opus', sdkVersion: 2.1 }, 'sdkVersion must be a string, got 2.1'],
    [{ model: 'opus', managedSettings: { keepToolSearchOn: 'yes' } }, 'managedSettings.keepToolSearchOn must be a boolean, got "yes"'],
    [{ model: 'opus', hipaa: 1 }, 'hipaa must be a boolean, got 1'],
    [{ model: 'opus', contextWindow: -1 }, 'contextWindow must be a positive number up to 2^53 - 1, got -1'],
    [{ model: 'opus', contextWindow: '1' }, 'contextWindow must be a positive number up to 2^53 - 1, got "1"'],
    [{ model: 'opus', conversation: { toolSearchActivated: 0 } }, 'conversation.toolSearchActivated must be a boolean, got 0'],
    [{ model: 'opus', servers: { github: true } }, 'servers.github must be an object, got true'],
    [{ model: 'opus', servers: { 'my server': { alwaysLoad: 1 } } }, 'servers["my server"].alwaysLoad must be a boolean, got 1'],
    [{ model: 'opus', tools: {} }, 'tools must be an array, got {}'],
    [{ model: 'opus', tools: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 42 }] }, 'tools[3].name must be a string, got 42'],
    [{ model: 'opus', tools: ['Bash'] }, 'tools[0] must be an object, got "Bash"'],
    [{ model: 'opus', tools: [{ name: 'a', kind: 'plugin' }] }, 'tools[0].kind must be one of core, builtin, mcp, got "plugin"'],
    [{ model: 'opus', tools: [{ name: 'a', tokens: -1 }] }, 'tools[0].tokens must be a non-negative integer, got -1'],
    [{ model: 'opus', tools: [{ name: 'a', tokens: 1.5 }] }, 'tools[0].tokens must be a non-negative integer, got 1.5'],
    [{ model: 'opus', tools: [{ name: 'a', inputSchema: [] }] }, 'tools[0].inputSchema must be an object, got []'],
    [{ model: 'opus', tools: [{ name: 'a', server: 3 }] }, 'tools[0].server must be a string, got 3'],
    [{ model: 'opus', tools: [{ name: 'a', alwaysLoad: 'true' }] }, 'tools[0].alwaysLoad must be a boolean, got "true"'],
    [{ model: 'opus', tools: [{ name: 'a', _meta: 1 }] }, 'tools[0]._meta must be an object, got 1'],
    [{ model: 'opus', mods: [{ rules: [] }] }, 'mods[0].plugin must be a non-empty string'],
    [{ model: 'opus', mods: [{ plugin: 'p' }] }, 'mods[0].rules must be an array'],
    [{ model: 'opus', mods: [{ plugin: 'p', rules: [{ isDeferred: 'yes' }] }] }, 'mods[0].rules[0].isDeferred must be a boolean, got "yes"'],
    [{ model: 'opus', mods: [{ plugin: 'p', rules: [{ match: 'x' }] }] }, 'mods[0].rules[0].match must be absent'],
  ])('rejects %j: %s', (value, message) => {
    const error = errorOf(value);
    expect(error.code).toBe('invalid-input');
    expect(error.message).toContain(message);
  });

  it('puts the path and value in the details', () => {
    const error = errorOf({ model: 'opus', tools: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 42 }] });
    expect(error.details).toEqual({ path: 'tools[3].name', value: 42 });
  });

  it('leaves semantic checks to the decision', () => {
    const parsed = parsePolicyInput({ model: 'gpt-4o', sdkVersion: 'latest', env: { ENABLE_TOOL_SEARCH: 'maybe' }, tools: [{ name: 'a' }] });
    expect(parsed).toEqual({ model: 'gpt-4o', sdkVersion: 'latest', env: { ENABLE_TOOL_SEARCH: 'maybe' }, tools: [{ name: 'a' }] });
  });

  it.each([
    [[{ name: '' }], 'tools[0]', 'catalog-missing-name'],
    [[{ name: 'a', server: 's' }, { name: 'a', server: 's' }], 'tools[1]', 'catalog-duplicate-name'],
  ])('rejects tools the plan could not list: %j', (tools, path, code) => {
    const error = errorOf({ model: 'opus', tools });
    expect(error.code).toBe('invalid-input');
    expect(error.details).toMatchObject({ path, code });
    expect(error.message.startsWith(`${path}: `)).toBe(true);
  });

  it.each([
    ['a tool schema', (deep: unknown) => ({ model: 'opus', tools: [{ name: 'a', inputSchema: { type: 'object', default: deep } }] })],
    ['a tool _meta', (deep: unknown) => ({ model: 'opus', tools: [{ name: 'a', _meta: { pad: deep } }] })],
    ['an unknown field', (deep: unknown) => ({ model: 'opus', future: deep })],
  ])('refuses %s nested 100,000 levels deep with invalid-input and the limit', (_, build) => {
    let deep: unknown = 0;
    for (let index = 0; index < 100_000; index++) deep = [deep];
    const error = errorOf(build(deep));
    expect(error.code).toBe('invalid-input');
    expect(error.message).toBe(`invalid policy input: input nests deeper than ${POLICY_INPUT_MAX_DEPTH} levels`);
    expect(error.details).toEqual({ path: 'input', limit: POLICY_INPUT_MAX_DEPTH });
  });

  it('accepts input exactly at the depth limit', () => {
    let schema: Record<string, unknown> = { type: 'object' };
    // input (1) > tools (2) > tool (3) > schema (4) > … : the schema may nest limit - 3 levels.
    for (let level = 1; level < POLICY_INPUT_MAX_DEPTH - 3; level++) schema = { type: 'array', items: schema };
    // A tool's schema is an object schema at its top (any other type skips the tool).
    schema = { ...schema, type: 'object' };
    expect(() => parsePolicyInput({ model: 'opus', tools: [{ name: 'a', inputSchema: schema }] })).not.toThrow();
    expect(errorOf({ model: 'opus', tools: [{ name: 'a', inputSchema: { properties: schema } }] }).code).toBe('invalid-input');
  });
});
