import { service, tool } from '../builder.js';
import { bool, int, list, map, num, oneOf, str } from '../schema.js';

const from = str('Start of the time range: ISO 8601 or relative such as "now-1h".', { default: 'now-1h' });
const to = str('End of the time range: ISO 8601 or "now".', { default: 'now' });

/** Datadog: metrics, logs, APM traces, monitors, dashboards, incidents, SLOs and on-call. */
export const datadog = service('datadog', [
  tool('query_metrics', 'Query Datadog timeseries metrics with a metric query (e.g. avg:system.cpu.user{service:api} by {host}) over a time range.', {
    query: str('Datadog metric query.'),
    from,
    to,
  }),
  tool('list_metrics', 'Find Datadog metric names that were active recently, by name prefix or tag.', {
    'prefix?': str('Metric name prefix, e.g. "aws.rds.".'),
    'tag?': str('Only metrics with this tag, e.g. "env:prod".'),
  }),
  tool('search_logs', 'Search Datadog logs with the log query syntax (service:, status:error, @http.status_code:500, free text) and return matching log lines.', {
    query: str('Log search query, e.g. "service:checkout status:error timeout".'),
    from,
    to,
    'limit?': int('Maximum log lines.', { minimum: 1, maximum: 1000, default: 100 }),
    'sort?': oneOf(['timestamp', '-timestamp'], 'Oldest or newest first.', { default: '-timestamp' }),
  }),
  tool('aggregate_logs', 'Count or aggregate Datadog logs grouped by a facet, e.g. errors per service or status codes per endpoint.', {
    query: str('Log search query.'),
    groupBy: list(str('Facet, e.g. "service" or "@http.status_code".'), 'Facets to group by.'),
    'compute?': str('Aggregation, e.g. "count" or "avg(@duration)".', { default: 'count' }),
    from,
    to,
  }),
  tool('search_traces', 'Search Datadog APM traces and spans by service, resource, status and duration to find slow or failing requests.', {
    query: str('Span query, e.g. "service:api resource_name:\\"POST /orders\\" @duration:>2s".'),
    from,
    to,
    'limit?': int('Maximum spans.', { minimum: 1, maximum: 1000, default: 50 }),
  }),
  tool('get_trace', 'Get a full Datadog APM trace by id: every span with service, duration, errors and tags, as a flame graph outline.', {
    traceId: str('Trace id.'),
  }),
  tool('get_service_summary', 'Get APM health of a Datadog service: request rate, error rate, p50/p95/p99 latency and top endpoints.', {
    service: str('Service name.'),
    'env?': str('Environment tag.', { default: 'prod' }),
    from,
    to,
  }),
  tool('list_monitors', 'List Datadog monitors filtered by name, tag or state (Alert, Warn, No Data, OK).', {
    'name?': str('Text in the monitor name.'),
    'tags?': list(str('Tag, e.g. "team:payments".'), 'Only monitors with these tags.'),
    'state?': oneOf(['Alert', 'Warn', 'No Data', 'OK'], 'Current monitor state.'),
  }),
  tool('get_monitor', 'Get a Datadog monitor with its query, thresholds, notification message and current state per group.', {
    monitorId: int('Monitor id.'),
  }),
  tool('create_monitor', 'Create a Datadog monitor that alerts when a metric, log count or APM error rate crosses a threshold, notifying people or channels.', {
    name: str('Monitor name.'),
    type: oneOf(['metric alert', 'log alert', 'query alert', 'service check', 'apm'], 'Monitor type.'),
    query: str('Monitor query, e.g. "avg(last_5m):avg:system.load.1{env:prod} > 4".'),
    message: str('Notification text with @mentions, e.g. "@slack-oncall @pagerduty".'),
    'critical?': num('Critical threshold.'),
    'warning?': num('Warning threshold.'),
    'tags?': list(str('Tag.'), 'Tags.'),
  }),
  tool('mute_monitor', 'Mute (silence) a Datadog monitor, for all or one scope, until a given time, e.g. during maintenance.', {
    monitorId: int('Monitor id.'),
    'scope?': str('Only mute this group, e.g. "host:db-1".'),
    'until?': str('When to unmute, ISO 8601.', { format: 'date-time' }),
  }),
  tool('schedule_downtime', 'Schedule a Datadog downtime that silences monitors matching a scope during a maintenance window.', {
    scope: list(str('Scope tag, e.g. "env:staging".'), 'What to silence.'),
    start: str('Start, ISO 8601.', { format: 'date-time' }),
    end: str('End, ISO 8601.', { format: 'date-time' }),
    'message?': str('Reason.'),
  }),
  tool('list_dashboards', 'List Datadog dashboards by title, author or list.', { 'query?': str('Text in the title.') }),
  tool('get_dashboard', 'Get a Datadog dashboard with its widgets and the queries behind each graph.', { dashboardId: str('Dashboard id.') }),
  tool('list_incidents', 'List Datadog incidents with severity, state, commander and timeline.', {
    'state?': oneOf(['active', 'stable', 'resolved'], 'Incident state.'),
    'limit?': int('Maximum incidents.', { minimum: 1, maximum: 100, default: 20 }),
  }),
  tool('create_incident', 'Declare a Datadog incident with a title, severity (SEV-1 to SEV-5), commander and affected services.', {
    title: str('Incident title.'),
    severity: oneOf(['SEV-1', 'SEV-2', 'SEV-3', 'SEV-4', 'SEV-5'], 'Severity.'),
    'commander?': str('Email of the incident commander.'),
    'services?': list(str('Service name.'), 'Affected services.'),
    'customerImpacted?': bool('Customers are impacted.', { default: false }),
  }),
  tool('list_slos', 'List Datadog service level objectives (SLOs) with target, current status and remaining error budget.', {
    'query?': str('Text in the SLO name or tags.'),
  }),
  tool('list_hosts', 'List Datadog hosts reporting metrics, with CPU, load, apps and tags.', {
    'filter?': str('Host name or tag filter.'),
    'includeMuted?': bool('Include muted hosts.', { default: true }),
  }),
  tool('get_oncall', 'Find who is on call right now for a Datadog On-Call team or schedule.', {
    team: str('Team handle or schedule name.'),
  }),
  tool('post_event', 'Post a custom event to the Datadog event stream, e.g. a deploy or a configuration change, with tags.', {
    title: str('Event title.'),
    text: str('Event text; Markdown allowed.'),
    'tags?': list(str('Tag.'), 'Tags, e.g. "service:api", "version:2.4.1".'),
    'alertType?': oneOf(['info', 'success', 'warning', 'error'], 'Kind of event.', { default: 'info' }),
    'attributes?': map('Extra attributes.'),
  }),
]);
