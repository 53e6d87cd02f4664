"""armybuilder: army builder and list validator for A Song of Ice & Fire: Tabletop Miniatures Game."""

__version__ = "0.1.0"
