"""The classroom app: the book's chapters served live by Voila.

Voila serves .ipynb notebooks, while the chapters are MyST Markdown notebooks. This script
converts every chapter listed in book/_toc.yml (with jupytext) into _build/classroom/ (with
the same folder layout, so relative paths keep working), then serves that folder:

    python scripts/classroom.py [--port 8000] [--convert-only]

Each chapter opens at http://127.0.0.1:PORT/voila/render/<chapter>.ipynb. The JupyterLite
embeds of the book ({replite}, {notebooklite}, {jupyterlite}) are dropped: here every code cell
already runs in a live kernel. So are blocks for the static book only (``{only} html``, such as
the "Play in your browser" page's instructions for Pyodide), while the cells the book removes
(tag ``remove-cell``, such as that page's live play table) are kept.  Jupyter's Markdown
knows no MyST, so the rest is rewritten as Markdown it shows: roles as links or words, an
exercise (an admonition) as a quote, its solution (a dropdown) as a folded ``<details>``
block, the glossary's terms in bold over their definitions; index entries are dropped.

Voila runs with our own template, ``durak`` (scripts/voila_template/, installed into
_build/classroom-share/): Voila's "lab" template without its links to a CDN, so that a class
whose network reaches nothing outside loads every page whole.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
OUT = ROOT / "_build" / "classroom"
SHARE = ROOT / "_build" / "classroom-share"  # our Voila template, on JUPYTER_PATH
TEMPLATE = ROOT / "scripts" / "voila_template"
TEMPLATE_NAME = "durak"

_LITE_FENCE = re.compile(
    r"^(?P<fence>`{3,}|:{3,})\{(?:replite|notebooklite|jupyterlite|try_examples|voici)\}.*?^(?P=fence)\s*$",
    re.M | re.S,
)
_BOOK_ONLY = re.compile(
    r"^(?P<fence>`{3,}|:{3,})\{only\}\s+html\s*$.*?^(?P=fence)\s*$\n?", re.M | re.S
)
_LITE_NOTE = "*(A JupyterLite embed of the online book: here the code cells run live.)*\n"
_MYST_TARGET = re.compile(r"^\([\w.:-]+\)=\s*$\n?", re.M)
# a MyST role: {name}`text`, {name}`text <target>` (Jupyter's Markdown shows them raw)
_ROLE = re.compile(r"\{(?P<role>doc|ref|term|index)\}`(?P<body>[^`]+)`")
_HEADING = re.compile(r"^#{1,6}\s+(?P<title>.+?)\s*$", re.M)
# an admonition: :::{admonition} Title / :class: dropdown|tip / body / :::
_ADMONITION = re.compile(
    r"^(?P<fence>:{3,})\{admonition\}[ \t]*(?P<title>.*?)[ \t]*\n"
    r"(?::class:\s*(?P<cls>[\w -]+?)\s*\n)?(?P<body>.*?)^(?P=fence)[ \t]*$",
    re.M | re.S,
)
# an index entry: for the book's index only, nothing to show
_INDEX = re.compile(r"^(?P<fence>`{3,})\{index\}.*?^(?P=fence)[ \t]*\n?", re.M | re.S)
_GLOSSARY = re.compile(
    r"^(?P<fence>`{3,})\{glossary\}[ \t]*\n(?P<body>.*?)^(?P=fence)[ \t]*$", re.M | re.S
)


def admonitions(markdown: str) -> str:
    """The book's admonitions as Markdown that Jupyter shows: a dropdown (an exercise's
    solution) as a <details> block the reader opens, any other (an exercise) as a quote with
    its title in bold."""

    def one(m: re.Match[str]) -> str:
        title, body = m.group("title"), m.group("body").strip("\n")
        if "dropdown" in (m.group("cls") or ""):
            return f"<details><summary><b>{title}</b></summary>\n\n{body}\n\n</details>"
        quoted = "\n".join(f"> {line}" if line else ">" for line in body.split("\n"))
        return f"> **{title}**\n>\n{quoted}"

    return _ADMONITION.sub(one, markdown)


def glossaries(markdown: str) -> str:
    """A glossary block (terms on lines of their own, each definition indented below) as
    paragraphs: the terms in bold, then the definition."""

    def one(m: re.Match[str]) -> str:
        out: list[str] = []
        terms: list[str] = []
        for line in m.group("body").split("\n"):
            if line.strip() and not line[0].isspace():
                terms.append(line.strip())
            elif line.strip():
                if terms:
                    out.append("**" + "**, **".join(terms) + "**  ")
                    terms = []
                out.append(line.strip())
            else:
                out.append("")
        return "\n".join(out).strip("\n")

    return _GLOSSARY.sub(one, markdown)


class Links:
    """Where the book's cross-references lead in the classroom: each page's title and whether
    it is served (notebook chapters only), and each MyST target's page and heading."""

    def __init__(self, pages: list[Path]) -> None:
        self.served: dict[str, bool] = {}
        self.titles: dict[str, str] = {}
        self.targets: dict[str, tuple[str, str]] = {}
        for page in pages:
            name = page.relative_to(BOOK).with_suffix("").as_posix()
            text = page.read_text(encoding="utf-8")
            self.served[name] = is_notebook(page)
            first = _HEADING.search(text)
            self.titles[name] = first.group("title") if first else name
            for m in re.finditer(r"^\((?P<label>[\w.:-]+)\)=\s*\n+(?P<next>.*)$", text, re.M):
                heading = _HEADING.match(m.group("next"))
                title = heading.group("title") if heading else m.group("label")
                self.targets[m.group("label")] = (name, title)

    def link(self, text: str, page: str, here: str) -> str:
        """``text`` as a Markdown link to ``page`` where the classroom serves it, else plain."""
        if not self.served.get(page):
            return text
        depth = here.count("/")
        return f"[{text}]({'../' * depth}{page}.ipynb)"

    def rewrite(self, markdown: str, here: str) -> str:
        """The roles of ``markdown`` (a cell of page ``here``) as Markdown links or words."""

        def one(m: re.Match[str]) -> str:
            role, body = m.group("role"), m.group("body")
            explicit = re.fullmatch(r"(?P<text>.+?)\s*<(?P<target>[^<>]+)>", body, re.S)
            text, target = (explicit["text"], explicit["target"]) if explicit else (None, body)
            if role == "doc":
                page = target.lstrip("/")
                return self.link(text or self.titles.get(page, page), page, here)
            if role == "ref" and target in self.targets:
                page, title = self.targets[target]
                return self.link(text or title, page, here)
            return text or target  # {term}, {index}, or a target we do not know

        return _ROLE.sub(one, markdown)


