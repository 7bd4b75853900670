"""No import cycles between the package's modules (module-level imports; a module may import its parents)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "hanabi_desktop"


def _modules() -> dict[str, Path]:
    out = {}
    for p in ROOT.rglob("*.py"):
        parts = p.relative_to(ROOT.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = p
    return out


def _imports(name: str, path: Path, mods: dict[str, Path]) -> set[str]:
    pkg = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:  # module level (TYPE_CHECKING blocks skipped)
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


def test_no_import_cycles() -> None:
    mods = _modules()
    graph = {n: _imports(n, p, mods) for n, p in mods.items()}
    state: dict[str, int] = {}  # 1 visiting, 2 done

    def visit(n: str, path: list[str]) -> None:
        state[n] = 1
        for m in sorted(graph[n]):
            assert state.get(m) != 1, "import cycle: " + " -> ".join(path[path.index(m):] + [m])
            if m not in state:
                visit(m, path + [m])
        state[n] = 2

    for n in sorted(graph):
        if n not in state:
            visit(n, [n])
    assert "hanabi_desktop.ui.scenes.table" in graph and graph["hanabi_desktop.ui.tableview.animation"]


def test_the_game_never_imports_the_measuring_tools() -> None:
    mods = _modules()
    users = sorted(n for n, p in mods.items() if not n.startswith("hanabi_desktop.measure")
                   and any(m.startswith("hanabi_desktop.measure") for m in _imports(n, p, mods)))
    assert users == []
