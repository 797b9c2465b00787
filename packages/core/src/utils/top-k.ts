/**
 * A fixed-capacity min-heap of (score, doc) keeping the best `capacity`
 * entries seen. "Better" means a higher score, then a lower doc id (earlier
 * in the catalog). Reused across queries; no allocation per entry.
 */
export interface TopK {
  scores: Float64Array;
  docs: Int32Array;
  size: number;
  capacity: number;
}

/** A heap able to hold up to `capacity` entries. */
export function createTopK(capacity: number): TopK {
  return { scores: new Float64Array(capacity), docs: new Int32Array(capacity), size: 0, capacity };
}

/** Empties the heap for a query that wants `capacity` entries, growing its buffers when needed. */
export function resetTopK(heap: TopK, capacity: number): void {
  if (heap.scores.length < capacity) {
    heap.scores = new Float64Array(capacity);
    heap.docs = new Int32Array(capacity);
  }
  heap.size = 0;
  heap.capacity = capacity;
}

function worse(scoreA: number, docA: number, scoreB: number, docB: number): boolean {
  return scoreA < scoreB || (scoreA === scoreB && docA > docB);
}

/** True when (score, doc) would enter the heap; check before doing costly work for it. */
export function admits(heap: TopK, score: number, doc: number): boolean {
  return heap.size < heap.capacity || worse(heap.scores[0]!, heap.docs[0]!, score, doc);
}

function siftDown(heap: TopK, from: number): void {
  const { scores, docs, size } = heap;
  const score = scores[from]!;
  const doc = docs[from]!;
  let at = from;
  for (;;) {
    let child = 2 * at + 1;
    if (child >= size) break;
    const right = child + 1;
    if (right < size && worse(scores[right]!, docs[right]!, scores[child]!, docs[child]!)) child = right;
    if (!worse(scores[child]!, docs[child]!, score, doc)) break;
    scores[at] = scores[child]!;
    docs[at] = docs[child]!;
    at = child;
  }
  scores[at] = score;
  docs[at] = doc;
}

/** Adds (score, doc), evicting the worst entry when full. Call only when {@link admits} is true. */
export function pushTopK(heap: TopK, score: number, doc: number): void {
  const { scores, docs } = heap;
  if (heap.size === heap.capacity) {
    scores[0] = score;
    docs[0] = doc;
    siftDown(heap, 0);
    return;
  }
  let at = heap.size++;
  while (at > 0) {
    const parent = (at - 1) >> 1;
    if (!worse(score, doc, scores[parent]!, docs[parent]!)) break;
    scores[at] = scores[parent]!;
    docs[at] = docs[parent]!;
    at = parent;
  }
  scores[at] = score;
  docs[at] = doc;
}

/** Removes every entry, writing doc ids best first into `docsOut` and their scores into `scoresOut`; returns the count. */
export function drainTopK(heap: TopK, docsOut: Int32Array, scoresOut: Float64Array): number {
  const count = heap.size;
  for (let at = count - 1; at >= 0; at--) {
    docsOut[at] = heap.docs[0]!;
    scoresOut[at] = heap.scores[0]!;
    heap.size--;
    if (heap.size > 0) {
      heap.scores[0] = heap.scores[heap.size]!;
      heap.docs[0] = heap.docs[heap.size]!;
      siftDown(heap, 0);
    }
  }
  return count;
}

/** Adds (score, doc) when it belongs among the best seen so far: {@link admits} then {@link pushTopK}. */
export function offerTopK(heap: TopK, score: number, doc: number): void {
  if (admits(heap, score, doc)) pushTopK(heap, score, doc);
}

/** {@link drainTopK} into new arrays of the right length: doc ids best first and their scores. */
export function takeTopK(heap: TopK): { docs: Int32Array; scores: Float64Array } {
  const docs = new Int32Array(heap.size);
  const scores = new Float64Array(heap.size);
  drainTopK(heap, docs, scores);
  return { docs, scores };
}