def toc_files(book: Path = BOOK) -> list[Path]:
    """Every page of book/_toc.yml (root, chapters, sections), as existing source files."""
    import yaml

    toc = yaml.safe_load((book / "_toc.yml").read_text())
    names: list[str] = [toc["root"]]

    def walk(entries: list[dict[str, object]]) -> None:
        for entry in entries:
            if "file" in entry:
                names.append(str(entry["file"]))
            for key in ("parts", "chapters", "sections"):
                if key in entry:
                    walk(entry[key])  # type: ignore[arg-type]

    walk([toc])
    files = []
    for name in names:
        matches = [book / f"{name}{ext}" for ext in (".md", ".ipynb")]
        found = [m for m in matches if m.exists()]
        if not found:
            raise FileNotFoundError(f"_toc.yml lists {name!r} but book/{name}.md|.ipynb is missing")
        files.append(found[0])
    return files


def is_notebook(path: Path) -> bool:
    """A chapter with code to run: an .ipynb, or a MyST .md with a kernelspec header."""
    if path.suffix == ".ipynb":
        return True
    head = path.read_text(encoding="utf-8").split("\n---", 1)[0]
    return path.read_text(encoding="utf-8").startswith("---") and "kernelspec" in head


def convert(out: Path = OUT) -> list[Path]:
    """Write every notebook chapter as .ipynb under out/; return the written paths."""
    import jupytext
    import nbformat

    shutil.rmtree(out, ignore_errors=True)
    written = []
    pages = toc_files()
    links = Links(pages)
    for src in pages:
        if not is_notebook(src):
            continue
        nb = jupytext.read(src)
        for cell in nb.cells:
            if cell.cell_type == "markdown":
                text = _LITE_FENCE.sub(_LITE_NOTE, _BOOK_ONLY.sub("", cell.source))
                text = glossaries(admonitions(_INDEX.sub("", text)))
                here = src.relative_to(BOOK).with_suffix("").as_posix()
                cell.source = links.rewrite(_MYST_TARGET.sub("", text), here)
        dest = out / src.relative_to(BOOK).with_suffix(".ipynb")
        dest.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, dest)
        written.append(dest)
    # data files next to the chapters (figures, csv...) keep their relative places
    for extra in BOOK.rglob("*"):
        rel = extra.relative_to(BOOK)
        if (
            extra.is_file()
            and not rel.parts[0].startswith(("_", "."))
            and rel.parts[0] != "lite"
            and extra.suffix not in {".md", ".ipynb", ".yml"}
        ):
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(extra, out / rel)
    return written


def install_template(share: Path) -> Path:
    """Our Voila template, ``durak`` (scripts/voila_template: Voila's "lab" template asking
    nothing of a CDN), installed under ``share``/voila/templates/ (``share`` goes on
    JUPYTER_PATH: :func:`voila_env`)."""
    dest = share / "voila" / "templates" / TEMPLATE_NAME
    shutil.copytree(TEMPLATE, dest, dirs_exist_ok=True)
    return dest


def voila_env(env: dict[str, str], share: Path) -> dict[str, str]:
    """``env`` with ``share`` first on JUPYTER_PATH, where Voila finds our template."""
    paths = [str(share), *filter(None, [env.get("JUPYTER_PATH")])]
    return {**env, "JUPYTER_PATH": os.pathsep.join(paths)}


def voila_command(folder: Path, port: int) -> list[str]:
    """Voila serving ``folder`` on 127.0.0.1:``port`` with our template (run it with
    :func:`voila_env`'s environment, after :func:`install_template`)."""
    voila = Path(sys.executable).parent / "voila"
    return [
        str(voila),
        str(folder),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--theme=light",
        f"--template={TEMPLATE_NAME}",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the chapters as a Voila app")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--convert-only", action="store_true")
    args = parser.parse_args(argv)
    written = convert()
    print(f"[classroom] {len(written)} chapters converted into {OUT.relative_to(ROOT)}/")
    if args.convert_only:
        return 0
    first = written[0].relative_to(OUT).as_posix() if written else ""
    print(
        f"[classroom] serving http://127.0.0.1:{args.port}/  "
        f"(e.g. http://127.0.0.1:{args.port}/voila/render/{first})  Ctrl-C stops",
        flush=True,
    )
    install_template(SHARE)
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    }
    env = voila_env(env, SHARE)
    try:
        return subprocess.run(
            voila_command(OUT, args.port), cwd=OUT, env=env, check=False
        ).returncode
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
