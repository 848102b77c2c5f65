"""`python -m editor` runs the `seastack` command."""

from editor.cli import main

raise SystemExit(main())
