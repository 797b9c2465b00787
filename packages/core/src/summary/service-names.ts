/** Display names of well-known services, keyed by normalized server name. */
const WELL_KNOWN_SERVICES: Readonly<Record<string, string>> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  bitbucket: 'Bitbucket',
  'google-drive': 'Google Drive',
  gdrive: 'Google Drive',
  'google-calendar': 'Google Calendar',
  gcal: 'Google Calendar',
  'google-sheets': 'Google Sheets',
  'google-docs': 'Google Docs',
  'google-maps': 'Google Maps',
  gmail: 'Gmail',
  postgres: 'PostgreSQL',
  postgresql: 'PostgreSQL',
  mysql: 'MySQL',
  sqlite: 'SQLite',
  mongodb: 'MongoDB',
  redis: 'Redis',
  bigquery: 'BigQuery',
  dynamodb: 'DynamoDB',
  elasticsearch: 'Elasticsearch',
  'aws-s3': 'AWS S3',
  s3: 'AWS S3',
  aws: 'AWS',
  gcp: 'Google Cloud',
  azure: 'Azure',
  cloudflare: 'Cloudflare',
  vercel: 'Vercel',
  supabase: 'Supabase',
  kubernetes: 'Kubernetes',
  k8s: 'Kubernetes',
  docker: 'Docker',
  datadog: 'Datadog',
  pagerduty: 'PagerDuty',
  circleci: 'CircleCI',
  hubspot: 'HubSpot',
  salesforce: 'Salesforce',
  zendesk: 'Zendesk',
  jira: 'Jira',
  confluence: 'Confluence',
  clickup: 'ClickUp',
  onedrive: 'OneDrive',
  sharepoint: 'SharePoint',
  teams: 'Microsoft Teams',
  'ms-teams': 'Microsoft Teams',
  'microsoft-teams': 'Microsoft Teams',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
  sendgrid: 'SendGrid',
  quickbooks: 'QuickBooks',
  openai: 'OpenAI',
  npm: 'npm',
  'brave-search': 'Brave Search',
};

const ACRONYMS: ReadonlySet<string> = new Set(['ai', 'api', 'aws', 'cd', 'ci', 'crm', 'db', 'gcp', 'http', 'id', 'llm', 'mcp', 'sql', 'ui', 'url']);

function stripMcpAffixes(server: string): string {
  const stripped = server
    .trim()
    .replace(/^(mcp[-_ ]server[-_ ]|server[-_ ]|mcp[-_ ])/i, '')
    .replace(/([-_ ]mcp[-_ ]server|[-_ ]server|[-_ ]mcp)$/i, '');
  return stripped.length > 0 ? stripped : server.trim();
}

/**
 * A human name for an MCP server: from a table of well-known services
 * (`github` → GitHub, `aws-s3` → AWS S3, `postgres` → PostgreSQL; `mcp-`
 * prefixes and `-mcp`/`-server` suffixes are ignored), else the name split
 * at `-`, `_`, `.` and spaces with each word capitalized (known acronyms in
 * capitals): `my-crm_tools` → My CRM Tools.
 */
export function prettyServerName(server: string): string {
  const stripped = stripMcpAffixes(server);
  const known = WELL_KNOWN_SERVICES[stripped.toLowerCase().replace(/[\s_.]+/g, '-')];
  if (known !== undefined) return known;
  const words = stripped.split(/[\s_.-]+/).filter((word) => word.length > 0);
  if (words.length === 0) return server;
  return words
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}
