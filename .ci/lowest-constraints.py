"""Print a pip constraints file pinning each runtime dependency to the lowest version pyproject.toml allows.

CI installs the project once as a new user gets it (the newest versions the index serves) and once with these
constraints, so a lower bound that no longer works fails CI instead of a user's install.
"""

import re
import sys
import tomllib
from pathlib import Path

project = tomllib.loads(Path(sys.argv[1] if len(sys.argv) > 1 else "pyproject.toml").read_text())["project"]
for requirement in project["dependencies"]:
    found = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^]]*\])?\s*>=\s*([^,;\s]+)", requirement)
    if not found:
        sys.exit(f"lowest-constraints: no lower bound (>=) in the dependency {requirement!r}; give it one")
    print(f"{found.group(1)}=={found.group(2)}")
