"""The shape of the package: imports go one way, the core knows no game, and there is no import cycle."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "armybuilder"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _type_checking_lines(tree: ast.AST) -> set[int]:
    """Lines inside `if TYPE_CHECKING:` blocks: imports for types only, never run."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def imports_of(module: str) -> Iterator[str]:
    """Every armybuilder module `module` imports when it runs (lazy imports inside functions included;
    type-only imports left out), with the packages whose `__init__` each import runs."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_lines(tree)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import) and node.lineno not in skip:
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.lineno not in skip:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names]
        for target in targets:
            if not target.startswith("armybuilder"):
                continue
            parts = target.split(".")
            for end in range(1, len(parts) + 1):  # importing a.b.c runs a and a.b too
                name = ".".join(parts[:end])
                # a module's own packages are always set up before it: no edge back to them
                if name in MODULES and name != module and not module.startswith(name + "."):
                    yield name


GRAPH = {module: set(imports_of(module)) for module in MODULES}


def test_the_core_knows_no_game() -> None:
    """Nothing outside a game's folder imports that game (the registry names games by string)."""
    games = {p.name for p in (PACKAGE / "games").iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    offenders = []
    for module, targets in GRAPH.items():
        for game in games:
            inside = f"armybuilder.games.{game}"
            if module == inside or module.startswith(inside + "."):
                continue
            offenders += [f"{module} imports {t}" for t in targets if t == inside or t.startswith(inside + ".")]
    assert not offenders, "\n".join(offenders)


def test_games_do_not_import_each_other() -> None:
    games = [p.name for p in (PACKAGE / "games").iterdir() if p.is_dir() and (p / "__init__.py").exists()]
    for game in games:
        inside = f"armybuilder.games.{game}"
        for module, targets in GRAPH.items():
            if module.startswith(inside):
                for other in games:
                    if other != game:
                        assert not any(t.startswith(f"armybuilder.games.{other}") for t in targets), module


def _cycle() -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(GRAPH.get(node, ())):
            if state.get(target) == 1:
                return [*stack[stack.index(target) :], target]
            if target not in state:
                found = visit(target)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for module in sorted(GRAPH):
        if module not in state:
            found = visit(module)
            if found:
                return found
    return None


def test_no_import_cycle() -> None:
    cycle = _cycle()
    assert cycle is None, " -> ".join(cycle or [])


@pytest.mark.parametrize("layer", ["armybuilder.render", "armybuilder.games.base", "armybuilder.problems"])
def test_lower_layers_never_import_the_command_line(layer: str) -> None:
    for module, targets in GRAPH.items():
        if module == layer or module.startswith(layer + "."):
            assert not any(t.startswith("armybuilder.cli") for t in targets), module


def test_the_checker_finds_a_cycle_and_a_leak() -> None:
    """The checks above can fail: a planted cycle and a planted leak are found."""
    GRAPH["armybuilder.text"] = {"armybuilder.engine"}
    GRAPH["armybuilder.engine"] = GRAPH["armybuilder.engine"] | {"armybuilder.text", "armybuilder.games.asoiaf.check"}
    try:
        assert _cycle() is not None
        with pytest.raises(AssertionError):
            test_the_core_knows_no_game()
    finally:
        GRAPH["armybuilder.text"] = set(imports_of("armybuilder.text"))
        GRAPH["armybuilder.engine"] = set(imports_of("armybuilder.engine"))


def test_render_imports_nothing_above_it() -> None:
    """Reporters read rows and roll-ups (`rows.py`, `field.py`), never the batch machinery or the engine."""
    offenders = [
        f"{module} imports {t}"
        for module, targets in GRAPH.items()
        if module.startswith("armybuilder.render")
        for t in targets
        if t.startswith(("armybuilder.batch", "armybuilder.engine", "armybuilder.scheduler"))
    ]
    assert not offenders, "\n".join(offenders)


def test_only_a_game_s_commands_import_the_command_line() -> None:
    """A game's `commands/` belong to the command-line layer; the rest of a game sits below it."""
    offenders = [
        f"{module} imports {t}"
        for module, targets in GRAPH.items()
        if module.startswith("armybuilder.games.") and ".commands" not in module
        for t in targets
        if t.startswith("armybuilder.cli")
    ]
    assert not offenders, "\n".join(offenders)


def test_no_module_over_800_lines() -> None:
    """A module that grows past 800 lines does more than one thing: split it."""
    long = {name: n for name, path in MODULES.items() if (n := len(path.read_text("utf-8").splitlines())) > 800}
    assert not long, long


# the pasted-list reader matches whole lines of loose text against titles, with cutoffs of its own (issue 25)
_OWN_SUGGESTIONS = ("armybuilder.games.asoiaf.interchange.pasted",)


def test_one_did_you_mean() -> None:
    """Every "did you mean" finds its words through `armybuilder.kit.words` (one way to find them)."""
    offenders = [
        name
        for name, path in MODULES.items()
        if "get_close_matches" in path.read_text("utf-8")
        and name != "armybuilder.kit.words"
        and not name.startswith(_OWN_SUGGESTIONS)
    ]
    assert not offenders, offenders
