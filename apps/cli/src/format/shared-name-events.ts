import type { FeedbackIssue } from '@loadout/learn';
import { countOf } from './count-of.js';

/**
 * What `loadout learn` says of stored events that name a tool by a bare
 * name several of the catalog's servers share (a log imported before the
 * catalog gained a second tool of that name): one sentence per name, with
 * the tools it could mean (its `feedback-ambiguous-tool` issues); undefined
 * when there are none. The name is ambiguous, not missing, so "not in the
 * catalog" would mislead.
 */
export function sharedNameEvents(issues: readonly FeedbackIssue[], catalogName: string): string | undefined {
  const groups = new Map<string, { readonly candidates: readonly string[]; readonly lines: Set<number>; readonly kept: Set<number> }>();
  for (const { candidates, line, lineKept } of issues) {
    if (candidates === undefined) continue;
    const group = groups.get(candidates.join('\n')) ?? { candidates, lines: new Set<number>(), kept: new Set<number>() };
    group.lines.add(line);
    if (lineKept === true) group.kept.add(line);
    groups.set(candidates.join('\n'), group);
  }
  if (groups.size === 0) return undefined;
  const said = [...groups.values()].map(({ candidates, lines, kept }) => {
    const tools = `${candidates.slice(0, 3).map((name) => JSON.stringify(name)).join(candidates.length === 2 ? ' or ' : ', ')}${candidates.length > 3 ? ', …' : ''}`;
    const leftOut = lines.size - kept.size;
    const fate = kept.size === 0 ? (leftOut === 1 ? 'it was left out' : 'they were left out') : `the name was dropped${leftOut > 0 ? ` (${countOf(leftOut, 'event')} left out)` : ''}`;
    return `${countOf(lines.size, 'stored event')} ${lines.size === 1 ? 'names' : 'name'} a tool by a name ${candidates.length} servers share in ${catalogName} (${tools}), which does not say which: ${fate}`;
  });
  return `${said.join('; ')} [feedback-ambiguous-tool]; events imported now are stored with the tool's full name`;
}
