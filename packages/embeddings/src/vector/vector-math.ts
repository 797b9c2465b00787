import { dot } from '@loadout/core/utils';

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
