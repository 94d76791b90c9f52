"""Run every bench/<game>.py in turn; each prints its own table and adds its numbers to bench/results.json."""

import runpy
import sys
from pathlib import Path

here = Path(__file__).parent
for script in sorted(here.glob("*.py")):
    if script.name.startswith("_") or script.name == "common.py":
        continue
    print(f"\n== {script.stem} ==", flush=True)
    sys.argv = [str(script)]
    runpy.run_path(str(script), run_name="__main__")
