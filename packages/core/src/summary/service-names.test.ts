import { describe, expect, it } from 'vitest';
import { prettyServerName } from './service-names.js';

describe('prettyServerName', () => {
  it.each([
    ['github', 'GitHub'],
    ['GitHub', 'GitHub'],
    ['google-drive', 'Google Drive'],
    ['google_drive', 'Google Drive'],
    ['postgres', 'PostgreSQL'],
    ['aws-s3', 'AWS S3'],
    ['github-mcp', 'GitHub'],
    ['mcp-server-postgres', 'PostgreSQL'],
    ['slack', 'Slack'],
    ['my-crm_tools', 'My CRM Tools'],
    ['TheClique', 'TheClique'],
    ['weather.api', 'Weather API'],
    ['mcp', 'MCP'],
    ['--', '--'],
  ])('%s → %s', (server, expected) => {
    expect(prettyServerName(server)).toBe(expected);
  });
});
