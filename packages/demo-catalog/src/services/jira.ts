import { service, tool } from '../builder.js';
import { bool, int, list, map, oneOf, str } from '../schema.js';

const issueKey = str('Jira issue key, e.g. "PAY-1234".');
const projectKey = str('Jira project key, e.g. "PAY".');
const maxResults = int('Maximum number of results.', { minimum: 1, maximum: 100, default: 50 });
const startAt = int('Index of the first result, for pagination.', { minimum: 0, default: 0 });

/** Jira: issues, JQL search, transitions, comments, sprints, boards, worklogs and versions. */
export const jira = service('jira', [
  tool('search_issues', 'Search Jira issues with a JQL query (e.g. project = PAY AND status = "In Progress" AND assignee = currentUser()) and return key, summary, status and assignee.', {
    jql: str('JQL query.'),
    'fields?': list(str('Field name, e.g. "summary", "status", "priority".'), 'Fields to return; default is a standard set.'),
    'maxResults?': maxResults,
    'startAt?': startAt,
  }),
  tool(
    'get_issue',
    'Get one Jira issue by key with summary, description, status, priority, assignee, reporter, labels, components, fix versions and linked issues.',
    { issueKey, 'expand?': list(oneOf(['changelog', 'renderedFields', 'transitions'], 'Extra section.'), 'Extra sections to include.') },
    { alwaysLoad: true },
  ),
  tool('create_issue', 'Create a Jira issue (bug, story, task, epic or sub-task) in a project with summary, description, priority, labels, components and assignee.', {
    projectKey,
    issueType: str('Issue type name, e.g. "Bug", "Story", "Task", "Epic", "Sub-task".'),
    summary: str('One-line summary.'),
    'description?': str('Description in Markdown; converted to Atlassian Document Format.'),
    'priority?': oneOf(['Highest', 'High', 'Medium', 'Low', 'Lowest'], 'Priority.'),
    'assignee?': str('Account id or email of the assignee.'),
    'labels?': list(str('Label.'), 'Labels.'),
    'components?': list(str('Component name.'), 'Components.'),
    'parentKey?': str('Parent issue key for a sub-task or an epic child.'),
  }),
  tool('update_issue', 'Update fields of a Jira issue: summary, description, priority, labels, components, due date or custom fields.', {
    issueKey,
    fields: map('Field names and new values, e.g. {"summary": "...", "priority": {"name": "High"}}.'),
  }),
  tool('delete_issue', 'Delete a Jira issue and, optionally, its sub-tasks.', {
    issueKey,
    'deleteSubtasks?': bool('Also delete sub-tasks.', { default: false }),
  }),
  tool('list_transitions', 'List the workflow transitions currently available for a Jira issue (e.g. Start Progress, Resolve, Close).', { issueKey }),
  tool('transition_issue', 'Move a Jira issue through its workflow to another status such as In Progress, In Review or Done, optionally with a resolution and comment.', {
    issueKey,
    transition: str('Transition name or id, e.g. "Done".'),
    'resolution?': str('Resolution to set, e.g. "Fixed", "Won\'t Do".'),
    'comment?': str('Comment to add with the transition.'),
  }),
  tool('assign_issue', 'Assign a Jira issue to a user, or unassign it.', {
    issueKey,
    assignee: str('Account id or email of the new assignee; empty string to unassign.'),
  }),
  tool('add_comment', 'Add a comment to a Jira issue, optionally restricted to a project role or group.', {
    issueKey,
    body: str('Comment text in Markdown.'),
    'visibility?': str('Role or group allowed to see the comment, e.g. "Developers".'),
  }),
  tool('list_comments', 'List the comments of a Jira issue, oldest first.', {
    issueKey,
    'maxResults?': maxResults,
    'startAt?': startAt,
  }),
  tool('link_issues', 'Link two Jira issues with a link type such as "blocks", "relates to", "duplicates" or "clones".', {
    inwardIssue: str('Issue key on the inward side, e.g. the blocked issue.'),
    outwardIssue: str('Issue key on the outward side, e.g. the blocking issue.'),
    linkType: str('Link type name, e.g. "Blocks".'),
  }),
  tool('add_worklog', 'Log time spent on a Jira issue (e.g. "2h 30m") with a start time and comment.', {
    issueKey,
    timeSpent: str('Time spent in Jira duration format, e.g. "3h", "1d 2h".'),
    'started?': str('When the work started, ISO 8601.', { format: 'date-time' }),
    'comment?': str('What was done.'),
  }),
  tool('add_attachment', 'Attach a text file, such as a log or CSV export, to a Jira issue.', {
    issueKey,
    filename: str('Attachment file name.'),
    content: str('File content as text.'),
  }),
  tool('list_projects', 'List the Jira projects you can see, with key, name, type and lead.', {
    'query?': str('Filter projects whose name or key contains this text.'),
    'maxResults?': maxResults,
  }),
  tool('get_project', 'Get a Jira project with its issue types, components, versions and lead.', { projectKey }),
  tool('list_boards', 'List Jira Scrum and Kanban boards, optionally for one project.', {
    'projectKey?': projectKey,
    'type?': oneOf(['scrum', 'kanban'], 'Board type.'),
  }),
  tool('list_sprints', 'List the sprints of a Jira Scrum board: active, future or closed, with dates and goals.', {
    boardId: int('Board id.'),
    'state?': oneOf(['active', 'future', 'closed'], 'Sprint state.'),
  }),
  tool('get_sprint_issues', 'List the issues in a Jira sprint, such as the current active sprint, with their status, story points and assignee.', {
    sprintId: int('Sprint id.'),
    'jql?': str('Extra JQL filter, e.g. "status != Done".'),
    'maxResults?': maxResults,
  }),
  tool('create_sprint', 'Create a sprint on a Jira Scrum board with a name, goal, start and end dates.', {
    boardId: int('Board id.'),
    name: str('Sprint name, e.g. "PAY Sprint 42".'),
    'goal?': str('Sprint goal.'),
    'startDate?': str('Start, ISO 8601.', { format: 'date-time' }),
    'endDate?': str('End, ISO 8601.', { format: 'date-time' }),
  }),
  tool('move_issues_to_sprint', 'Move Jira issues into a sprint, or back to the backlog.', {
    sprintId: int('Target sprint id; omit to move to the backlog.'),
    issueKeys: list(str('Issue key.'), 'Issues to move (up to 50).'),
  }),
  tool('get_board_backlog', 'List the backlog issues of a Jira board in rank order.', {
    boardId: int('Board id.'),
    'maxResults?': maxResults,
  }),
  tool('list_versions', 'List the release versions (fix versions) of a Jira project with release dates and status.', { projectKey }),
  tool('create_version', 'Create a release version in a Jira project, e.g. "2025.06" with a release date.', {
    projectKey,
    name: str('Version name.'),
    'releaseDate?': str('Planned release date, YYYY-MM-DD.', { format: 'date' }),
    'description?': str('What the release contains.'),
  }),
  tool('search_users', 'Find Jira users by name or email to get their account id for assigning issues.', {
    query: str('Part of a name or an email address.'),
    'maxResults?': maxResults,
  }),
]);
