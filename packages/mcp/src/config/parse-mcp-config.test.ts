import { isLoadoutError } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { expandEnv } from './expand-env.js';
import { parseMcpConfig } from './parse-mcp-config.js';

function failure(value: unknown, env?: Record<string, string>): { code: string; message: string; details: Record<string, unknown> } {
  try {
    parseMcpConfig(value, env === undefined ? { source: 'mcp.json' } : { source: 'mcp.json', env });
  } catch (error) {
    if (!isLoadoutError(error)) throw error;
    return { code: error.code, message: error.message, details: { ...error.details } };
  }
  throw new Error('expected parseMcpConfig to throw');
}

describe('parseMcpConfig', () => {
  it('reads stdio and http entries with their defaults', () => {
    const config = parseMcpConfig({
      mcpServers: {
        files: { command: 'node', args: ['server.js', '--root', '/tmp'], env: { DEBUG: '1' }, alwaysLoad: true },
        remote: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' } },
        bare: { command: 'mcp-server' },
        implied: { url: 'http://127.0.0.1:9000/mcp' },
      },
      otherClientSetting: true,
    });
    expect(config.mcpServers).toEqual({
      files: { type: 'stdio', command: 'node', args: ['server.js', '--root', '/tmp'], env: { DEBUG: '1' }, alwaysLoad: true },
      remote: { type: 'http', url: 'https://example.com/mcp', headers: { Authorization: 'Bearer x' }, alwaysLoad: false },
      bare: { type: 'stdio', command: 'mcp-server', args: [], env: {}, alwaysLoad: false },
      implied: { type: 'http', url: 'http://127.0.0.1:9000/mcp', headers: {}, alwaysLoad: false },
    });
    expect(Object.keys(config.mcpServers)).toEqual(['files', 'remote', 'bare', 'implied']);
  });

  it('accepts streamable-http as http and keeps cwd', () => {
    const config = parseMcpConfig({
      mcpServers: { a: { type: 'streamable-http', url: 'http://localhost/mcp' }, b: { type: 'stdio', command: 'x', cwd: '/srv' } },
    });
    expect(config.mcpServers['a']?.type).toBe('http');
    expect(config.mcpServers['b']).toMatchObject({ type: 'stdio', cwd: '/srv' });
  });

  it.each([
    [{ nope: {} }, undefined, /"mcpServers" must be an object/],
    [[], undefined, /expected an object with "mcpServers"/],
    [{ mcpServers: { a: 'node x' } }, 'a', /server "a": must be an object/],
    [{ mcpServers: { a: {} } }, 'a', /server "a": command must be a non-empty string \(got undefined\)/],
    [{ mcpServers: { a: { command: 'x', args: 'y' } } }, 'a', /server "a": args must be an array of strings/],
    [{ mcpServers: { a: { command: 'x', args: ['ok', 3] } } }, 'a', /server "a": args\[1\] must be a string \(got a number\)/],
    [{ mcpServers: { a: { command: 'x', env: { K: 1 } } } }, 'a', /server "a": env\.K must be a string/],
    [{ mcpServers: { a: { command: 'x', alwaysLoad: 'yes' } } }, 'a', /server "a": alwaysLoad must be a boolean \(got "yes"\)/],
    [{ mcpServers: { b: { type: 'http' } } }, 'b', /server "b": url must be a non-empty string/],
    [{ mcpServers: { b: { type: 'http', url: 'not a url' } } }, 'b', /server "b": url is not a valid URL/],
    [{ mcpServers: { b: { type: 'http', url: 'ftp://x/y' } } }, 'b', /url must use http: or https:/],
    // Trial 3437: fetch refused them and every retry logged them in full.
    [{ mcpServers: { g: { type: 'http', url: 'https://user:hunter2@example.invalid/mcp?api_key=SECRETKEY' } } }, 'g', /^mcp.json: server "g": url must not hold credentials \(user:password@\); put credentials in headers, say "headers": \{"Authorization": "Bearer \$\{TOKEN\}"\}$/],
    [{ mcpServers: { g: { type: 'http', url: 'https://:hunter2@example.invalid/mcp' } } }, 'g', /url must not hold credentials/],
    [{ mcpServers: { b: { type: 'http', url: 'http://x', headers: [] } } }, 'b', /server "b": headers must be an object of strings/],
    [{ mcpServers: { c: { type: 'sse', url: 'http://x' } } }, 'c', /type must be "stdio" or "http" \(got "sse"\); the deprecated SSE transport/],
    [{ mcpServers: { ' ': { command: 'x' } } }, ' ', /a server name must not be empty/],
  ])('rejects %j naming the server and field', (value, server, pattern) => {
    const error = failure(value);
    expect(error.code).toBe('mcp-invalid-config');
    expect(error.message.startsWith('mcp.json: ')).toBe(true);
    expect(error.message).toMatch(pattern);
    expect(error.details['server']).toBe(server);
  });

  it('never quotes an invalid URL\'s password or query values (trial 3437)', () => {
    const error = failure({ mcpServers: { b: { type: 'http', url: 'https://u:hunter2@ex ample/mcp?api_key=SECRETKEY' } } });
    expect(error.message).toMatch(/url is not a valid URL/);
    expect(error.message).not.toMatch(/hunter2|SECRETKEY/);
  });

  it('names the field in details', () => {
    expect(failure({ mcpServers: { a: { command: 'x', args: ['ok', 3] } } }).details).toMatchObject({ server: 'a', field: 'args[1]' });
  });

  it('expands ${VAR} and ${VAR:-default} when given an environment', () => {
    const config = parseMcpConfig(
      {
        mcpServers: {
          a: { command: '${HOME_BIN}/server', args: ['--port', '${PORT:-8080}'], env: { TOKEN: '${TOKEN}' } },
          b: { type: 'http', url: 'https://${HOST}/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } },
        },
      },
      { env: { HOME_BIN: '/opt/bin', TOKEN: 's3cret', HOST: 'api.example.com' } },
    );
    expect(config.mcpServers['a']).toMatchObject({ command: '/opt/bin/server', args: ['--port', '8080'], env: { TOKEN: 's3cret' } });
    expect(config.mcpServers['b']).toMatchObject({ url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer s3cret' } });
  });

  it('keeps references literally without an environment, and rejects unset variables with one', () => {
    expect(parseMcpConfig({ mcpServers: { a: { command: '${X}' } } }).mcpServers['a']).toMatchObject({ command: '${X}' });
    const error = failure({ mcpServers: { a: { command: 'x', env: { KEY: '${MISSING_KEY}' } } } }, {});
    expect(error.message).toMatch(/server "a": env\.KEY uses \$\{MISSING_KEY\}, which is not set and has no default/);
  });
});

describe('expandEnv', () => {
  it('treats an empty variable as unset and leaves other dollars alone', () => {
    expect(expandEnv('$HOME ${A:-x} ${B}', { A: '', B: 'b' })).toEqual({ text: '$HOME x b' });
    expect(expandEnv('${A}${C}', { A: 'a' })).toEqual({ missing: 'C' });
  });
});

describe('parseMcpConfig with prototype names', () => {
  it('keeps servers and env keys named __proto__, constructor and toString, and never expands ${toString} from Object.prototype', () => {
    const config = parseMcpConfig(
      JSON.parse('{"mcpServers": {"__proto__": {"command": "a"}, "constructor": {"command": "b", "env": {"__proto__": "x"}}, "toString": {"command": "${toString:-c}"}}}'),
      { env: {} },
    );
    expect(Object.keys(config.mcpServers)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.getPrototypeOf(config.mcpServers)).toBe(Object.prototype);
    const constructorEntry = config.mcpServers['constructor'];
    expect(constructorEntry?.type === 'stdio' && Object.keys(constructorEntry.env)).toEqual(['__proto__']);
    const toStringEntry = config.mcpServers['toString'];
    expect(toStringEntry?.type === 'stdio' && toStringEntry.command).toBe('c');
  });

  it('refuses an unknown key inside an entry with a did-you-mean under unknownKeys reject, and warns under the default (trial 3420)', () => {
    const value = { mcpServers: { files: { command: 'node', agrs: ['server.js'], evn: { A: '1' }, alwaysload: true }, remote: { url: 'http://x/mcp', command2: 'x', env: {} } } };
    let error: unknown;
    try {
      parseMcpConfig(value, { source: 'loadout.config.json', unknownKeys: 'reject' });
    } catch (caught) {
      error = caught;
    }
    expect(isLoadoutError(error) && error.code).toBe('config-unknown-key');
    expect((error as Error).message).toBe(
      'loadout.config.json: server "files": unknown key "agrs"; did you mean "args"? (known: type, command, args, env, cwd, alwaysLoad, disabled)',
    );
    expect((error as { details: unknown }).details).toMatchObject({ server: 'files', key: 'agrs' });
    const warnings: string[] = [];
    const config = parseMcpConfig(value, { source: '.mcp.json', warn: (message) => warnings.push(message) });
    expect(config.mcpServers['files']).toMatchObject({ args: [], env: {}, alwaysLoad: false });
    expect(warnings).toEqual([
      '.mcp.json: server "files": unknown key "agrs"; did you mean "args"? (known: type, command, args, env, cwd, alwaysLoad, disabled); ignored, as in an MCP file of another client [config-unknown-key]',
      '.mcp.json: server "files": unknown key "evn"; did you mean "env"? (known: type, command, args, env, cwd, alwaysLoad, disabled); ignored, as in an MCP file of another client [config-unknown-key]',
      '.mcp.json: server "files": unknown key "alwaysload"; did you mean "alwaysLoad"? (known: type, command, args, env, cwd, alwaysLoad, disabled); ignored, as in an MCP file of another client [config-unknown-key]',
      '.mcp.json: server "remote": unknown key "command2" (known: type, url, headers, alwaysLoad, disabled); ignored, as in an MCP file of another client [config-unknown-key]',
      '.mcp.json: server "remote": unknown key "env" (it applies to local (command) servers only) (known: type, url, headers, alwaysLoad, disabled); ignored, as in an MCP file of another client [config-unknown-key]',
    ]);
  });

  it('reports a misspelt key before the field it misses: "comand" is config-unknown-key with a did-you-mean, not a missing command (trial 3424)', () => {
    const value = { mcpServers: { a: { comand: 'x' } } };
    let error: unknown;
    try {
      parseMcpConfig(value, { source: 'loadout.config.json', unknownKeys: 'reject' });
    } catch (caught) {
      error = caught;
    }
    expect(isLoadoutError(error) && error.code).toBe('config-unknown-key');
    expect((error as Error).message).toBe('loadout.config.json: server "a": unknown key "comand"; did you mean "command"? (known: type, command, args, env, cwd, alwaysLoad, disabled)');
    // Warned about, then the entry still fails on what it misses; an unknown type is reported as the type, not its keys.
    const warnings: string[] = [];
    expect(() => parseMcpConfig(value, { source: '.mcp.json', warn: (message) => warnings.push(message) })).toThrow('server "a": command must be a non-empty string');
    expect(warnings).toHaveLength(1);
    expect(() => parseMcpConfig({ mcpServers: { a: { type: 'sse', url: 'http://x/sse' } } }, { unknownKeys: 'reject' })).toThrow('type must be "stdio" or "http"');
  });
});

describe('parseMcpConfig with "disabled" (trial 3468, #13)', () => {
  it('leaves a server marked "disabled": true out unread, says so in one info line, and serves the others', () => {
    const info: string[] = [];
    const warn: string[] = [];
    const config = parseMcpConfig(
      {
        mcpServers: {
          everything: { command: 'everything-server', disabled: false },
          memory: { command: 'memory-server', env: { MEMORY_FILE_PATH: '${UNSET_PATH}' }, disabled: true },
          remote: { type: 'http', url: 'https://example.invalid/mcp', disabled: true },
        },
      },
      { source: '.mcp.json', env: {}, info: (line) => info.push(line), warn: (line) => warn.push(line) },
    );
    expect(Object.keys(config.mcpServers)).toEqual(['everything']);
    expect(info).toEqual([
      '.mcp.json: server "memory" is skipped: it is marked "disabled": true (not started, listed or callable)',
      '.mcp.json: server "remote" is skipped: it is marked "disabled": true (not started, listed or callable)',
    ]);
    expect(warn).toEqual([]);
  });

  it('is a known key in loadout\'s own files too, and a value that is not a boolean refuses the file rather than start the server', () => {
    expect(Object.keys(parseMcpConfig({ mcpServers: { a: { command: 'x', disabled: true } } }, { unknownKeys: 'reject' }).mcpServers)).toEqual([]);
    expect(failure({ mcpServers: { a: { command: 'x', disabled: 'true' } } })).toMatchObject({
      code: 'mcp-invalid-config',
      message: 'mcp.json: server "a": disabled must be a boolean (got "true")',
      details: { server: 'a', field: 'disabled' },
    });
  });
});
