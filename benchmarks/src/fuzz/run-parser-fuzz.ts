import { isLoadoutError, LOADOUT_ERROR_CODES } from '@loadout/core';
import fc from 'fast-check';
import { hostileBytes } from './hostile-bytes.js';
import { hostileText, hostileValue } from './hostile-values.js';
import { FUZZ_TARGETS, type FuzzTarget } from './parser-targets.js';

const codes: ReadonlySet<string> = new Set(LOADOUT_ERROR_CODES);

/** What {@link runParserFuzz} found. */
export interface ParserFuzzResult {
  /** Generated inputs fed, over all targets. */
  readonly inputs: number;
  readonly perTarget: Readonly<Record<string, { inputs: number; accepted: number; refused: number }>>;
  /** Inputs that raised anything but a LoadoutError with a known code (empty when the parsers hold). */
  readonly failures: readonly { target: string; error: string }[];
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message.slice(0, 200)}`;
  return String(error).slice(0, 200);
}

/**
 * Feeds `totalInputs` generated values (split evenly between the public
 * parsers) and asserts each either returns or throws a `LoadoutError` whose
 * code is in the table. Deterministic for a given `seed`.
 */
export function runParserFuzz(totalInputs: number, seed = 20_251_201): ParserFuzzResult {
  const perTarget: Record<string, { inputs: number; accepted: number; refused: number }> = {};
  const failures: { target: string; error: string }[] = [];
  const share = Math.max(1, Math.floor(totalInputs / FUZZ_TARGETS.length));
  let inputs = 0;
  FUZZ_TARGETS.forEach((target: FuzzTarget, index) => {
    const counts = { inputs: 0, accepted: 0, refused: 0 };
    perTarget[target.name] = counts;
    const arbitrary: fc.Arbitrary<unknown> =
      target.input === 'text' ? hostileText : target.input === 'bytes' ? hostileBytes(target.sample ?? new Uint8Array(0)) : hostileValue;
    fc.check(
      fc.property(arbitrary, (input) => {
        counts.inputs += 1;
        inputs += 1;
        try {
          target.run(input);
          counts.accepted += 1;
        } catch (error) {
          if (isLoadoutError(error) && codes.has(error.code)) {
            counts.refused += 1;
            return;
          }
          failures.push({ target: target.name, error: describe(error) });
        }
      }),
      { numRuns: share, seed: seed + index, endOnFailure: false },
    );
  });
  return { inputs, perTarget, failures };
}
