/** One schema problem as zod reports it (`issues` of a ZodError, or its JSON in a message). */
interface Issue {
  readonly path?: readonly (string | number)[];
  readonly message?: string;
}

function isIssueList(value: unknown): value is readonly Issue[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'object' && item !== null && typeof (item as Issue).message === 'string');
}

function issuesOf(error: unknown, text: string): readonly Issue[] | undefined {
  const issues = (error as { issues?: unknown } | null)?.issues;
  if (isIssueList(issues)) return issues;
  // The MCP SDK quotes the ZodError in its message: `Invalid result for tools/call: [\n  {\n    "expected": "array", …`.
  const start = text.indexOf('[');
  if (start < 0) return undefined;
  try {
    const parsed: unknown = JSON.parse(text.slice(start));
    return isIssueList(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why an upstream's result failed the MCP schema, in one line: the first
 * problem's path and message (`content: Invalid input: expected array,
 * received string`), and how many more there are; `text`'s first line when
 * it holds no zod issues (3468).
 */
export function invalidResultReason(error: unknown, text: string): string {
  const issues = issuesOf(error, text);
  if (issues === undefined) return text.split('\n')[0] ?? '';
  const [first] = issues;
  const path = first?.path === undefined || first.path.length === 0 ? 'the result' : first.path.join('.');
  const more = issues.length - 1;
  return `${path}: ${first?.message ?? 'invalid'}${more === 0 ? '' : ` (and ${more} more problem${more === 1 ? '' : 's'})`}`;
}
