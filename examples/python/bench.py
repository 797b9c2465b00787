"""Times the component in Python (wasmtime), for `pnpm bench -- --only wasm`.

    python3 examples/python/bench.py CATALOG SAVED_INDEX POLICY_INPUT QUERIES [RUNS]

Prints one JSON object: instantiateMs (compile, from wasmtime's cache when
warm, and instantiate), decideP50Ms, restoreMs, searchP50Ms.
"""

import json
import statistics
import sys
import time

from loadout_component import Loadout


def ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def main(argv: list[str]) -> int:
    catalog = open(argv[0], encoding="utf-8").read()
    saved = open(argv[1], "rb").read()
    policy_input = open(argv[2], encoding="utf-8").read()
    queries = [line for line in open(argv[3], encoding="utf-8").read().split("\n") if line.strip()]
    runs = int(argv[4]) if len(argv) > 4 else 20
    start = time.perf_counter()
    loadout = Loadout()
    instantiate = ms(start)
    decide = []
    for _ in range(runs):
        start = time.perf_counter()
        loadout.decide(policy_input)
        decide.append(ms(start))
    start = time.perf_counter()
    index = loadout.restore_index(catalog, saved)
    restore = ms(start)
    search = []
    for query in queries:
        start = time.perf_counter()
        index.search(query, 5)
        search.append(ms(start))
    result = {
        "instantiateMs": instantiate,
        "decideP50Ms": statistics.median(decide),
        "restoreMs": restore,
        "searchP50Ms": statistics.median(search),
    }
    sys.stdout.write(json.dumps(result) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
