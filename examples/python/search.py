"""`loadout search --json` in Python: ranks a catalog's tools for a query.

    python3 examples/python/search.py CATALOG QUERY [LIMIT]

CATALOG is a JSON array of tools, {"tools": [...]}, JSONL or an MCP
snapshot; LIMIT is 1 to 100 (default 5). Prints exactly what
`loadout search QUERY --catalog CATALOG --limit LIMIT --json` prints; on bad
input, its coded error JSON on stdout, and exits 2.
"""

import json
import sys

from loadout_component import Loadout, LoadoutError

USAGE = "usage: python3 search.py CATALOG QUERY [LIMIT]\n"


def fail(code: str, message: str, details: dict | None = None) -> int:
    error = {"code": code, "message": message, **({"details": details} if details else {})}
    sys.stdout.write(json.dumps({"error": error}, separators=(",", ":"), ensure_ascii=False) + "\n")
    return 2


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        sys.stderr.write(USAGE)
        return 2
    catalog_path, query = argv[0], argv[1]
    limit_text = argv[2] if len(argv) == 3 else "5"
    if query.strip() == "":
        return fail("query-empty", 'needs a QUERY: say in words what the tool should do, e.g. loadout search "open a pull request" (see loadout search --help)')
    if not limit_text.isdigit() or not 1 <= int(limit_text) <= 100:
        return fail("invalid-option", f"--limit must be an integer from 1 to 100, got {json.dumps(limit_text)}", {"flag": "limit", "value": limit_text})
    try:
        with open(catalog_path, "rb") as file:
            data = file.read()
    except FileNotFoundError:
        return fail("file-not-found", f"no such file: {catalog_path}", {"path": catalog_path})
    except IsADirectoryError:
        return fail("file-unreadable", f"cannot read {catalog_path}: it is a folder, not a file", {"path": catalog_path, "code": "EISDIR"})
    except PermissionError:
        return fail("file-unreadable", f"cannot read {catalog_path}: permission denied", {"path": catalog_path, "code": "EACCES"})
    try:
        catalog = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return fail("file-not-text", f"{catalog_path} is not a UTF-8 text file: it is not valid UTF-8", {"path": catalog_path, "encoding": "unknown"})
    try:
        hits = Loadout().index_catalog(catalog, catalog_path).search(query, int(limit_text))
    except LoadoutError as error:
        sys.stdout.write(error.json + "\n")
        return 2
    sys.stdout.write(hits + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
