import { createSeededRandom } from './seeded-random.js';

/** Word parts of the made-up brand names (no real product is meant). */
const STARTS = [
  'acorn', 'amber', 'arrow', 'aster', 'birch', 'bright', 'cedar', 'cinder', 'cobalt', 'coral',
  'delta', 'dune', 'ember', 'fable', 'fern', 'flint', 'gale', 'glade', 'harbor', 'hazel',
  'indigo', 'iris', 'jasper', 'juniper', 'kestrel', 'lark', 'linden', 'lumen', 'maple', 'meadow',
  'nimbus', 'north', 'oak', 'onyx', 'orbit', 'pebble', 'pine', 'quill', 'raven', 'ridge',
];
const ENDS = ['ly', 'hub', 'desk', 'flow', 'base', 'stack', 'works', 'loop', 'forge', 'point', 'grid', 'nest', 'wise', 'cast', 'sync', 'deck', 'line', 'mint', 'pilot', 'yard', 'bay', 'craft', 'field', 'gate'];

/**
 * `count` distinct made-up brand names (`cobaltdesk`, `larkflow`, …) in a
 * fixed shuffled order; at most 960 exist.
 */
export function brandNames(count: number): string[] {
  const all = STARTS.flatMap((start) => ENDS.map((end) => `${start}${end}`));
  if (count > all.length) throw new RangeError(`brandNames: at most ${all.length} names exist (asked for ${count})`);
  const random = createSeededRandom(0x10ad0);
  for (let index = all.length - 1; index > 0; index--) {
    const other = random.below(index + 1);
    [all[index], all[other]] = [all[other]!, all[index]!];
  }
  return all.slice(0, count);
}
