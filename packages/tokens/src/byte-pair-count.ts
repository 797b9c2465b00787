/**
 * The rank of the byte sequence `bytes[start..end)`, or -1 when it is not a
 * token (see `RankTable.rankOf`).
 */
export type RankLookup = (bytes: Uint8Array, start: number, end: number) => number;

/**
 * Number of tokens byte-pair encoding makes of `bytes`: repeatedly merges the
 * adjacent pair whose concatenation has the lowest rank (the leftmost on a
 * tie) until no pair is a token, exactly as js-tiktoken does, but in
 * O(n log n) with a heap instead of rescanning every pair after each merge.
 */
export function countBytePairTokens(bytes: Uint8Array, rankOf: RankLookup): number {
  const length = bytes.length;
  if (length <= 1) return length;
  const end = new Int32Array(length);
  const previous = new Int32Array(length);
  const pairRank = new Int32Array(length).fill(-1);
  const heap = new Float64Array(3 * length);
  let heapSize = 0;
  let parts = length;

  const push = (key: number): void => {
    let index = heapSize++;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      const parentKey = heap[parent] as number;
      if (parentKey <= key) break;
      heap[index] = parentKey;
      index = parent;
    }
    heap[index] = key;
  };

  const pop = (): number => {
    const top = heap[0] as number;
    const last = heap[--heapSize] as number;
    let index = 0;
    for (;;) {
      let child = 2 * index + 1;
      if (child >= heapSize) break;
      if (child + 1 < heapSize && (heap[child + 1] as number) < (heap[child] as number)) child++;
      const childKey = heap[child] as number;
      if (childKey >= last) break;
      heap[index] = childKey;
      index = child;
    }
    heap[index] = last;
    return top;
  };

  const updatePair = (start: number): void => {
    const right = end[start] as number;
    const rank = right < length ? rankOf(bytes, start, end[right] as number) : -1;
    if (rank < 0) {
      pairRank[start] = -1;
      return;
    }
    pairRank[start] = rank;
    push(rank * length + start);
  };

  for (let start = 0; start < length; start++) {
    end[start] = start + 1;
    previous[start] = start - 1;
  }
  for (let start = 0; start < length - 1; start++) updatePair(start);

  while (heapSize > 0) {
    const key = pop();
    const start = key % length;
    if (pairRank[start] !== (key - start) / length) continue;
    const right = end[start] as number;
    const newEnd = end[right] as number;
    end[start] = newEnd;
    pairRank[right] = -1;
    if (newEnd < length) previous[newEnd] = start;
    parts--;
    updatePair(start);
    const before = previous[start] as number;
    if (before >= 0) updatePair(before);
  }
  return parts;
}
