"""`python -m sudoku_lib ...` runs the command line (its exit codes are listed in cli.py)."""

import sys

try:
    from .cli import main
except KeyboardInterrupt:  # Ctrl-C while the command line was still loading
    print("python -m sudoku_lib: interrupted", file=sys.stderr)
    sys.exit(130)  # cli.INTERRUPTED, which may not have loaded

sys.exit(main())
