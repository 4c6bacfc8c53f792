"""The shape of the house, checked on the code itself (DESIGN.md's layers and the upper
floor's promises): what each layer may import, what a game scene may no longer do for
itself, and how long a file may grow."""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path

import pytest

import games

ROOT = Path(__file__).resolve().parent.parent
# the listed games: the names the shared floors must never say
GAMES = [e.name for e in games.playable()]
# every registered game, the hidden test games of tests/example_*/ too (tests/conftest.py
# registers them before this module is collected): the per-game checks run over these
ALL_GAMES = [e.name for e in games.playable(include_hidden=True)]
EXAMPLE_BUDGET = 150
BUDGET = {"triaxis": 750,              # lines of a game's scene; the others: 500
          "pebbles": EXAMPLE_BUDGET}   # the example game (tests/example_game) stays small


def module_file(module: str) -> Path:
    """The file of a module named in a registry entry ("games.x.scene", "tests.example_x.ai";
    a scene's ":Class" dropped), found without running it."""
    spec = importlib.util.find_spec(module.partition(":")[0])
    assert spec is not None and spec.origin, f"no module {module!r}"
    return Path(spec.origin)


def own_package(name: str) -> str:
    """The package a game's modules live in: games.<name>, or tests.example_<what>."""
    return games.get(name).rules.rsplit(".", 1)[0]


def imports(path: Path, package: str | None = None) -> set:
    """The modules a file imports; with ``package`` (the file's own) a relative import is
    named in full ("from .rules import X" in tests.example_x: tests.example_x.rules)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module
            if node.level and package:
                up = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join(up + ([module] if module else []))
            if module:
                out.add(module)
                out.update(f"{module}.{a.name}" for a in node.names)
    return out


def code_of(path: Path) -> str:
    """The file without its comments and strings (docstrings name games freely)."""
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = ""
    return ast.unparse(tree)


@pytest.mark.parametrize("name", ALL_GAMES)
def test_a_game_scene_keeps_to_its_budget_and_its_own(name):
    text = module_file(games.get(name).scene).read_text()
    assert len(text.splitlines()) <= BUDGET.get(name, 500), name
    for forbidden in ("parse_move(", "state.play(", "self.mode", "self.question",
                      "self.banner", "def holding("):
        assert forbidden not in text, f"{name}'s scene has {forbidden}"
    # the table's insides are the table's
    for field in ("states", "index", "seed", "ai_options", "min_think", "clock"):
        assert not re.search(rf"\btable\.{field}\b", text), f"{name} reads table.{field}"


def test_no_file_in_games_is_over_nine_hundred_lines():
    for path in (ROOT / "games").rglob("*.py"):
        assert len(path.read_text().splitlines()) <= 900, path


def test_the_example_game_is_the_smallest_whole_game():
    if "pebbles" not in games.REGISTRY:
        pytest.skip("no example game in this checkout")
    path = module_file(games.get("pebbles").scene)
    assert path == ROOT / "tests" / "example_game" / "scene.py"
    assert len(path.read_text().splitlines()) <= EXAMPLE_BUDGET


@pytest.mark.parametrize("folder", ["ui", "cabinet"])
def test_the_shared_floors_name_no_game(folder):
    for path in (ROOT / "games" / folder).glob("*.py"):
        code = code_of(path)
        for name in GAMES:
            assert not re.search(rf"\b{name}\b", code), f"{path.name} names {name}"


def test_games_ui_imports_neither_the_registry_nor_a_game():
    for path in (ROOT / "games" / "ui").glob("*.py"):
        for mod in imports(path):
            assert mod != "games" and not mod.startswith("games.__init__"), path
            assert not any(mod.startswith(f"games.{g}") for g in GAMES), (path, mod)
            assert not mod.startswith(("games.launcher", "games.cabinet")), (path, mod)


def test_games_core_imports_no_screen_part():
    for path in (ROOT / "games" / "core").glob("*.py"):
        for mod in imports(path):
            assert not mod.startswith(("games.ui", "games.launcher", "games.cabinet")), (path, mod)
            assert not any(mod.startswith(f"games.{g}") for g in GAMES), (path, mod)


@pytest.mark.parametrize("name", ALL_GAMES)
def test_rules_and_ai_import_only_the_standard_library_and_the_protocol(name):
    entry, own = games.get(name), own_package(name)
    for part in (entry.rules, entry.ai):
        path = module_file(part)
        for mod in imports(path, own):
            top = mod.split(".")[0]
            assert top != "pygame", (path, mod)
            if top in ("games", "tests"):
                assert mod == own or mod.startswith((f"{own}.", "games.core.protocol",
                                                     "games.core.search")), (path, mod)
            else:
                assert top in sys.stdlib_module_names, (path, mod)


def _module_graph() -> dict:
    """{module: the games.* modules it imports} over games/, at any depth of the code (an
    import inside a function is an import too)."""
    mods = {}
    for path in (ROOT / "games").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        mods[name] = path
    graph = {}
    for name, path in mods.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        out = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                out.update(a.name for a in node.names if a.name in mods)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[:len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                for a in node.names:
                    full = f"{base}.{a.name}"
                    out.add(full if full in mods else base)
        # a submodule always imports its own packages first: that is no circle
        graph[name] = {m for m in out if m in mods and m != name
                       and not name.startswith(m + ".")}
    return graph


def test_games_imports_nothing_from_the_tools_or_the_tests():
    for path in (ROOT / "games").rglob("*.py"):
        for mod in imports(path):
            assert not mod.startswith(("tools", "tests", "driver", "conftest")), (path, mod)


def test_no_module_of_games_imports_itself_round_a_circle():
    graph = _module_graph()
    assert "games.ui.scene" in graph and graph["games.ui.scene"], "the graph reads imports"
    state: dict = {}
    stack: list = []

    def visit(m):
        state[m] = "open"
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == "open":
                circle = stack[stack.index(n):] + [n]
                raise AssertionError("import circle: " + " -> ".join(circle))
            if n not in state:
                visit(n)
        stack.pop()
        state[m] = "done"

    for m in sorted(graph):
        if m not in state:
            visit(m)
