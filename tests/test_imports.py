"""No import cycles between the package's modules, counting the imports inside functions too (a module may
import its parents; imports only for type checkers are left out), and the measuring tools stay out of the game."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "hanabi_desktop"


def _modules(root: Path = ROOT) -> dict[str, Path]:
    out = {}
    for p in root.rglob("*.py"):
        parts = p.relative_to(root.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = p
    return out


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of `tree` but those under `if TYPE_CHECKING:` (imports a type checker alone follows)."""
    out: list[ast.AST] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                todo.extend(child.orelse)
                continue
            todo.append(child)
    return out


def _imports(name: str, path: Path, mods: dict[str, Path]) -> set[str]:
    pkg = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):  # module level and in functions
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(pkg.split(".")[: len(pkg.split(".")) - node.level + 1] + ([base] if base else []))
            for a in node.names:
                sub = f"{base}.{a.name}"
                found.add(sub if sub in mods else base)
    return {m for m in found if m in mods and m != name and not name.startswith(m + ".")}


def _cycle(root: Path) -> list[str] | None:
    """An import cycle among the modules under `root`, as the path round it; None if there is none."""
    mods = _modules(root)
    graph = {n: _imports(n, p, mods) for n, p in mods.items()}
    state: dict[str, int] = {}  # 1 visiting, 2 done

    def visit(n: str, path: list[str]) -> list[str] | None:
        state[n] = 1
        for m in sorted(graph[n]):
            if state.get(m) == 1:
                return path[path.index(m):] + [m]
            if m not in state and (found := visit(m, path + [m])):
                return found
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state and (found := visit(n, [n])):
            return found
    return None


def test_no_import_cycles() -> None:
    cycle = _cycle(ROOT)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])
    mods = _modules()
    assert "hanabi_desktop.ui.scenes.table" in mods
    assert _imports("hanabi_desktop.ui.tableview.animation", mods["hanabi_desktop.ui.tableview.animation"], mods)


def test_a_cycle_through_an_import_inside_a_function_is_found(tmp_path: Path) -> None:
    pkg = tmp_path / "hanabi_desktop"
    (pkg / "ui").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "ui" / "__init__.py").write_text("")
    (pkg / "ui" / "app.py").write_text("def run():\n    from hanabi_desktop.ui.smoke import smoke\n")
    (pkg / "ui" / "smoke.py").write_text("def smoke():\n    from hanabi_desktop.ui import app\n")
    assert _cycle(pkg) == ["hanabi_desktop.ui.app", "hanabi_desktop.ui.smoke", "hanabi_desktop.ui.app"]
    (pkg / "ui" / "smoke.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                         "    from hanabi_desktop.ui import app\n")
    assert _cycle(pkg) is None  # an import for type checkers only is no cycle


def test_the_game_never_imports_the_measuring_tools() -> None:
    mods = _modules()
    users = sorted(n for n, p in mods.items() if not n.startswith("hanabi_desktop.measure")
                   and any(m.startswith("hanabi_desktop.measure") for m in _imports(n, p, mods)))
    assert users == ["hanabi_desktop.cli"]  # only the `bench` command, when it runs


def test_the_parts_of_the_ui_never_import_a_screen() -> None:
    mods = _modules()
    parts = ("hanabi_desktop.ui.art", "hanabi_desktop.ui.widgets", "hanabi_desktop.ui.tableview",
             "hanabi_desktop.ui.replayview")
    users = sorted(n for n, p in mods.items() if n.startswith(parts)
                   and any(m.startswith("hanabi_desktop.ui.scenes") for m in _imports(n, p, mods)))
    assert users == []  # screens are built from these parts, never the other way round
