import { service, tool } from '../builder.js';
import { bool, int, list, num, oneOf, str } from '../schema.js';

const issueId = str('Linear issue identifier such as "ENG-512", or its UUID.');
const teamKey = str('Team key, e.g. "ENG" or "DES".');
const first = int('Maximum number of results.', { minimum: 1, maximum: 250, default: 50 });
const priority = int('Priority: 0 none, 1 urgent, 2 high, 3 medium, 4 low.', { minimum: 0, maximum: 4 });

/** Linear: issues, projects, cycles, teams, labels and comments. */
export const linear = service('linear', [
  tool('search_issues', 'Full-text search of Linear issues by title and description, optionally limited to a team, state, assignee or label.', {
    query: str('Words to search for.'),
    'teamKey?': teamKey,
    'state?': str('Workflow state name, e.g. "Todo", "In Progress", "Done".'),
    'assignee?': str('Assignee name or email; "me" for yourself.'),
    'first?': first,
  }),
  tool('list_my_issues', 'List the Linear issues assigned to you, grouped by workflow state, with priority and due date.', {
    'includeCompleted?': bool('Also list completed and canceled issues.', { default: false }),
    'first?': first,
  }),
  tool('get_issue', 'Get a Linear issue with its title, Markdown description, state, priority, estimate, assignee, labels, project, cycle and sub-issues.', { issueId }),
  tool('create_issue', 'Create a Linear issue in a team with title, Markdown description, priority, estimate, labels, assignee, project and cycle.', {
    teamKey,
    title: str('Issue title.'),
    'description?': str('Description in Markdown.'),
    'priority?': priority,
    'estimate?': num('Estimate in the team\'s point scale.'),
    'assignee?': str('Assignee name or email.'),
    'labels?': list(str('Label name.'), 'Labels to apply.'),
    'projectId?': str('Project to add the issue to.'),
    'parentId?': str('Parent issue identifier, to create a sub-issue.'),
  }),
  tool('update_issue', 'Update a Linear issue: title, description, workflow state, priority, estimate, assignee, labels, due date or project.', {
    issueId,
    'title?': str('New title.'),
    'description?': str('New description in Markdown.'),
    'state?': str('New workflow state name.'),
    'priority?': priority,
    'assignee?': str('New assignee name or email.'),
    'dueDate?': str('Due date, YYYY-MM-DD.', { format: 'date' }),
  }),
  tool('archive_issue', 'Archive a Linear issue so it no longer shows in views.', { issueId }),
  tool('add_comment', 'Comment on a Linear issue in Markdown, optionally as a reply to another comment.', {
    issueId,
    body: str('Comment in Markdown.'),
    'parentCommentId?': str('Reply to this comment.'),
  }),
  tool('list_comments', 'List the comments of a Linear issue with authors and timestamps.', { issueId }),
  tool('list_teams', 'List the Linear teams in the workspace with their key, name and workflow states.'),
  tool('list_workflow_states', 'List the workflow states of a Linear team (Backlog, Todo, In Progress, In Review, Done, Canceled).', { teamKey }),
  tool('list_projects', 'List Linear projects with status, lead, target date and progress percentage.', {
    'teamKey?': teamKey,
    'state?': oneOf(['planned', 'started', 'paused', 'completed', 'canceled'], 'Project state.'),
    'first?': first,
  }),
  tool('get_project', 'Get a Linear project with its description, milestones, members, progress and the issues it contains.', {
    projectId: str('Project id or slug.'),
  }),
  tool('create_project', 'Create a Linear project for one or more teams with a name, description, lead and target date.', {
    name: str('Project name.'),
    teamKeys: list(str('Team key.'), 'Teams that own the project.'),
    'description?': str('Project description in Markdown.'),
    'lead?': str('Project lead name or email.'),
    'targetDate?': str('Target date, YYYY-MM-DD.', { format: 'date' }),
  }),
  tool('post_project_update', 'Post a status update on a Linear project with health (on track, at risk, off track) and a Markdown summary.', {
    projectId: str('Project id or slug.'),
    health: oneOf(['onTrack', 'atRisk', 'offTrack'], 'Project health.'),
    body: str('Update text in Markdown.'),
  }),
  tool('list_cycles', 'List the cycles (sprints) of a Linear team: current, upcoming and past, with start and end dates and completion.', {
    teamKey,
    'type?': oneOf(['current', 'next', 'previous', 'all'], 'Which cycles.', { default: 'all' }),
  }),
  tool('add_issue_to_cycle', 'Add a Linear issue to a cycle, or remove it from its cycle.', {
    issueId,
    cycleId: str('Cycle id; empty string removes the issue from its cycle.'),
  }),
  tool('list_labels', 'List the issue labels of a Linear team or workspace, with colors and groups.', { 'teamKey?': teamKey }),
  tool('create_label', 'Create a Linear issue label with a name and color.', {
    name: str('Label name.'),
    'color?': str('Hex color, e.g. "#EB5757".'),
    'teamKey?': teamKey,
  }),
  tool('list_users', 'List the members of the Linear workspace with name, email and whether they are active or admin.'),
  tool('link_issue_to_url', 'Attach an external link, such as a pull request, design or document URL, to a Linear issue.', {
    issueId,
    url: str('URL to attach.', { format: 'uri' }),
    'title?': str('Title of the link.'),
  }),
]);
