/**
 * Keeps the `capacity` best (highest-score) ids seen, in a fixed-size binary
 * min-heap over typed arrays: O(log k) per offer, no per-item allocation.
 * Among equal scores the smaller id wins, so results are deterministic.
 */
export interface TopK {
  /** Offers one candidate. */
  push(id: number, score: number): void;
  /** The kept candidates, best first; resets the collector. */
  drain(): { ids: Int32Array; scores: Float64Array };
  readonly size: number;
}

/** Creates a {@link TopK} collector; `capacity` ≥ 1. */
export function createTopK(capacity: number): TopK {
  const ids = new Int32Array(capacity);
  const scores = new Float64Array(capacity);
  let size = 0;

  const worse = (a: number, b: number): boolean => scores[a]! < scores[b]! || (scores[a] === scores[b] && ids[a]! > ids[b]!);
  const swap = (a: number, b: number): void => {
    const id = ids[a]!;
    const score = scores[a]!;
    ids[a] = ids[b]!;
    scores[a] = scores[b]!;
    ids[b] = id;
    scores[b] = score;
  };
  const siftDown = (start: number): void => {
    let index = start;
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let smallest = index;
      if (left < size && worse(left, smallest)) smallest = left;
      if (right < size && worse(right, smallest)) smallest = right;
      if (smallest === index) return;
      swap(index, smallest);
      index = smallest;
    }
  };

  return {
    get size() {
      return size;
    },
    push(id, score) {
      if (size < capacity) {
        ids[size] = id;
        scores[size] = score;
        let index = size++;
        while (index > 0) {
          const parent = (index - 1) >> 1;
          if (!worse(index, parent)) break;
          swap(index, parent);
          index = parent;
        }
        return;
      }
      if (score < scores[0]! || (score === scores[0] && id > ids[0]!)) return;
      ids[0] = id;
      scores[0] = score;
      siftDown(0);
    },
    drain() {
      const count = size;
      const outIds = new Int32Array(count);
      const outScores = new Float64Array(count);
      for (let position = count - 1; position >= 0; position--) {
        outIds[position] = ids[0]!;
        outScores[position] = scores[0]!;
        size--;
        if (size > 0) {
          ids[0] = ids[size]!;
          scores[0] = scores[size]!;
          siftDown(0);
        }
      }
      return { ids: outIds, scores: outScores };
    },
  };
}
