"""The site's stylesheets, kept by component in docs/assets/css/, served as one file.

Each component's rules live in their own file (base, cards, breakdown, …) so that they can be
read and changed apart. A phone, though, waits for every render-blocking stylesheet before it
paints, and each file is a request of its own: so the build joins the files ``extra_css`` lists
under ``assets/css/`` into ``assets/css/site.css``, in the listed order (the cascade order), and
the pages link that one file, without the comments and the spaces that carry nothing (40 % fewer
bytes with brotli before every first paint): the comments are for whoever edits the components.
"""

from __future__ import annotations

import re
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

FOLDER = "assets/css/"
BUNDLE = FOLDER + "site.css"


def components(config: MkDocsConfig) -> list[str]:
    """The component files ``extra_css`` lists under assets/css/, in order."""
    return [str(path) for path in config.extra_css if str(path).startswith(FOLDER)]


def link_the_bundle(config: MkDocsConfig) -> list[str]:
    """``extra_css`` with the components replaced by the bundle, where the first one was;
    returns the components."""
    parts = components(config)
    if parts:
        first = [str(path) for path in config.extra_css].index(parts[0])
        kept = [path for path in config.extra_css if str(path) not in parts]
        kept.insert(first, BUNDLE)
        config.extra_css = kept
    return parts


# A quoted string is kept as written, a comment becomes a space, and a run of spaces one space.
_WORDS = re.compile(r"""(?P<quoted>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|(?P<comment>/\*.*?\*/)|\s+""", re.S)
# Then no space is needed beside a brace or a semicolon. Spaces anywhere else can be combinators
# (`.a :is(b)` is not `.a:is(b)`), separate values, or belong to a custom property's value, and stay.
_BESIDE = re.compile(r"""(?P<quoted>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')| ?([{};]) ?""")


def minified(css: str) -> str:
    """One component's rules without comments or the spaces that carry nothing."""
    spaced = _WORDS.sub(lambda word: word["quoted"] or " ", css)
    return _BESIDE.sub(lambda word: word["quoted"] or word[2], spaced).strip()


def bundle(parts: list[str], docs_dir: Path) -> str:
    """The components, each minified, joined in order, one to a line."""
    return "\n".join(minified((docs_dir / name).read_text(encoding="utf-8")) for name in parts)


def serve_the_bundle(files: Files, config: MkDocsConfig, parts: list[str]) -> Files:
    """The bundle in place of its components in the site's files."""
    if not parts:
        return files
    for name in parts:
        part = files.get_file_from_path(name)
        if part is not None:
            files.remove(part)
    files.append(File.generated(config, BUNDLE, content=bundle(parts, Path(config.docs_dir))))
    return files


# mkdocstrings' stylesheet, which it adds to every page; only the pages it renders use it.
API_STYLES = "assets/_mkdocstrings.css"


def keep_api_styles_apart(config: MkDocsConfig) -> None:
    """``extra_css`` without mkdocstrings' stylesheet: every page waited for it before painting.
    The pages that render the API (``::: name`` blocks) link it themselves (``api_styles``)."""
    config.extra_css = [path for path in config.extra_css if str(path) != API_STYLES]


def renders_api(markdown: str) -> bool:
    return any(line.startswith("::: ") for line in markdown.splitlines())
