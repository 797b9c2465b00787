import { service, tool } from '../builder.js';
import { int, list, oneOf, str } from '../schema.js';

const organization = str('Sentry organization slug, e.g. "acme".');
const project = str('Sentry project slug, e.g. "checkout-web".');
const issueId = str('Sentry issue id or short id, e.g. "CHECKOUT-WEB-3F2".');
const statsPeriod = str('Relative time window: "1h", "24h", "7d", "14d" or "30d".', { default: '24h' });
const environment = str('Environment, e.g. "production" or "staging".');

/** Sentry: error issues, events, stack traces, releases, performance and alerts. */
export const sentry = service('sentry', [
  tool('list_issues', 'List Sentry error issues of a project, sorted by frequency, users affected or recency, filtered by status, environment and time window.', {
    organization,
    project,
    'query?': str('Sentry search, e.g. "is:unresolved level:error release:2.4.1".'),
    'sort?': oneOf(['freq', 'user', 'date', 'new'], 'Sort order.', { default: 'freq' }),
    'statsPeriod?': statsPeriod,
    'environment?': environment,
    'limit?': int('Maximum number of issues.', { minimum: 1, maximum: 100, default: 25 }),
  }),
  tool('search_issues', 'Search Sentry issues across all projects of an organization by error message, exception type, tag, user or URL.', {
    organization,
    query: str('Search text or Sentry query, e.g. "TypeError url:*checkout*".'),
    'statsPeriod?': statsPeriod,
  }),
  tool('get_issue', 'Get a Sentry issue: title, culprit, first and last seen, event count, users affected, status, assignee and tags.', { issueId }),
  tool('get_latest_event', 'Get the latest event of a Sentry issue with the full exception stack trace, breadcrumbs, request, user and tags, to debug an error.', {
    issueId,
  }),
  tool('list_issue_events', 'List the individual events (occurrences) of a Sentry issue with timestamps, release and user.', {
    issueId,
    'limit?': int('Maximum number of events.', { minimum: 1, maximum: 100, default: 25 }),
  }),
  tool('update_issue', 'Resolve, ignore, unresolve or assign a Sentry issue; resolving can wait for the next release.', {
    issueId,
    'status?': oneOf(['resolved', 'resolvedInNextRelease', 'unresolved', 'ignored'], 'New status.'),
    'assignedTo?': str('User email or "team:slug"; empty to unassign.'),
    'ignoreDuration?': int('Minutes to ignore for, when ignoring.'),
  }),
  tool('add_issue_comment', 'Add a note (comment) to a Sentry issue for teammates.', {
    issueId,
    text: str('Note text; supports @mentions.'),
  }),
  tool('get_issue_tag_breakdown', 'Show how a Sentry issue is distributed over a tag\'s values, e.g. browser, OS, release or environment.', {
    issueId,
    tag: str('Tag key, e.g. "browser", "os", "release", "url".'),
  }),
  tool('list_projects', 'List the Sentry projects of an organization with platform and team.', { organization }),
  tool('list_releases', 'List Sentry releases of a project with version, date, new issues and crash-free session rate.', {
    organization,
    'project?': project,
    'limit?': int('Maximum number of releases.', { minimum: 1, maximum: 100, default: 20 }),
  }),
  tool('get_release_health', 'Get release health in Sentry for a version: crash-free sessions and users, adoption and new issues introduced.', {
    organization,
    version: str('Release version, e.g. "web@2.4.1".'),
  }),
  tool('create_release', 'Create a Sentry release for a version and associate commits so suspect commits and resolved-in-release work.', {
    organization,
    version: str('Release version.'),
    projects: list(str('Project slug.'), 'Projects in the release.'),
    'ref?': str('Commit SHA the release was built from.'),
  }),
  tool('create_deploy', 'Record a deploy of a Sentry release to an environment.', {
    organization,
    version: str('Release version.'),
    environment,
  }),
  tool('query_events', 'Query Sentry events and transactions with Discover: aggregate error counts, p95 latency or throughput by any field over time.', {
    organization,
    fields: list(str('Field or aggregate, e.g. "transaction", "count()", "p95(transaction.duration)".'), 'Columns.'),
    'query?': str('Filter, e.g. "event.type:transaction http.status_code:500".'),
    'statsPeriod?': statsPeriod,
    'orderBy?': str('Column to sort by; prefix with "-" for descending.'),
  }),
  tool('list_slow_transactions', 'List the slowest Sentry performance transactions (endpoints and page loads) by p75 or p95 duration.', {
    organization,
    project,
    'statsPeriod?': statsPeriod,
  }),
  tool('list_alert_rules', 'List the Sentry alert rules of a project (issue alerts and metric alerts) with their conditions and actions.', {
    organization,
    project,
  }),
  tool('create_alert_rule', 'Create a Sentry metric alert, e.g. notify Slack when the error count exceeds a threshold in a time window.', {
    organization,
    project,
    name: str('Alert name.'),
    aggregate: str('Metric, e.g. "count()" or "p95(transaction.duration)".'),
    threshold: int('Value that triggers the alert.'),
    'timeWindowMinutes?': int('Evaluation window in minutes.', { default: 5 }),
    'notify?': str('Slack channel, email or team to notify.'),
  }),
  tool('list_team_members', 'List the members of a Sentry organization with roles and teams, for assigning issues.', { organization }),
]);
