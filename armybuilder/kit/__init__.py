"""The small toolkit every game builds on, so that no game writes these again:

- `schema`: loading a game's JSON Schemas, a JSON path → the position in a YAML value, schema errors →
  positioned problems (`shape_problems`: in our words, for a file a player writes);
- `quickschema`: a schema compiled to Python, the quick yes that spares `jsonschema` valid data;
- `words`: "did you mean", and `marked` (a name with its invisible and look-alike characters shown);
- `size`: the file-size guard (what a file too large to be a list, a position or a deck is told);
- `cache`: a game's checked data (a card catalogue) cached by content, under the trust rules of a pickle.

Part of the core: it imports nothing above `problems`, `yamlpos` and `fileio`.
"""
