"""`python -m chequered ...` runs the same command line as `chequered ...`."""
from .cli import main

raise SystemExit(main())
