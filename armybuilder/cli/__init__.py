"""The command line: the only code that reads argv, picks output streams and exit codes."""

from __future__ import annotations

import os
import sys

import typer

from armybuilder import __version__

from . import batch, browse, data, edit, interchange, validate

app = typer.Typer(
    name="armybuilder",
    help="Build, check and print army lists for A Song of Ice & Fire: Tabletop Miniatures Game.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"armybuilder {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """Build, check and print army lists for A Song of Ice & Fire: Tabletop Miniatures Game."""


for module in (validate, browse, data, interchange, batch, edit):
    module.register(app)


def main() -> None:
    """Console entry point: every error the core raises ends as one line on stderr and exit code 2."""
    from armybuilder.errors import ArmyBuilderError

    try:
        app()
    except ArmyBuilderError as exc:
        print(f"armybuilder: error: {exc}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("armybuilder: interrupted", file=sys.stderr)
        sys.exit(130)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)
    except Exception as exc:  # a bug of ours: one line for the user, the traceback only on request
        if os.environ.get("ARMYBUILDER_DEBUG"):
            raise
        print(
            f"armybuilder: internal error: {type(exc).__name__}: {exc}; this is a bug in armybuilder — "
            "please report it with the command you ran (ARMYBUILDER_DEBUG=1 shows the traceback)",
            file=sys.stderr,
        )
        sys.exit(70)
