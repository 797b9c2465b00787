/** A realistic request and the tool (display name) a good ranker should put first. */
export interface DemoQuery {
  readonly query: string;
  readonly expected: string;
}

/** About thirty requests a user might make of an agent holding the demo catalog. */
export const demoQueries: readonly DemoQuery[] = [
  { query: 'open a pull request from my feature branch into main', expected: 'mcp__github__create_pull_request' },
  { query: 'why did the CI build fail? show the GitHub Actions logs', expected: 'mcp__github__get_workflow_run_logs' },
  { query: 'find where useCheckoutSession is defined across our repos', expected: 'mcp__github__search_code' },
  { query: 'publish release v2.3.0 with release notes', expected: 'mcp__github__create_release' },
  { query: 'reply in the slack thread about the outage that it is fixed', expected: 'mcp__slack__reply_to_thread' },
  { query: 'search slack for messages about the database migration last week', expected: 'mcp__slack__search_messages' },
  { query: 'remind me in slack to review the Q3 plan tomorrow at 9am', expected: 'mcp__slack__create_reminder' },
  { query: 'move PAY-1234 to Done in Jira', expected: 'mcp__jira__transition_issue' },
  { query: 'log 3 hours of work on a jira ticket', expected: 'mcp__jira__add_worklog' },
  { query: 'which jira issues are in the current sprint', expected: 'mcp__jira__get_sprint_issues' },
  { query: 'post a project update in Linear saying we are at risk', expected: 'mcp__linear__post_project_update' },
  { query: 'what Linear issues are assigned to me', expected: 'mcp__linear__list_my_issues' },
  { query: 'query the Notion tasks database for rows with status Done', expected: 'mcp__notion__query_database' },
  { query: 'append meeting notes to a notion page', expected: 'mcp__notion__append_to_page' },
  { query: 'share the budget spreadsheet with finance@acme.com as editor', expected: 'mcp__google-drive__share_file' },
  { query: 'read cells A1:F200 from the Q3 sheet', expected: 'mcp__google-drive__read_sheet_range' },
  { query: 'send an email to the client with the signed contract', expected: 'mcp__gmail__send_email' },
  { query: 'set up an out-of-office auto reply in gmail while I am on vacation', expected: 'mcp__gmail__set_vacation_responder' },
  { query: 'list the tables in the analytics schema with row counts', expected: 'mcp__postgres__list_tables' },
  { query: 'run a SQL select to count orders per day', expected: 'mcp__postgres__run_query' },
  { query: 'show the query plan to see why this postgres query is slow', expected: 'mcp__postgres__explain_query' },
  { query: 'refund the customer for the duplicate charge', expected: 'mcp__stripe__create_refund' },
  { query: 'cancel the stripe subscription at the end of the billing period', expected: 'mcp__stripe__cancel_subscription' },
  { query: 'create a shareable payment link for the annual plan', expected: 'mcp__stripe__create_payment_link' },
  { query: 'show me the stack trace of the latest error in Sentry', expected: 'mcp__sentry__get_latest_event' },
  { query: 'crash-free sessions for release web@2.4.1', expected: 'mcp__sentry__get_release_health' },
  { query: 'generate a presigned URL so a partner can download the report from S3', expected: 'mcp__aws-s3__generate_presigned_url' },
  { query: 'restore an archived file from glacier', expected: 'mcp__aws-s3__restore_archived_object' },
  { query: 'search datadog logs for checkout errors in the last hour', expected: 'mcp__datadog__search_logs' },
  { query: 'who is on call for the payments team right now', expected: 'mcp__datadog__get_oncall' },
  { query: 'silence monitors during the maintenance window on saturday', expected: 'mcp__datadog__schedule_downtime' },
  { query: 'find the failover runbook in the confluence wiki', expected: 'mcp__confluence__search_content' },
  { query: 'fetch this web page and summarise it', expected: 'WebFetch' },
];
