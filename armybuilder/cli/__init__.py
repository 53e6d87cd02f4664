"""The command line: the only code that reads argv, picks output streams and exit codes.

The application is built in `application.py` when first asked for, so that a game's command module may import
`armybuilder.cli.common` without building the whole application first.
"""

from __future__ import annotations

import os
import sys
from typing import Any, NoReturn


def __getattr__(name: str) -> Any:
    if name == "app":
        from armybuilder.cli.application import app

        return app
    raise AttributeError(name)


GC_YOUNG = 20_000  # objects made between two collections of the youngest ones (Python's 700 walks the
# modules and card data being loaded dozens of times while a run starts)

_signalled = [0]  # the signal that interrupted the command (0: none)


def _terminate_as_interrupt() -> None:
    """SIGTERM unwinds like Ctrl-C: temporary files are removed, workers stopped, old outputs kept."""
    import signal

    def interrupted(signum: int, frame: object) -> None:
        _signalled[0] = signum
        if signum == signal.SIGTERM:  # one is enough: a second must not cut the clean-up short
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
        raise KeyboardInterrupt

    try:
        signal.signal(signal.SIGTERM, interrupted)
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:  # (not when started ignoring it)
            signal.signal(signal.SIGINT, interrupted)
    except ValueError:  # not the main thread (an embedding program's): its own handling stays
        pass


def _interrupted() -> NoReturn:
    print("armybuilder: interrupted", file=sys.stderr)
    sys.exit(128 + (_signalled[0] or 2))


def main() -> None:
    """Console entry point: every error the core raises ends as one line on stderr and exit code 2."""
    import gc

    threshold = gc.get_threshold()
    gc.set_threshold(GC_YOUNG, *threshold[1:])
    try:
        _main()
    except OSError:  # standard error itself cannot be written (a full disk): no line can say so, the code can
        import contextlib

        with contextlib.suppress(OSError):
            sys.stdout.flush()
        os._exit(2)  # (not sys.exit: Python's own last flush of standard error would fail again, as exit 120)
    finally:
        # when the interpreter ends, its last garbage collections skip every object the run made (the card
        # data, the modules), which they would walk in vain (~25 ms of CPU a run); a program that called us
        # and goes on keeps its collections until then
        import atexit

        gc.set_threshold(*threshold)
        atexit.unregister(gc.freeze)  # once, however many times a program calls us
        atexit.register(gc.freeze)


def _main() -> None:
    from armybuilder.cli.streams import OutputFailed, quiet_broken_pipe
    from armybuilder.errors import ArmyBuilderError

    quiet_broken_pipe()
    _terminate_as_interrupt()
    try:
        from armybuilder import cli

        fast = None if "app" in vars(cli) else _fast_batch(sys.argv[1:])
        code = _with_typer() if fast is None else fast
        if _signalled[0]:  # (typer, when it read the arguments, turns the KeyboardInterrupt into exit code 130)
            _interrupted()
        sys.stdout.flush()  # here, so that a full disk is told like any error (not as a warning at exit)
        sys.exit(code)
    except ArmyBuilderError as exc:
        from armybuilder.text import printable

        print(f"armybuilder: error: {printable(str(exc))}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        _interrupted()
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)
    except OutputFailed as exc:
        print(f"armybuilder: error: {exc}", file=sys.stderr)
        sys.exit(2)
    except Exception as exc:  # a bug of ours: one line for the user, the traceback only on request
        if os.environ.get("ARMYBUILDER_DEBUG"):
            raise
        from armybuilder.text import printable

        print(
            f"armybuilder: internal error: {type(exc).__name__}: {printable(str(exc))}; this is a bug in armybuilder — "
            "please report it with the command you ran (ARMYBUILDER_DEBUG=1 shows the traceback)",
            file=sys.stderr,
        )
        sys.exit(70)


def _fast_batch(args: list[str]) -> int | None:
    """The exit code of a plain `armybuilder batch ...` run without typer; None (nothing run) when its
    arguments need typer (`fastpath.py`)."""
    from armybuilder.cli.fastpath import batch_arguments

    found = batch_arguments(args, os.environ)
    if found is None:
        return None
    from armybuilder.cli.basics import Failed
    from armybuilder.cli.batch_run import run

    try:
        return run(**found)
    except Failed as failed:
        return failed.code


def _with_typer() -> int:
    """The exit code of the command the arguments name, run by typer; a usage error is one line and exit 2."""
    import typer

    from armybuilder.cli.conventions import one_line

    try:
        from armybuilder import cli
        from armybuilder.cli.application import for_arguments

        # a test may put another application in its place; else the one these arguments need (a core
        # command alone, so that its run imports nothing of the others); errors come back to us
        app = vars(cli).get("app") or for_arguments(sys.argv[1:])
        code = app(prog_name="armybuilder", standalone_mode=False)
        return code if isinstance(code, int) else 0
    except typer.TyperException as exc:  # a usage error: unknown option, missing argument, bad value
        if type(exc).__name__ == "NoArgsIsHelpError":  # a bare `armybuilder` or `armybuilder data`: the help page
            print(exc.ctx.get_help())  # type: ignore[attr-defined]
            sys.exit(exc.exit_code)
        print(f"armybuilder: error: {one_line(exc)}", file=sys.stderr)
        sys.exit(exc.exit_code)
    except typer.Abort:
        print("armybuilder: aborted", file=sys.stderr)
        sys.exit(1)
