/** A policy input with two core tools and two deferrable MCP tools of `deferrable` tokens in all (split 3:1); `overrides` replace fields. */
function policyInput(overrides: Record<string, unknown> = {}, deferrable = 1_000): Record<string, unknown> {
  const first = Math.floor((deferrable * 3) / 4);
  return {
    model: 'claude-sonnet-4-5-20250929',
    tools: [
      { name: 'Bash', kind: 'core', tokens: 900 },
      { name: 'Read', kind: 'core', tokens: 700 },
      { name: 'list_issues', server: 'github', tokens: first },
      { name: 'create_issue', server: 'github', tokens: deferrable - first },
    ],
    ...overrides,
  };
}

/** One policy input as `loadout policy` reads it: JSON text, valid or not. */
export interface PolicyConformanceInput {
  readonly name: string;
  readonly text: string;
}

const GATEWAY = 'https://llm-proxy.corp.example/anthropic';
const MODELS = ['claude-sonnet-4-5-20250929', 'claude-haiku-4-5', 'claude-opus-4-1', 'claude-3-7-sonnet-20250219', 'claude-sonnet-4-5@20250929', 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'gpt-4o'];
const PROVIDERS = [undefined, 'anthropic', 'agent-platform', 'bedrock', 'foundry'];
const ENV_VALUES = [undefined, 'true', 'false', 'FALSE', 'auto', 'auto:5', 'auto:0', 'auto:150', 'yes'];
const EXTRA_ENV: readonly Record<string, string>[] = [{}, { CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS: '1' }, { ANTHROPIC_BASE_URL: GATEWAY }];
const SDK_VERSIONS = [undefined, '2.1.100', '2.1.220', '2.1.221', '2.1.227', '2.1.303', '2.1.304', 'not-a-version'];
const DEFERRABLE = [1_000, 9_999, 10_000, 19_999, 20_000];

/**
 * The policy inputs the engines are compared on (Node, QuickJS, the
 * WebAssembly component, Python): every rule of the reason-code table and
 * their precedence over a grid of models, providers, `ENABLE_TOOL_SEARCH`
 * values, SDK versions, gateways, thresholds, HIPAA, the managed override
 * and earlier activation, plus warnings and inputs `loadout policy` rejects.
 * Every tool carries `tokens`, as in the contract's examples.
 */
export function policyConformanceInputs(): PolicyConformanceInput[] {
  const inputs: PolicyConformanceInput[] = [];
  const add = (name: string, value: unknown): void => {
    inputs.push({ name, text: JSON.stringify(value) });
  };
  let index = 0;
  for (const model of MODELS) {
    for (const provider of PROVIDERS) {
      for (const value of ENV_VALUES) {
        // Walk the remaining dimensions diagonally: every value of each meets every model and provider.
        const extra = EXTRA_ENV[index % EXTRA_ENV.length]!;
        const sdkVersion = SDK_VERSIONS[index % SDK_VERSIONS.length];
        const deferrable = DEFERRABLE[index % DEFERRABLE.length]!;
        const env = { ...extra, ...(value === undefined ? {} : { ENABLE_TOOL_SEARCH: value }) };
        add(
          `${model} on ${provider ?? 'default'}, ENABLE_TOOL_SEARCH=${value ?? 'unset'}, ${Object.keys(extra).join('+') || 'no other env'}, SDK ${sdkVersion ?? 'newest'}, ${deferrable} tokens`,
          policyInput(
            {
              model,
              env,
              ...(provider === undefined ? {} : { provider }),
              ...(sdkVersion === undefined ? {} : { sdkVersion }),
              ...(index % 11 === 0 ? { hipaa: true } : {}),
              ...(index % 7 === 0 ? { managedSettings: { keepToolSearchOn: true } } : {}),
              ...(index % 5 === 0 ? { conversation: { toolSearchActivated: true } } : {}),
              ...(index % 13 === 0 ? { contextWindow: 1_000_000 } : {}),
            },
            deferrable,
          ),
        );
        index++;
      }
    }
  }
  add('a mod that defers a core tool (mod-ignored-core)', policyInput({ mods: [{ plugin: 'p', rules: [{ tool: 'Bash', isDeferred: true }] }] }));
  add('a mod that keeps an MCP tool upfront', policyInput({ env: { ENABLE_TOOL_SEARCH: 'true' }, mods: [{ plugin: 'p', rules: [{ server: 'github', tool: 'list_issues', isDeferred: false }] }] }));
  add('a tool pinned by _meta', { ...policyInput(), tools: [{ name: 'pinned', server: 'github', tokens: 5, _meta: { 'anthropic/alwaysLoad': true } }] });
  add('no tools', { model: 'claude-sonnet-4-5' });
  add('an invalid context window', policyInput({ contextWindow: -5 }));
  add('a model that is not a string', { model: 5 });
  add('tools that are not an array', { model: 'claude-sonnet-4-5', tools: 'Bash' });
  add('a negative token count', { model: 'claude-sonnet-4-5', tools: [{ name: 'a', server: 's', tokens: -1 }] });
  add('an array instead of an object', [1, 2]);
  inputs.push({ name: 'not JSON', text: '{"model": ' });
  inputs.push({ name: 'empty', text: '  ' });
  inputs.push({ name: 'a byte-order mark before the JSON', text: `\ufeff${JSON.stringify(policyInput())}` });
  return inputs;
}
