/** Dot product of the first `length` entries of `left` (default: all) with `right` from `rightOffset` (default 0): a vector against one row of a packed table. */
export function dot(left: Float32Array, right: Float32Array, length = left.length, rightOffset = 0): number {
  const unrolled = length - (length % 4);
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let index = 0;
  for (let at = rightOffset; index < unrolled; index += 4, at += 4) {
    a += left[index]! * right[at]!;
    b += left[index + 1]! * right[at + 1]!;
    c += left[index + 2]! * right[at + 2]!;
    d += left[index + 3]! * right[at + 3]!;
  }
  for (; index < length; index++) a += left[index]! * right[rightOffset + index]!;
  return a + b + c + d;
}
