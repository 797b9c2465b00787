/** Shuffles `items` in place (Fisher–Yates) with `random` (numbers in [0, 1), as `seededRandom` gives), and returns them. */
export function shuffle<T>(items: T[], random: () => number): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}
