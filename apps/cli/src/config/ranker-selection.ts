/**
 * Which of a config's plug-in rankers (`rankers`) a command imports when it
 * reads the config (see `loadConfig`'s `rankers`):
 * - `all`: every one (`loadout rankers`, `loadout eval --ranker all`);
 * - `none`: none (`loadout plan` ranks nothing);
 * - `configured`: the config's `ranker`, if it is one of them (a command
 *   without `--ranker`);
 * - `named`: those `names` lists (`--ranker NAME`, `eval --ranker a,b`).
 */
export type RankerSelection =
  | { readonly kind: 'all' }
  | { readonly kind: 'none' }
  | { readonly kind: 'configured' }
  | { readonly kind: 'named'; readonly names: readonly string[] };

/** The selection of `command` given its `--ranker` value (`flag`, undefined when not given). */
export function rankerSelectionFor(command: string, flag: string | undefined): RankerSelection {
  if (command === 'rankers') return { kind: 'all' };
  if (command === 'plan') return { kind: 'none' };
  if (flag === undefined) return { kind: 'configured' };
  if (command !== 'eval') return { kind: 'named', names: [flag] };
  // eval reads the list the same way (readEvalRankerList): `all` alone, else names separated by commas.
  return flag.trim() === 'all' ? { kind: 'all' } : { kind: 'named', names: flag.split(',').map((name) => name.trim()) };
}

/** Whether `selection` imports the ranker `name` of a config whose `ranker` is `configured`. */
export function selects(selection: RankerSelection, name: string, configured: string | undefined): boolean {
  switch (selection.kind) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'configured':
      return name === configured;
    case 'named':
      return selection.names.includes(name);
  }
}
