"""The site's backend: the engine adapted for the pages.

The engine core (``cribbage``) knows the rules; this package knows the pages. ``api`` is the
one worker API the pages call (JSON text in, JSON text out, never raising), ``params`` checks its
parameters, ``table`` plays a game against the computer as the table page sees it and ``log``
writes that page's sentences, ``quiz`` draws and judges the practice problems, ``vocabulary``
holds the words a page shows (labels, levels, phases) and ``links`` the scorer's link format.
"""
