"""pickle's `dumps` and `loads`, from its C accelerator without importing pickle.py (a large module: a
batch's start, its workers and the catalogue cache need nothing else of it)."""

try:
    from _pickle import dumps as dumps
    from _pickle import loads as loads
except ImportError:  # pragma: no cover - an interpreter without the C accelerator
    from pickle import dumps as dumps
    from pickle import loads as loads
