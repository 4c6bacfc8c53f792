"""The shape of the house, checked on the code itself (DESIGN.md's layers and the upper
floor's promises): what each layer may import, what a game scene may no longer do for
itself, and how long a file may grow."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import games

ROOT = Path(__file__).resolve().parent.parent
GAMES = [e.name for e in games.playable()]
SCENES = {name: ROOT / "games" / name / "scene.py" for name in GAMES}
BUDGET = {"triaxis": 750}              # lines of a game's scene; the others: 500
EXAMPLE_BUDGET = 150


def imports(path: Path) -> set:
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def code_of(path: Path) -> str:
    """The file without its comments and strings (docstrings name games freely)."""
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = ""
    return ast.unparse(tree)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_scene_keeps_to_its_budget_and_its_own(name):
    text = SCENES[name].read_text()
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
    path = ROOT / "tests" / "example_game" / "scene.py"
    if not path.exists():
        pytest.skip("no example game in this checkout")
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


@pytest.mark.parametrize("name", GAMES)
def test_rules_and_ai_import_only_the_standard_library_and_the_protocol(name):
    for part in ("rules", "ai"):
        path = ROOT / "games" / name / f"{part}.py"
        for mod in imports(path):
            top = mod.split(".")[0]
            assert top != "pygame", (path, mod)
            if top == "games":
                assert mod.startswith((f"games.{name}", "games.core.protocol",
                                       "games.core.search")), (path, mod)


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
