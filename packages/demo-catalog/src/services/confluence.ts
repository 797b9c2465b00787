import { service, tool } from '../builder.js';
import { int, list, oneOf, str } from '../schema.js';

const pageId = str('Confluence page id, e.g. "983041".');
const spaceKey = str('Confluence space key, e.g. "ENG" or "HR".');
const limit = int('Maximum number of results.', { minimum: 1, maximum: 250, default: 25 });

/** Confluence: wiki pages, spaces, CQL search, comments, labels and attachments. */
export const confluence = service('confluence', [
  tool('search_content', 'Search Confluence wiki pages and blog posts by text or CQL (e.g. space = ENG AND label = runbook AND text ~ "failover").', {
    query: str('Plain words or a CQL query.'),
    'spaceKey?': spaceKey,
    'limit?': limit,
  }),
  tool('get_page', 'Read a Confluence page: title, body as Markdown, version, author, labels and parent page.', {
    pageId,
    'version?': int('A specific older version.'),
  }),
  tool('get_page_by_title', 'Find and read a Confluence page by its exact title in a space.', {
    spaceKey,
    title: str('Exact page title.'),
  }),
  tool('create_page', 'Create a Confluence page in a space, optionally under a parent page, from Markdown content.', {
    spaceKey,
    title: str('Page title.'),
    content: str('Page body in Markdown.'),
    'parentId?': str('Parent page id.'),
  }),
  tool('update_page', 'Update the title or content of a Confluence page, creating a new version with an optional version comment.', {
    pageId,
    'title?': str('New title.'),
    content: str('New body in Markdown.'),
    'versionComment?': str('What changed.'),
  }),
  tool('delete_page', 'Move a Confluence page to the space trash.', { pageId }),
  tool('list_child_pages', 'List the child pages of a Confluence page, to browse the page tree.', { pageId, 'limit?': limit }),
  tool('list_spaces', 'List Confluence spaces (team, personal, archived) with key, name and homepage.', {
    'type?': oneOf(['global', 'personal'], 'Space type.'),
    'limit?': limit,
  }),
  tool('get_space', 'Get a Confluence space with its description, homepage and permissions summary.', { spaceKey }),
  tool('add_comment', 'Add a footer comment to a Confluence page, or reply to an existing comment.', {
    pageId,
    body: str('Comment in Markdown.'),
    'parentCommentId?': str('Reply to this comment.'),
  }),
  tool('list_comments', 'List the comments on a Confluence page, including inline comments on text.', { pageId, 'limit?': limit }),
  tool('add_labels', 'Add labels to a Confluence page, e.g. "runbook", "postmortem" or "onboarding".', {
    pageId,
    labels: list(str('Label, lower case without spaces.'), 'Labels to add.'),
  }),
  tool('list_attachments', 'List the files attached to a Confluence page with size and media type.', { pageId }),
  tool('get_page_history', 'Show the version history of a Confluence page: who edited it, when and with which comment.', { pageId, 'limit?': limit }),
  tool('create_page_from_template', 'Create a Confluence page from a space or global template such as meeting notes, decision record or retrospective.', {
    spaceKey,
    templateId: str('Template id.'),
    title: str('Page title.'),
    'parentId?': str('Parent page id.'),
  }),
  tool('get_recently_viewed', 'List the Confluence pages you viewed recently.', { 'limit?': limit }),
]);
