"""`loadout policy` in Python: reads a policy input on stdin, prints the decision.

    echo '{"model": "claude-sonnet-4-5", "env": {"ENABLE_TOOL_SEARCH": "auto:5"}}' | python3 examples/python/policy.py

Prints exactly what `loadout policy` prints; on bad input, its coded error
JSON (`{"error": {"code", "message"}}`) on stdout, and exits 2.
"""

import sys

from loadout_component import Loadout, LoadoutError


def as_cli(error_json: str) -> str:
    """The component names its argument (`decide input`); `loadout policy` names standard input."""
    return error_json.replace('"message":"decide input: ', '"message":"standard input: ').replace('"source":"decide input"', '"source":"standard input"')


def main() -> int:
    text = sys.stdin.buffer.read().decode("utf-8", errors="replace")
    if text.lstrip("\ufeff").strip() == "":
        sys.stdout.write('{"error":{"code":"invalid-input","message":"no input: pipe a JSON object on standard input or pass --input FILE"}}\n')
        return 2
    try:
        decision = Loadout().decide(text)
    except LoadoutError as error:
        sys.stdout.write(as_cli(error.json) + "\n")
        return 2
    sys.stdout.write(decision + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
