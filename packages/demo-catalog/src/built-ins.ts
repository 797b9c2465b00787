import type { ToolInput } from '@loadout/core';
import { builtin, tool } from './builder.js';
import { bool, int, list, obj, oneOf, str } from './schema.js';

const filePath = str('Absolute path of the file, e.g. "/home/dev/project/src/app.ts".');

/** Core built-ins of a coding agent: always loaded upfront, never deferred. */
export const coreBuiltIns: readonly ToolInput[] = [
  tool('Bash', 'Run a shell command in a persistent bash session and return its standard output and error; use it for git, package managers, builds and tests.', {
    command: str('The command line to run.'),
    'timeout?': int('Milliseconds before the command is stopped.', { minimum: 1, maximum: 600000, default: 120000 }),
    'description?': str('Five to ten words saying what the command does.'),
    'runInBackground?': bool('Start the command in the background and return at once.', { default: false }),
  }),
  tool('Read', 'Read a file from the local filesystem, with line numbers; can read a range of lines of a large file, images and PDFs.', {
    filePath,
    'offset?': int('Line number to start reading from.', { minimum: 1 }),
    'limit?': int('Number of lines to read.', { minimum: 1 }),
  }),
  tool('Edit', 'Replace an exact string in a file with new text; the old string must be unique in the file unless replaceAll is set.', {
    filePath,
    oldString: str('Text to replace, exactly as it appears.'),
    newString: str('Replacement text.'),
    'replaceAll?': bool('Replace every occurrence.', { default: false }),
  }),
  tool('Write', 'Write a file to the local filesystem, creating it or overwriting its whole content.', {
    filePath,
    content: str('Complete new content of the file.'),
  }),
  tool('Glob', 'Find files whose paths match a glob pattern such as "src/**/*.test.ts", newest first.', {
    pattern: str('Glob pattern.'),
    'path?': str('Directory to search in; default is the working directory.'),
  }),
  tool('Grep', 'Search file contents with a regular expression (ripgrep syntax), filtering by glob or file type, returning matching lines or file names.', {
    pattern: str('Regular expression to search for.'),
    'path?': str('File or directory to search.'),
    'glob?': str('Only files matching this glob, e.g. "*.py".'),
    'outputMode?': oneOf(['content', 'files_with_matches', 'count'], 'What to return.', { default: 'files_with_matches' }),
    'caseInsensitive?': bool('Ignore case.', { default: false }),
  }),
].map((entry) => builtin('core', entry));

/** Built-ins that load on demand: deferrable and counted by `auto`. */
export const onDemandBuiltIns: readonly ToolInput[] = [
  tool('WebFetch', 'Fetch a web page by URL, convert its HTML to Markdown and answer a question about its content.', {
    url: str('Fully qualified URL to fetch.', { format: 'uri' }),
    prompt: str('What to extract or answer from the page.'),
  }),
  tool('WebSearch', 'Search the web and return result titles, URLs and snippets, for current events and information beyond the training data.', {
    query: str('Search query.'),
    'allowedDomains?': list(str('Domain, e.g. "docs.python.org".'), 'Only include results from these domains.'),
    'blockedDomains?': list(str('Domain.'), 'Never include results from these domains.'),
  }),
  tool('NotebookEdit', 'Replace, insert or delete a cell of a Jupyter notebook (.ipynb).', {
    notebookPath: str('Absolute path of the notebook.'),
    'cellId?': str('Id of the cell to edit, or after which to insert.'),
    newSource: str('New source of the cell.'),
    'cellType?': oneOf(['code', 'markdown'], 'Type of the cell.'),
    'editMode?': oneOf(['replace', 'insert', 'delete'], 'What to do.', { default: 'replace' }),
  }),
  tool('TodoWrite', 'Create and update a structured to-do list for the current task, to plan steps and show progress.', {
    todos: list(
      obj(
        {
          content: str('What to do, in the imperative.'),
          status: oneOf(['pending', 'in_progress', 'completed'], 'Progress.'),
          activeForm: str('The same step in the present continuous, shown while it runs.'),
        },
        'One to-do item.',
      ),
      'The whole updated list.',
    ),
  }),
].map((entry) => builtin('builtin', entry));
