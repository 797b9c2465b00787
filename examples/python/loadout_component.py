"""Loadout's policy and BM25F search from Python, through the WebAssembly
component `@loadout/wasm` builds (``dist/loadout.wasm``, WIT package
``loadout:core``). Needs only ``wasmtime`` from PyPI.

    from loadout_component import Loadout, LoadoutError
    loadout = Loadout()                      # finds the component, compiles it once (cached)
    print(loadout.decide('{"model": "claude-sonnet-4-5"}'))
    index = loadout.index_catalog(open("tools.json").read())
    print(index.search("open a pull request", 5))

Every call returns JSON text formatted as the ``loadout`` CLI prints it, or
raises :class:`LoadoutError` with the CLI's code; the component never traps
on bad input, so one instance serves any number of calls. Only a catalog
too large for the component's memory traps (limits in
packages/wasm/README.md); a trapped instance must be created again.
"""

from __future__ import annotations

import os
from pathlib import Path

import wasmtime
from wasmtime import component

INTERFACE = "loadout:core/api@0.1.0"
"""The component's one exported interface (``wit/loadout.wit``)."""

DEFAULT_COMPONENT = Path(__file__).resolve().parents[2] / "packages" / "wasm" / "dist" / "loadout.wasm"
"""Where ``pnpm build`` writes the component in this repository; ``LOADOUT_WASM`` overrides it."""


class LoadoutError(Exception):
    """A coded error from the component: ``code`` is the CLI's (``invalid-input``,
    ``catalog-too-large``, ``index-corrupt``, ...), ``json`` the CLI's error line."""

    def __init__(self, code: str, message: str, json: str) -> None:
        super().__init__(f"{message} [{code}]")
        self.code = code
        self.message = message
        self.json = json


def _unwrap(value):
    """The ``ok`` of a WIT ``result<_, failure>``, or the failure raised."""
    if isinstance(value, component.Record):
        raise LoadoutError(value.code, value.message, value.json)
    return value


def component_path() -> Path:
    """The component file: ``$LOADOUT_WASM``, else this repository's build output."""
    path = Path(os.environ.get("LOADOUT_WASM", DEFAULT_COMPONENT))
    if not path.is_file():
        raise FileNotFoundError(f"no Loadout component at {path}: run `pnpm build` in the repository, or set LOADOUT_WASM")
    return path


class Index:
    """A catalog indexed with BM25F inside the component (the WIT ``index`` resource)."""

    def __init__(self, loadout: "Loadout", handle) -> None:
        self._loadout = loadout
        self._handle = handle

    def search(self, query: str, limit: int = 5) -> str:
        """The best ``limit`` tools (1 to 100), as ``loadout search --json`` prints them."""
        if not isinstance(limit, int) or limit < 0 or limit > 0xFFFFFFFF:
            raise LoadoutError("invalid-option", f"Index.search: limit must be an integer from 1 to 100, got {str(limit)!r}", "")
        return self._loadout._call("[method]index.search", self._handle, query, limit)

    def save(self) -> bytes:
        """The index as bytes, for :meth:`Loadout.restore_index` (skips re-indexing)."""
        return bytes(self._loadout._call("[method]index.save", self._handle))


class Loadout:
    """One instance of the component; its functions are safe to call again after an error."""

    def __init__(self, path: Path | str | None = None) -> None:
        config = wasmtime.Config()
        config.wasm_component_model = True
        # Compiling the component takes a while; wasmtime's cache makes later runs start in well under a second.
        config.cache = True
        self._engine = wasmtime.Engine(config)
        self._store = wasmtime.Store(self._engine)
        compiled = component.Component.from_file(self._engine, str(path or component_path()))
        self._instance = component.Linker(self._engine).instantiate(self._store, compiled)
        self._interface = self._instance.get_export_index(self._store, INTERFACE)
        self._functions: dict[str, component.Func] = {}

    def _call(self, name: str, *args):
        function = self._functions.get(name)
        if function is None:
            function = self._instance.get_func(self._store, self._instance.get_export_index(self._store, name, self._interface))
            self._functions[name] = function
        return _unwrap(function(self._store, *args))

    def decide(self, policy_input: str) -> str:
        """A policy input (JSON text) to the decision, as ``loadout policy`` prints it."""
        return self._call("decide", policy_input)

    def plan(self, catalog: str, policy_input: str = "{}", source: str = "catalog") -> str:
        """A catalog and the policy fields (model, env, ...) to the plan, as ``loadout plan --json --clean-env``."""
        return self._call("plan", catalog, source, policy_input)

    def index_catalog(self, catalog: str, source: str = "catalog", max_tools: int | None = None) -> Index:
        """Indexes catalog text (JSON array, ``{"tools": [...]}``, JSONL or an MCP snapshot);
        ``source`` (a file path) names it in issues and errors, as the CLI does. At most
        10,000 tools, or ``max_tools`` (as ``loadout search --max-tools``; the component's
        range is in packages/wasm/README.md); more raises ``catalog-too-large``."""
        if max_tools is None:
            return Index(self, self._call("[static]index.from-catalog", catalog, source))
        return Index(self, self._call("[static]index.from-catalog-max-tools", catalog, source, max_tools))

    def restore_index(self, catalog: str, saved: bytes, source: str = "catalog") -> Index:
        """Restores what :meth:`Index.save` wrote for this catalog; other bytes raise ``index-corrupt``."""
        return Index(self, self._call("[static]index.from-saved", catalog, source, saved))
