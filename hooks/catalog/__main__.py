"""``python -m hooks.catalog [docs/catalog]``: check the catalog as the build does, without a build."""

from hooks.catalog.cli import main

raise SystemExit(main())
