/** Dot product of the first `length` entries (default: all of `left`). */
export function dot(left: Float32Array, right: Float32Array, length = left.length): number {
  const unrolled = length - (length % 4);
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let index = 0;
  for (; index < unrolled; index += 4) {
    a += left[index]! * right[index]!;
    b += left[index + 1]! * right[index + 1]!;
    c += left[index + 2]! * right[index + 2]!;
    d += left[index + 3]! * right[index + 3]!;
  }
  for (; index < length; index++) a += left[index]! * right[index]!;
  return a + b + c + d;
}

/** Scales `vector` (in place) to unit length and returns it; a zero vector stays zero. */
export function normalizeInPlace(vector: Float32Array): Float32Array {
  const squared = dot(vector, vector);
  if (squared > 0) {
    const inverse = 1 / Math.sqrt(squared);
    for (let index = 0; index < vector.length; index++) vector[index]! *= inverse;
  }
  return vector;
}

/** A unit-length copy of `vector` (zero stays zero). */
export function normalized(vector: Float32Array): Float32Array {
  return normalizeInPlace(Float32Array.from(vector));
}
