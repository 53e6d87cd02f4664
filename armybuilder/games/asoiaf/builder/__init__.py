"""Building lists: the round-trip list document (`document`), the edits on it (`edits`), judging an edit
against the validator (`judge`), what can be added now (`options`) and the completion search (`complete`).
Nothing here prints or exits."""
