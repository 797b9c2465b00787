import { service, tool } from '../builder.js';
import { bool, int, list, oneOf, str } from '../schema.js';

const owner = str('Account that owns the repository: a user login or an organization name, e.g. "acme".');
const repo = str('Repository name without the owner, e.g. "billing-api".');
const page = int('Page of results to return, starting at 1.', { minimum: 1, default: 1 });
const perPage = int('Results per page.', { minimum: 1, maximum: 100, default: 30 });
const issueNumber = int('Issue number as shown in the repository, e.g. 1423.', { minimum: 1 });
const pullNumber = int('Pull request number, e.g. 87.', { minimum: 1 });
const branch = str('Branch name, e.g. "main" or "feature/login-form".');

/** GitHub: repositories, issues, pull requests, code search, Actions workflows and releases. */
export const github = service('github', [
  tool('search_repositories', 'Search GitHub repositories by keyword, language, topic, stars or owner using GitHub search syntax (e.g. "language:go topic:cli stars:>500").', {
    query: str('GitHub repository search query; qualifiers such as language:, topic:, user:, org: and stars: are supported.'),
    'sort?': oneOf(['stars', 'forks', 'updated', 'best-match'], 'Sort order of the results.'),
    'page?': page,
    'perPage?': perPage,
  }),
  tool('get_repository', 'Get metadata of one GitHub repository: description, default branch, visibility, topics, star and fork counts, license and open issue count.', {
    owner,
    repo,
  }),
  tool('create_repository', 'Create a new GitHub repository for the authenticated user or an organization, optionally private and initialised with a README.', {
    name: str('Name of the new repository.'),
    'organization?': str('Create the repository in this organization instead of the personal account.'),
    'description?': str('Short description shown on the repository page.'),
    'private?': bool('Make the repository private.', { default: false }),
    'autoInit?': bool('Create an initial commit with a README.', { default: false }),
  }),
  tool('fork_repository', 'Fork a GitHub repository into your account or into an organization you belong to.', {
    owner,
    repo,
    'organization?': str('Organization to fork into; default is the personal account.'),
  }),
  tool('get_file_contents', 'Read the contents of a file or list a directory in a GitHub repository at a branch, tag or commit SHA.', {
    owner,
    repo,
    path: str('Path inside the repository, e.g. "src/index.ts"; a directory path lists its entries.'),
    'ref?': str('Branch, tag or commit SHA to read from; default is the default branch.'),
  }),
  tool('create_or_update_file', 'Create or update a single file in a GitHub repository with a commit on a branch; updating requires the current blob SHA.', {
    owner,
    repo,
    path: str('Path of the file to write.'),
    content: str('New file content as plain text.'),
    message: str('Commit message.'),
    branch,
    'sha?': str('Blob SHA of the file being replaced; required when updating an existing file.'),
  }),
  tool('push_files', 'Commit several files to a GitHub branch in one commit, creating or overwriting each path.', {
    owner,
    repo,
    branch,
    message: str('Commit message.'),
    files: list(
      { type: 'object', properties: { path: str('File path.'), content: str('File content.') }, required: ['path', 'content'] },
      'Files to write in the commit.',
    ),
  }),
  tool('create_branch', 'Create a new branch in a GitHub repository from another branch or commit.', {
    owner,
    repo,
    branch: str('Name of the branch to create.'),
    'fromBranch?': str('Branch to start from; default is the repository default branch.'),
  }),
  tool('list_branches', 'List the branches of a GitHub repository, with their head commit and protection status.', {
    owner,
    repo,
    'protectedOnly?': bool('Only list protected branches.'),
    'page?': page,
    'perPage?': perPage,
  }),
  tool('list_commits', 'List commits on a branch of a GitHub repository, optionally filtered by path, author or date range.', {
    owner,
    repo,
    'sha?': str('Branch name or commit SHA to start listing from.'),
    'path?': str('Only commits that touch this file path.'),
    'author?': str('GitHub login or email of the commit author.'),
    'since?': str('Only commits after this ISO 8601 timestamp.', { format: 'date-time' }),
    'page?': page,
    'perPage?': perPage,
  }),
  tool('get_commit', 'Get one commit of a GitHub repository with its message, author, changed files and diff stats.', {
    owner,
    repo,
    sha: str('Full or abbreviated commit SHA.'),
  }),
  tool('compare_commits', 'Compare two branches, tags or commits of a GitHub repository and list the commits and file changes between them.', {
    owner,
    repo,
    base: str('Base branch, tag or SHA.'),
    head: str('Head branch, tag or SHA.'),
  }),
  tool('search_code', 'Search source code across GitHub repositories by keyword, symbol, file path, language or repository, e.g. to find where a function is defined or used ("useState repo:acme/web language:tsx").', {
    query: str('Code search query with optional qualifiers repo:, org:, path:, language: and extension:.'),
    'page?': page,
    'perPage?': perPage,
  }),
  tool('list_issues', 'List issues in a GitHub repository filtered by state, labels, assignee, milestone or creation date.', {
    owner,
    repo,
    'state?': oneOf(['open', 'closed', 'all'], 'Issue state.', { default: 'open' }),
    'labels?': list(str('Label name.'), 'Only issues carrying all of these labels.'),
    'assignee?': str('Login of the assignee, "none" or "*".'),
    'since?': str('Only issues updated after this ISO 8601 timestamp.', { format: 'date-time' }),
    'page?': page,
    'perPage?': perPage,
  }),
  tool('search_issues', 'Search GitHub issues and pull requests across repositories with GitHub search qualifiers (is:issue, is:pr, label:, author:, involves:, state:).', {
    query: str('Issue search query, e.g. "is:issue is:open label:bug repo:acme/web memory leak".'),
    'sort?': oneOf(['comments', 'reactions', 'created', 'updated'], 'Sort field.'),
    'page?': page,
    'perPage?': perPage,
  }),
  tool('get_issue', 'Get one GitHub issue with its title, body, labels, assignees, milestone, state and timestamps.', {
    owner,
    repo,
    issueNumber,
  }),
  tool('create_issue', 'Open a new issue in a GitHub repository with a title, Markdown body, labels, assignees and milestone; use it to report a bug or request a feature.', {
    owner,
    repo,
    title: str('Issue title.'),
    'body?': str('Issue description in GitHub-flavoured Markdown.'),
    'labels?': list(str('Label name.'), 'Labels to apply.'),
    'assignees?': list(str('GitHub login.'), 'Users to assign.'),
    'milestone?': int('Milestone number.'),
  }),
  tool('update_issue', 'Edit a GitHub issue: change its title, body, state (close or reopen), labels, assignees or milestone.', {
    owner,
    repo,
    issueNumber,
    'title?': str('New title.'),
    'body?': str('New body in Markdown.'),
    'state?': oneOf(['open', 'closed'], 'Open or close the issue.'),
    'stateReason?': oneOf(['completed', 'not_planned', 'reopened'], 'Why the state changed.'),
    'labels?': list(str('Label name.'), 'Replace the labels with these.'),
    'assignees?': list(str('GitHub login.'), 'Replace the assignees with these.'),
  }),
  tool('add_issue_comment', 'Post a comment on a GitHub issue or pull request conversation.', {
    owner,
    repo,
    issueNumber: int('Issue or pull request number.', { minimum: 1 }),
    body: str('Comment text in Markdown.'),
  }),
  tool('list_pull_requests', 'List pull requests of a GitHub repository filtered by state, base branch, head branch or author.', {
    owner,
    repo,
    'state?': oneOf(['open', 'closed', 'all'], 'Pull request state.', { default: 'open' }),
    'base?': str('Only pull requests targeting this base branch.'),
    'head?': str('Only pull requests from this head, as "user:branch".'),
    'page?': page,
    'perPage?': perPage,
  }),
  tool(
    'get_pull_request',
    'Get one GitHub pull request: title, description, author, base and head branches, mergeable state, review decision and check status.',
    { owner, repo, pullNumber },
    { alwaysLoad: true },
  ),
  tool('get_pull_request_diff', 'Get the unified diff of a GitHub pull request, file by file, to review the code changes.', {
    owner,
    repo,
    pullNumber,
  }),
  tool('list_pull_request_files', 'List the files changed in a GitHub pull request with additions, deletions and change status.', {
    owner,
    repo,
    pullNumber,
    'page?': page,
  }),
  tool('create_pull_request', 'Open a pull request on GitHub to merge a head branch into a base branch, with title, description and draft flag.', {
    owner,
    repo,
    title: str('Pull request title.'),
    head: str('Branch with the changes (or "user:branch" for a fork).'),
    base: str('Branch to merge into, e.g. "main".'),
    'body?': str('Pull request description in Markdown.'),
    'draft?': bool('Open as a draft pull request.', { default: false }),
  }),
  tool('merge_pull_request', 'Merge a GitHub pull request using a merge commit, squash or rebase.', {
    owner,
    repo,
    pullNumber,
    'mergeMethod?': oneOf(['merge', 'squash', 'rebase'], 'How to merge.', { default: 'merge' }),
    'commitTitle?': str('Title of the merge or squash commit.'),
  }),
  tool('request_reviewers', 'Request reviews on a GitHub pull request from users or teams.', {
    owner,
    repo,
    pullNumber,
    'reviewers?': list(str('GitHub login.'), 'Users to request a review from.'),
    'teamReviewers?': list(str('Team slug.'), 'Teams to request a review from.'),
  }),
  tool('create_pull_request_review', 'Submit a review on a GitHub pull request: approve, request changes or comment, with optional line comments.', {
    owner,
    repo,
    pullNumber,
    event: oneOf(['APPROVE', 'REQUEST_CHANGES', 'COMMENT'], 'Review verdict.'),
    'body?': str('Overall review comment.'),
    'comments?': list(
      {
        type: 'object',
        properties: { path: str('File path.'), line: int('Line in the new file.'), body: str('Comment text.') },
        required: ['path', 'line', 'body'],
      },
      'Inline comments on specific lines.',
    ),
  }),
  tool('list_workflow_runs', 'List GitHub Actions workflow runs of a repository, filtered by workflow, branch, event or status (failed, in progress, success).', {
    owner,
    repo,
    'workflowId?': str('Workflow file name (e.g. "ci.yml") or numeric id.'),
    'branch?': str('Only runs for this branch.'),
    'status?': oneOf(['queued', 'in_progress', 'completed', 'success', 'failure', 'cancelled'], 'Run status or conclusion.'),
    'perPage?': perPage,
  }),
  tool('get_workflow_run_logs', 'Download the logs of a GitHub Actions workflow run, job by job, to find why a CI build failed.', {
    owner,
    repo,
    runId: int('Workflow run id.'),
    'failedJobsOnly?': bool('Only return the logs of failed jobs.', { default: true }),
  }),
  tool('rerun_workflow', 'Re-run a GitHub Actions workflow run, all jobs or only the failed ones.', {
    owner,
    repo,
    runId: int('Workflow run id.'),
    'failedJobsOnly?': bool('Re-run only the failed jobs.', { default: false }),
  }),
  tool('create_release', 'Create a GitHub release from a tag with a name, Markdown release notes, and draft or prerelease flags.', {
    owner,
    repo,
    tagName: str('Tag to release, e.g. "v2.3.0"; created from targetCommitish when missing.'),
    'targetCommitish?': str('Branch or SHA to tag when the tag does not exist.'),
    'name?': str('Release title.'),
    'body?': str('Release notes in Markdown.'),
    'draft?': bool('Create as a draft.', { default: false }),
    'prerelease?': bool('Mark as a prerelease.', { default: false }),
    'generateNotes?': bool('Let GitHub generate notes from merged pull requests.', { default: false }),
  }),
  tool('get_me', 'Get the profile of the authenticated GitHub user: login, name, email, organizations and plan.'),
]);
