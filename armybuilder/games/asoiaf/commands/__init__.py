"""The commands only ASOIAF has: editing and building lists, browsing cards, importing other formats."""
