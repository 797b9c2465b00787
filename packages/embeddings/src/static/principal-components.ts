const MAX_SWEEPS = 60;

/**
 * Eigen-decomposition of a symmetric matrix (row-major, `size × size`) by
 * cyclic Jacobi rotations. Returns eigenvalues descending with their unit
 * eigenvectors. Pure and deterministic.
 */
export function symmetricEigen(matrix: Float64Array, size: number): { values: number[]; vectors: Float64Array[] } {
  const a = Float64Array.from(matrix);
  const v = new Float64Array(size * size);
  for (let index = 0; index < size; index++) v[index * size + index] = 1;
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    let offDiagonal = 0;
    let diagonal = 0;
    for (let p = 0; p < size; p++) {
      diagonal += a[p * size + p]! ** 2;
      for (let q = p + 1; q < size; q++) offDiagonal += a[p * size + q]! ** 2;
    }
    if (offDiagonal <= 1e-24 * diagonal || offDiagonal === 0) break;
    for (let p = 0; p < size - 1; p++) {
      for (let q = p + 1; q < size; q++) {
        const apq = a[p * size + q]!;
        if (apq === 0) continue;
        const theta = (a[q * size + q]! - a[p * size + p]!) / (2 * apq);
        const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < size; k++) {
          const akp = a[k * size + p]!;
          const akq = a[k * size + q]!;
          a[k * size + p] = c * akp - s * akq;
          a[k * size + q] = s * akp + c * akq;
        }
        for (let k = 0; k < size; k++) {
          const apk = a[p * size + k]!;
          const aqk = a[q * size + k]!;
          a[p * size + k] = c * apk - s * aqk;
          a[q * size + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < size; k++) {
          const vkp = v[k * size + p]!;
          const vkq = v[k * size + q]!;
          v[k * size + p] = c * vkp - s * vkq;
          v[k * size + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: size }, (_, index) => index).sort(
    (left, right) => a[right * size + right]! - a[left * size + left]! || left - right,
  );
  return {
    values: order.map((index) => a[index * size + index]!),
    vectors: order.map((column) => {
      const vector = new Float64Array(size);
      for (let k = 0; k < size; k++) vector[k] = v[k * size + column]!;
      return vector;
    }),
  };
}

/**
 * The first `count` principal directions of `vectors` without centring (the
 * top eigenvectors of XᵀX, as SIF removes them), strongest first, unit length.
 * Fewer when there are fewer vectors or dimensions. Pure.
 */
export function principalComponents(vectors: readonly Float32Array[], count: number, dimensions: number): Float32Array[] {
  const gram = new Float64Array(dimensions * dimensions);
  for (const vector of vectors) {
    for (let i = 0; i < dimensions; i++) {
      const vi = vector[i]!;
      if (vi === 0) continue;
      const row = i * dimensions;
      for (let j = i; j < dimensions; j++) gram[row + j]! += vi * vector[j]!;
    }
  }
  for (let i = 0; i < dimensions; i++) {
    for (let j = 0; j < i; j++) gram[i * dimensions + j] = gram[j * dimensions + i]!;
  }
  const { values, vectors: directions } = symmetricEigen(gram, dimensions);
  const limit = Math.min(count, vectors.length, dimensions);
  const components: Float32Array[] = [];
  for (let index = 0; index < limit && values[index]! > 1e-12; index++) components.push(Float32Array.from(directions[index]!));
  return components;
}

/** Subtracts from `vector` (in place) its projection on each (orthonormal) component. */
export function removeComponents(vector: Float32Array, components: readonly Float32Array[]): void {
  const dimensions = vector.length;
  for (const component of components) {
    let projection = 0;
    for (let index = 0; index < dimensions; index++) projection += vector[index]! * component[index]!;
    for (let index = 0; index < dimensions; index++) vector[index]! -= projection * component[index]!;
  }
}
