"""The site's MkDocs hooks and the helpers they share (see README.md, "The site")."""
