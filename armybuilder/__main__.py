"""`python -m armybuilder` runs the command line."""

from armybuilder.cli import main

main()
