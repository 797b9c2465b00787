import { service, tool } from '../builder.js';
import { bool, int, list, oneOf, str } from '../schema.js';

const fileId = str('Google Drive file id, e.g. "1AbCdEfGhIjKlMnOpQrStUvWxYz", or a Drive/Docs URL.');
const folderId = str('Id of a Drive folder; "root" for My Drive.');
const pageSize = int('Maximum number of results.', { minimum: 1, maximum: 1000, default: 100 });
const pageToken = str('Token of the next page from the previous response.');

/** Google Drive: files, folders, sharing, Google Docs and Sheets content, comments and revisions. */
export const googleDrive = service('google-drive', [
  tool('search_files', 'Search Google Drive for files and folders by name, full-text content, MIME type, owner, folder or modified date (Drive query syntax).', {
    query: str('Drive query, e.g. "name contains \'budget\' and mimeType = \'application/vnd.google-apps.spreadsheet\'", or plain words for full-text search.'),
    'includeSharedDrives?': bool('Also search shared drives.', { default: true }),
    'pageSize?': pageSize,
    'pageToken?': pageToken,
  }),
  tool('list_folder', 'List the files and subfolders inside a Google Drive folder, sorted by name or modified time.', {
    folderId,
    'orderBy?': oneOf(['name', 'modifiedTime desc', 'createdTime desc'], 'Sort order.', { default: 'name' }),
    'pageSize?': pageSize,
    'pageToken?': pageToken,
  }),
  tool('get_file_metadata', 'Get metadata of a Google Drive file: name, MIME type, size, owners, parents, sharing link and modified time.', { fileId }),
  tool('read_file', 'Read the content of a Google Drive file as text: Google Docs as Markdown, Sheets as CSV, Slides as text, PDFs and plain text extracted.', {
    fileId,
    'sheetName?': str('For spreadsheets: the sheet (tab) to export; default is the first.'),
  }),
  tool('upload_file', 'Upload a text file to Google Drive into a folder, optionally converting it to a Google Doc or Sheet.', {
    name: str('File name, e.g. "notes.md".'),
    content: str('File content as text.'),
    'folderId?': folderId,
    'mimeType?': str('MIME type of the content, e.g. "text/csv".'),
    'convert?': bool('Convert to the matching Google format.', { default: false }),
  }),
  tool('create_folder', 'Create a folder in Google Drive, inside another folder or at the root of My Drive.', {
    name: str('Folder name.'),
    'parentId?': folderId,
  }),
  tool('move_file', 'Move a Google Drive file or folder into another folder.', {
    fileId,
    newParentId: folderId,
  }),
  tool('copy_file', 'Make a copy of a Google Drive file, optionally with a new name and folder.', {
    fileId,
    'name?': str('Name of the copy.'),
    'parentId?': folderId,
  }),
  tool('rename_file', 'Rename a Google Drive file or folder without changing its location or sharing.', {
    fileId,
    name: str('New name.'),
  }),
  tool('delete_file', 'Move a Google Drive file or folder to the trash, or delete it permanently.', {
    fileId,
    'permanent?': bool('Delete permanently instead of trashing.', { default: false }),
  }),
  tool('share_file', 'Share a Google Drive file or folder with people or groups by email as viewer, commenter or editor, with an optional notification message.', {
    fileId,
    emails: list(str('Email address.', { format: 'email' }), 'People or groups to share with.'),
    role: oneOf(['reader', 'commenter', 'writer'], 'Access level.'),
    'message?': str('Message in the notification email.'),
    'notify?': bool('Send a notification email.', { default: true }),
  }),
  tool('list_permissions', 'List who has access to a Google Drive file and with which role, including link sharing.', { fileId }),
  tool('set_link_sharing', 'Turn "anyone with the link" sharing of a Google Drive file on or off and choose its role.', {
    fileId,
    enabled: bool('Whether anyone with the link can open the file.'),
    'role?': oneOf(['reader', 'commenter', 'writer'], 'Role of link holders.', { default: 'reader' }),
  }),
  tool('create_document', 'Create a new Google Docs document with a title and initial Markdown content.', {
    title: str('Document title.'),
    'content?': str('Initial content in Markdown.'),
    'folderId?': folderId,
  }),
  tool('append_to_document', 'Append text or Markdown at the end of a Google Docs document.', {
    fileId,
    content: str('Text to append, in Markdown.'),
  }),
  tool('create_spreadsheet', 'Create a new Google Sheets spreadsheet with named sheets and optional header rows.', {
    title: str('Spreadsheet title.'),
    'sheets?': list(str('Sheet (tab) name.'), 'Sheets to create.'),
    'folderId?': folderId,
  }),
  tool('read_sheet_range', 'Read cell values from a Google Sheets range in A1 notation, e.g. "Q3!A1:F200".', {
    fileId,
    range: str('A1 range, optionally prefixed with the sheet name.'),
  }),
  tool('write_sheet_range', 'Write or append rows of values to a Google Sheets range; formulas starting with "=" are evaluated.', {
    fileId,
    range: str('A1 range where writing starts.'),
    values: list(list({ type: ['string', 'number', 'boolean'] }, 'One row of cell values.'), 'Rows of cell values.'),
    'append?': bool('Append after the last row with data instead of overwriting.', { default: false }),
  }),
  tool('list_comments', 'List the comments and replies on a Google Drive file, Doc or Sheet, including resolved ones if asked.', {
    fileId,
    'includeResolved?': bool('Also list resolved comments.', { default: false }),
  }),
  tool('list_revisions', 'List the revision history of a Google Drive file: who changed it and when.', {
    fileId,
    'pageSize?': pageSize,
  }),
]);
