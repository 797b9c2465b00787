import { service, tool } from '../builder.js';
import { bool, int, list, map, oneOf, str } from '../schema.js';

const pageId = str('Notion page id (32 hex characters, with or without dashes) or page URL.');
const databaseId = str('Notion database id or URL.');
const blockId = str('Notion block id; a page id also works as the root block.');
const pageSize = int('Maximum number of results.', { minimum: 1, maximum: 100, default: 50 });
const cursor = str('Cursor from the previous response.');

/** Notion: pages, databases, blocks, comments and workspace search. */
export const notion = service('notion', [
  tool('search', 'Search the Notion workspace for pages and databases by title text, newest edits first.', {
    query: str('Text to look for in titles.'),
    'filter?': oneOf(['page', 'database'], 'Only return this kind of object.'),
    'pageSize?': pageSize,
    'cursor?': cursor,
  }),
  tool('get_page', 'Get a Notion page: its title, icon, parent, properties (for database rows) and last edited time.', { pageId }),
  tool('get_page_content', 'Read the full content of a Notion page as Markdown, including headings, lists, to-dos, code blocks and tables.', {
    pageId,
    'includeChildPages?': bool('Also inline the content of child pages.', { default: false }),
  }),
  tool('create_page', 'Create a Notion page under a parent page or as a new row in a database, with a title, properties and Markdown content.', {
    parentId: str('Id of the parent page or database.'),
    title: str('Page title.'),
    'content?': str('Page body in Markdown.'),
    'properties?': map('Database properties by name, when the parent is a database, e.g. {"Status": "In progress"}.'),
    'icon?': str('An emoji to use as the page icon.'),
  }),
  tool('update_page_properties', 'Update the properties of a Notion page or database row (status, select, date, people, checkbox, number).', {
    pageId,
    properties: map('Property names and new values.'),
  }),
  tool('append_to_page', 'Append Markdown content (paragraphs, bullet lists, to-dos, headings, code) to the end of a Notion page or block.', {
    blockId,
    content: str('Markdown to append.'),
  }),
  tool('update_block', 'Replace the text of a single Notion block, such as a paragraph, heading or to-do, or check a to-do.', {
    blockId,
    'text?': str('New text of the block.'),
    'checked?': bool('For to-do blocks: checked or not.'),
  }),
  tool('delete_block', 'Delete a Notion block (moves it to the trash).', { blockId }),
  tool('list_block_children', 'List the child blocks of a Notion page or block as structured blocks with ids.', {
    blockId,
    'pageSize?': pageSize,
    'cursor?': cursor,
  }),
  tool('archive_page', 'Archive (trash) a Notion page, or restore it from the trash.', {
    pageId,
    'restore?': bool('Restore instead of archiving.', { default: false }),
  }),
  tool('move_page', 'Move a Notion page under a different parent page.', {
    pageId,
    newParentId: str('Id of the new parent page.'),
  }),
  tool('duplicate_page', 'Duplicate a Notion page, with its content, under the same or another parent.', {
    pageId,
    'parentId?': str('Parent of the copy; default is the original parent.'),
  }),
  tool('query_database', 'Query the rows of a Notion database with filters and sorts on its properties, like a spreadsheet view.', {
    databaseId,
    'filter?': map('Notion filter object, e.g. {"property": "Status", "status": {"equals": "Done"}}.'),
    'sorts?': list(map('Sort, e.g. {"property": "Due", "direction": "ascending"}.'), 'Sort order.'),
    'pageSize?': pageSize,
    'cursor?': cursor,
  }),
  tool('get_database', 'Get a Notion database schema: its title and the properties with their types and select options.', { databaseId }),
  tool('create_database', 'Create an inline Notion database under a page with a title and property schema (text, number, select, date, people, checkbox).', {
    parentPageId: str('Page that will contain the database.'),
    title: str('Database title.'),
    properties: map('Property definitions by name, e.g. {"Owner": {"people": {}}, "Due": {"date": {}}}.'),
  }),
  tool('update_database', 'Rename a Notion database or add, rename and remove its properties.', {
    databaseId,
    'title?': str('New title.'),
    'properties?': map('Property changes; null removes a property.'),
  }),
  tool('add_comment', 'Add a comment to a Notion page or reply in an existing discussion thread.', {
    'pageId?': pageId,
    'discussionId?': str('Reply in this discussion instead of starting a new one.'),
    text: str('Comment text.'),
  }),
  tool('list_comments', 'List the unresolved comments and discussions on a Notion page or block.', { blockId }),
  tool('list_users', 'List the members and guests of the Notion workspace with their names and emails.', {
    'pageSize?': pageSize,
    'cursor?': cursor,
  }),
  tool('get_recently_edited', 'List the Notion pages you or your team edited most recently.', {
    'limit?': int('How many pages.', { minimum: 1, maximum: 50, default: 10 }),
  }),
]);
