"""ASOIAF printouts: show, army sheets, card pages and the builder's lines (rich imported lazily)."""
