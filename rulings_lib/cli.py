"""The ``rulings`` command.

    rulings run FILE [--json] [--lang L]  play one scenario, print the transcript (or the outcome as JSON)
    rulings run NAME                    play a shipped example by name (power-bond-handover)
    rulings examples [--copy NAME [DEST]]   list the shipped examples, or copy one out as a starting point
    rulings --version                   the kit's version
    rulings check PATH... [--lang L]    run every scenario under PATHs, report failed expectations
    rulings readings [--format F]       list the named interpretations the kit plays by
    rulings rules [--format F]          list the rule ids
    rulings verbs [--json] [--lang L] [--format F]   the verbs a scenario step may use (a form builder reads --json)
    rulings bench                       measure the engines' speed
    rulings wrgp check-team ...         WRGP-S2 team deck check
    rulings tag check-deck ...          TAG-K1..K3 deck check
    rulings diagrams [--out DIR]        write the phase diagrams (SVG + DOT; needs the [kit] extra)
    rulings faq [--lang en|ja] [--html OUT]   the ruling FAQ
    rulings coverage                    rule ids demonstrated by the FAQ

``--lang en|ja`` chooses the language people read (transcripts, reports, input errors); without
it the locale decides (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``ja*`` is Japanese). JSON output
keeps English texts and adds message codes.

``--strict`` (``run``, ``check``): a step rejected that ``expect.rejected`` does not list fails.

Exit status: 0 all well, 1 an expectation failed (or a deck is illegal), 2 unusable input,
3 no answer was reached: the machine ran out of a resource (memory, stack) -- not a verdict -- or
an internal error (a bug: the traceback is written to a file the message names).
Heavy modules are imported only by the sub-command that needs them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from .errors import InputError, one_line
from .i18n import LANGS, Msg, default_lang, render
from .i18n.glossary import word as term

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, TextIO

    from .formats import Format

EXIT_OK, EXIT_FAILED, EXIT_INPUT, EXIT_RESOURCE = 0, 1, 2, 3
EXIT_INTERNAL = 3   # no answer either way: a bug of the kit (the traceback is kept in a file)


def _err(message: object) -> None:
    print(f"rulings: {message}", file=sys.stderr)


def _lang(args: argparse.Namespace) -> str:
    """``--lang`` when given, else the locale's language (LC_ALL, LC_MESSAGES, LANG)."""
    return default_lang(getattr(args, "lang", None))


def _say(args: argparse.Namespace, code: str, **kw: object) -> str:
    return render(code, kw, _lang(args))


def cmd_run(args: argparse.Namespace) -> int:
    import gc

    # One scenario: the cycle collector (which would walk every step and event again and again as
    # they pile up: half the time of a long scenario) is paused while it runs; the engines make next
    # to no reference cycles (the peak memory is the same without it). Restored after (main() may be
    # called in a longer-lived process).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _run(args)
    finally:
        if collecting:
            gc.enable()


def _run(args: argparse.Namespace) -> int:
    from .examples import scenario_argument
    from .scenario import load_scenario, run_scenario

    scenario = load_scenario(scenario_argument(args.file))   # a file, or a shipped example by name
    if getattr(args, "cards", None):   # EDOPro databases: files or folders, later ones override earlier ones
        _refuse_cards_for_other_formats(args, scenario)
        scenario.setup = {**scenario.setup, "cards_db": [*scenario.setup.get("cards_db", []), *args.cards]}
    result = run_scenario(scenario, strict=args.strict)
    if args.svg is not None or args.svg_steps is not None:   # the final state / each step drawn
        from .draw.scenario import cli_pictures

        cli_pictures(result, args.svg, args.svg_steps, _lang(args))   # unusable path: InputError, exit 2
    if getattr(args, "setup", False):     # where the scenario ends, as a scenario that starts there
        from .errors import NotExportable

        try:
            print(setup_yaml(result.match), end="")
        except NotExportable as exc:           # a position no setup holds: named, in one line (exit 2)
            _err(one_line(f"{args.file}: {exc.render(_lang(args))}"))
            return EXIT_INPUT
    elif args.json:
        print(json.dumps(result.outcome, ensure_ascii=False, indent=2))
    else:
        print(result.verdict(_lang(args)))     # the answer first, then how it came about
        print()
        print(result.transcript(_lang(args)))
    return EXIT_OK if result.passed else EXIT_FAILED


def setup_yaml(match: Any) -> str:
    """A scenario file (``format`` and ``setup``, no steps) that starts in ``match``'s position
    (:meth:`~rulings_lib.match.Match.setup`; NotExportable for a position no setup holds)."""
    import yaml

    return yaml.safe_dump({"format": match.FORMAT, "setup": match.setup()}, allow_unicode=True, sort_keys=False,
                          default_flow_style=None)


def _refuse_cards_for_other_formats(args: argparse.Namespace, scenario: Any) -> None:
    """``--cards`` is for a format whose setup reads card databases (``setup.cards_db``); given to
    another, it is refused (exit 2), never ignored."""
    from .formats import FORMATS

    def reads_cards(fmt: Format) -> bool:
        return "cards_db" in getattr(fmt.reader.SETUP, "fields", {})

    if not reads_cards(FORMATS[scenario.format]):
        formats = ", ".join(f.name for f in FORMATS.values() if reads_cards(f))
        raise InputError(args.file, None, Msg("cli.cards_not_for_format", format=scenario.format, formats=formats))


def cmd_check(args: argparse.Namespace) -> int:
    from .scenario import load_scenario, run_scenario, scan_scenarios

    lang = _lang(args)
    files, problems = scan_scenarios(args.paths)
    for problem in problems:           # a folder that cannot be listed: said, and the rest still run
        print(problem.render(lang), file=sys.stderr)
    if not files and not problems:
        _err(one_line(_say(args, "cli.no_scenarios", paths=" ".join(args.paths))))
        return EXIT_INPUT
    bad, failed, passed = len(problems), 0, 0
    for f in files:
        try:
            result = run_scenario(load_scenario(f), strict=args.strict)
        except InputError as exc:      # each bad file is reported; the others still run
            print(exc.render(lang), file=sys.stderr)
            bad += 1
            continue
        if result.passed:
            passed += 1
            if args.verbose:
                print(one_line(_say(args, "cli.check.ok", file=str(f))))
            continue
        failed += 1
        for r in result.unexpected:
            print(one_line(_say(args, "cli.check.unexpected", where=str(f), step=r["step"], rule=r["rule"])))
        for c in result.failures:
            where = f"{f}:{c.line}" if c.line else str(f)
            print(one_line(_say(args, "cli.check.failed", where=where, key=c.key,
                                expected=json.dumps(c.expected, ensure_ascii=False),
                                actual=json.dumps(c.actual, ensure_ascii=False))))
    print(_say(args, "cli.check.summary", files=len(files), passed=passed, failed=failed, bad=bad))
    if bad:
        return EXIT_INPUT
    return EXIT_FAILED if failed else EXIT_OK


def cmd_examples(args: argparse.Namespace) -> int:
    from .examples import copy_example, examples

    if args.copy:
        written = copy_example(args.copy, args.dest)
        extra = _say(args, "cli.examples.copied_samples", n=len(written) - 1, folder=str(written[0].parent / "samples")) \
            if len(written) > 1 else ""
        print(one_line(_say(args, "cli.examples.copied", name=args.copy, path=str(written[0]), extra=extra)))
        return EXIT_OK
    if args.dest:
        _err(one_line(_say(args, "cli.examples.dest_without_copy", dest=args.dest)))
        return EXIT_INPUT
    from .scenario import load_scenario

    found = examples(args.format)
    lang = _lang(args)
    print(_say(args, "cli.examples.header", n=len(found)))
    width = max(map(len, found), default=0)
    for name, path in found.items():
        sc = load_scenario(path)
        print(f"{name:{width}}  {sc.format:11}  {sc.title_in(lang)}")
    return EXIT_OK


def cmd_readings(args: argparse.Namespace) -> int:
    from .formats import FORMATS
    from .readings import readings

    names = [args.format] if args.format else list(FORMATS)
    for name in names:                 # each format's Readings (its modules imported on first use)
        for r in FORMATS[name].readings:
            print(f"{r.id}  [{r.rule}]  {r.title}\n    {r.text}")
    settled = [r for name in names for r in readings(name, settled=True)]
    if settled:                        # once Readings, now rulings: the rulebook's own words settle them
        print("\nSettled by the rulebook's words (rulings, not interpretations):")
        for r in settled:
            print(f"{r.id}  [{r.rule}]  {r.title}\n    {r.settled_by}")
    return EXIT_OK


def cmd_cards(args: argparse.Namespace) -> int:
    """The card catalogue: names in both languages, kind, Spell Speed, what it does, rule ids, FAQ entries."""
    from .cards import listing
    from .formats import FORMATS
    from .i18n import render

    lang = _lang(args)
    data = listing([f.cards for f in FORMATS.values() if args.format in (None, f.name)], lang)
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return EXIT_OK
    for fmt in data["formats"]:
        print(f"# {fmt['format']}")
        for c in fmt["cards"]:
            other = "en" if lang == "ja" else "ja"
            speed = f", {term('spell_speed')} {c['speed']}" if c["speed"] else ""
            number = f"{c['number']} " if c.get("number") else ""
            print(f"{number}{c['name'][lang]} / {c['name'][other]}  [{c['kind']}{speed}]")
            print(f"    {c['does'][lang]}")
            if c["choices"]:
                print("    " + ", ".join(f"{ch['name']}: {ch['label']}" for ch in c["choices"]))
            refs = c["rules"] + [f"faq:{f}" for f in c["faq"]]
            if refs:
                print("    " + " ".join(refs))
            # What of its text the kit plays, clause by clause, and what it does not, with why.
            for cl in c["clauses"]:
                if cl["played"]:
                    print(f"    + {render('cli.cards.played', None, lang)}: {cl['text'][lang]}")
                else:
                    why = f"（{cl['why'][lang]}）" if lang == "ja" else f" ({cl['why'][lang]})"
                    print(f"    - {render('cli.cards.unplayed', None, lang)}: {cl['text'][lang]}{why}")
    return EXIT_OK


def cmd_rules(args: argparse.Namespace) -> int:
    from .formats import FORMATS

    for name, fmt in FORMATS.items():
        if args.format and name != args.format:
            continue
        for rid, title in fmt.rule_ids.items():
            print(f"{rid:10} {title}")
    return EXIT_OK


def cmd_verbs(args: argparse.Namespace) -> int:
    from .formats import describe_verbs
    from .verbs import markdown, text_table

    description = describe_verbs(_lang(args), args.format)
    if args.markdown:
        print(markdown(description), end="")
    elif args.json:
        print(json.dumps(description, ensure_ascii=False, indent=1))
    else:
        print(text_table(description), end="")
    return EXIT_OK


def cmd_bench(args: argparse.Namespace) -> int:
    from .bench import main as bench_main

    return bench_main(args)


def cmd_wrgp_check_team(args: argparse.Namespace) -> int:
    from .decks.wrgp_team import cli_check_team

    return cli_check_team(args)


def cmd_tag_check_deck(args: argparse.Namespace) -> int:
    from .tag.deckcheck import cli_check_deck

    return cli_check_deck(args)


def cmd_diagrams(args: argparse.Namespace) -> int:
    from .diagrams.cli import cli_diagrams

    return cli_diagrams(args)


def cmd_faq(args: argparse.Namespace) -> int:
    from .faq import load_faq, render_text

    entries = load_faq()
    if args.html:
        from .faq.html import render_html
        from .files import check_writable, write_text

        # Written whole or not at all (a temporary file beside it, then renamed); a folder, a path
        # under a file, a full disk or no permission is exit 2 naming the path (the first three said
        # before the page is made, which takes seconds).
        check_writable(args.html, Msg("files.what.faq_page"))
        write_text(args.html, render_html(entries), Msg("files.what.faq_page"))
        print(one_line(_say(args, "cli.faq.wrote", path=args.html, n=len(entries))))
        return EXIT_OK
    print(render_text(entries, _lang(args)), end="")
    return EXIT_OK


def cmd_coverage(args: argparse.Namespace) -> int:
    from .faq import all_rule_ids, coverage

    cov = coverage()
    ids = all_rule_ids()
    for rid in ids:
        entries = cov.demonstrated.get(rid)
        if entries:
            print(f"ok       {rid:10} {', '.join(entries)}")
        elif rid in cov.missing:
            print(f"MISSING  {rid:10} {ids[rid]}")
        else:
            print(f"advice   {rid:10} {ids[rid]} (nothing to demonstrate)")
    for r in cov.readings_missing:
        print(f"MISSING  reading {r}: no FAQ entry or tool note names it")
    shown = len(cov.demonstrated)
    print(f"{shown} of {len(ids)} rule ids demonstrated; {len(cov.missing)} missing; "
          f"{len(cov.readings_missing)} readings without an entry")
    return EXIT_OK if cov.complete else EXIT_FAILED


def _positive(value: str) -> int:
    """A whole number >= 1 in ASCII digits (argparse: a bad one is a usage error, exit 2)."""
    from .files import ascii_number

    n = ascii_number(value.strip(), 9)
    if n is None or n < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 to 999,999,999, got {value!r}")
    return n


class _Unbuilt:
    """A sub-command's parser not built: it takes the calls that would build it and does nothing."""

    def add_argument(self, *args: Any, **kwargs: Any) -> None:
        return None

    def set_defaults(self, **kwargs: Any) -> None:
        return None

    def add_subparsers(self, **kwargs: Any) -> _Unbuilt:
        return self

    def add_parser(self, name: str, **kwargs: Any) -> _Unbuilt:
        return self


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` finds it, without importing shutil
    (and its compression modules) for every ``rulings run``."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


def _formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.HelpFormatter(prog, width=_columns() - 2)


class _OnlyOne:
    """``add_subparsers()`` building only the sub-command ``name`` when one is given (each parser
    built costs argparse a look-up of its words' translations on disk: the start-up of ``rulings
    run``), each with the help formatter above."""

    def __init__(self, sub: Any, name: str | None) -> None:
        self.sub, self.name = sub, name

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        if self.name is not None and name != self.name:
            return _Unbuilt()
        return self.sub.add_parser(name, formatter_class=_formatter, **kwargs)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line; with ``only``, just that sub-command's parser (when there is one)."""
    from . import __version__
    from .formats import FORMATS  # the formats' names (its records are made only when asked for)

    p = argparse.ArgumentParser(prog="rulings", description="Play and check rulings of team card-game formats.",
                                formatter_class=_formatter)
    p.add_argument("--version", action="version", version=f"rulings {__version__} (rulings_lib)")
    full = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sub = _OnlyOne(full, only)

    s = sub.add_parser("run", help="play one scenario file (or a shipped example by name) and print its transcript")
    s.add_argument("file", help="a scenario file, or a shipped example's name (rulings examples lists them)")
    s.add_argument("--json", action="store_true", help="print the outcome as one JSON object")
    s.add_argument("--setup", action="store_true",
                   help="print, as a scenario file (YAML), the setup that starts where the scenario ends")
    s.add_argument("--svg", metavar="OUT.svg", help="also write the final state as a picture")
    s.add_argument("--svg-steps", metavar="DIR", help="also write one picture per step into DIR")
    s.add_argument("--strict", action="store_true",
                   help="fail (exit 1) when a step is rejected that expect.rejected does not list")
    s.add_argument("--lang", choices=LANGS, help="language of the text: en or ja (default: the locale's, LANG/LC_ALL)")
    s.add_argument("--cards", action="append", metavar="CDB",
                   help="an EDOPro cards.cdb or a folder of .cdb files (repeatable; later ones override earlier "
                        "ones for the same passcode): monsters' ATK, level and type")
    s.set_defaults(func=cmd_run)

    s = sub.add_parser("check", help="run every scenario under the paths and report failed expectations")
    s.add_argument("paths", nargs="+")
    s.add_argument("-v", "--verbose", action="store_true", help="also list the scenarios that pass")
    s.add_argument("--strict", action="store_true",
                   help="fail (exit 1) when a step is rejected that expect.rejected does not list")
    s.add_argument("--lang", choices=LANGS, help="language of the text: en or ja (default: the locale's, LANG/LC_ALL)")
    s.set_defaults(func=cmd_check)

    s = sub.add_parser("examples", help="list the shipped example scenarios, or copy one out (--copy NAME [DEST])")
    s.add_argument("--copy", metavar="NAME", help="copy the example NAME (with the sample files it names) to DEST")
    s.add_argument("dest", nargs="?", metavar="DEST", help="with --copy: a file or folder (default: ./NAME.yaml)")
    s.add_argument("--format", choices=list(FORMATS))
    s.add_argument("--lang", choices=LANGS, help="language of the titles: en or ja (default: the locale's, LANG/LC_ALL)")
    s.set_defaults(func=cmd_examples)

    s = sub.add_parser("readings", help="list the named interpretations (Readings)")
    s.add_argument("--format", choices=list(FORMATS))
    s.set_defaults(func=cmd_readings)

    s = sub.add_parser("cards", help="list the card catalogue: names (en/ja), kind, what each card does")
    s.add_argument("--format", choices=list(FORMATS))
    s.add_argument("--json", action="store_true", help="print the catalogue as one JSON object")
    s.add_argument("--lang", choices=LANGS, help="language of the text: en or ja (default: the locale's, LANG/LC_ALL)")
    s.set_defaults(func=cmd_cards)

    s = sub.add_parser("rules", help="list the rule ids")
    s.add_argument("--format", choices=list(FORMATS))
    s.set_defaults(func=cmd_rules)

    s = sub.add_parser("verbs", help="list the verbs a scenario step may use, with their parameters")
    s.add_argument("--json", action="store_true", help="print one JSON object (what a form builder reads)")
    s.add_argument("--markdown", action="store_true", help="print the verb table of the scenario docs")
    s.add_argument("--lang", choices=LANGS, help="language of the labels: en or ja (default: the locale's, LANG/LC_ALL)")
    s.add_argument("--format", choices=list(FORMATS))
    s.set_defaults(func=cmd_verbs)

    s = sub.add_parser("bench", help="measure engine speed, import time and command start-up")
    s.add_argument("--steps", type=_positive, default=200_000, help="engine steps of random play to time (at least 1)")
    s.set_defaults(func=cmd_bench)

    s = sub.add_parser("diagrams", help="write every phase diagram as SVG and .dot into a folder (the [kit] extra)")
    s.add_argument("--out", help="folder to write to (default: diagrams)")
    s.add_argument("--check", action="store_true",
                   help="maintainers, in a checkout: do not write; exit 1 if a committed .dot file differs from the "
                        "engines' tables")
    s.add_argument("--lang", choices=LANGS, help="language of the messages: en or ja (default: the locale's, LANG/LC_ALL)")
    s.set_defaults(func=cmd_diagrams)

    s = sub.add_parser("faq", help="print the ruling FAQ (every answer re-checked by its scenario)")
    s.add_argument("--lang", choices=LANGS, help="language of the text: en or ja (default: the locale's, LANG/LC_ALL)")
    s.add_argument("--html", metavar="OUT", help="write a self-contained HTML page instead")
    s.set_defaults(func=cmd_faq)

    s = sub.add_parser("coverage", help="which rule ids the FAQ demonstrates; exit 1 while any is missing")
    s.set_defaults(func=cmd_coverage)

    w = _OnlyOne(sub.add_parser("wrgp", help="WRGP tools").add_subparsers(dest="wrgp_command", required=True,
                                                                         metavar="TOOL"), None)
    s = w.add_parser("check-team", help="WRGP-S2: check a team's three .ydk decks against a banlist")
    s.add_argument("decks", nargs=3, metavar="DECK", help=".ydk file or ydke:// URL")
    s.add_argument("--banlist", required=True, help="lflist.conf")
    s.add_argument("--list", dest="list_name", help="which list in the file (default: the first)")
    s.add_argument("--cards", action="append",
                   help="cards.cdb for names and aliases, or a folder of .cdb files (repeatable; later ones override "
                        "earlier ones for the same passcode, as EDOPro reads them)")
    s.add_argument("--json", action="store_true")
    s.add_argument("--lang", choices=LANGS, help="language of the text: en or ja (default: the locale's, LANG/LC_ALL)")
    s.set_defaults(func=cmd_wrgp_check_team)

    t = _OnlyOne(sub.add_parser("tag", help=f"Digimon {term('tag_battle')} tools").add_subparsers(
        dest="tag_command", required=True, metavar="TOOL"), None)
    s = t.add_parser("check-deck", help="TAG-K1..K3: check one deck or a tag's two decks")
    s.add_argument("decks", nargs="+", metavar="DECK")
    s.add_argument("--cards", help="catalogue CSV (number,name,level,...)")
    s.add_argument("--json", action="store_true")
    s.add_argument("--lang", choices=LANGS, help="language of the text: en or ja (default: the locale's, LANG/LC_ALL)")
    s.set_defaults(func=cmd_tag_check_deck)
    if only is not None and only not in full.choices:
        return build_parser()        # not a command: the full parser says which ones there are
    return p


# Arguments that name files: an empty one is a mistake (`--cards ""`), never "no file".
_PATH_ARGS = {"file": "FILE", "dest": "DEST", "copy": "--copy", "paths": "PATH", "decks": "DECK", "banlist": "--banlist", "cards": "--cards",
              "html": "--html", "out": "--out", "svg": "--svg", "svg_steps": "--svg-steps"}


def _empty_path_arg(args: argparse.Namespace) -> str | None:
    for attr, label in _PATH_ARGS.items():
        value = getattr(args, attr, None)
        values = value if isinstance(value, list) else [value]
        if any(isinstance(v, str) and not v.strip() for v in values):
            return label
    return None


def _tolerant_streams() -> None:
    """A terminal (or pipe) whose encoding cannot show a character gets an escape for it, rather
    than the command dying with UnicodeEncodeError (``PYTHONIOENCODING=ascii``, a Latin-1 locale)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and (getattr(stream, "encoding", "") or "").lower().replace("-", "") != "utf8":
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):
                pass


class _ReaderGone:
    """Standard output for one command: when its reader goes away (``rulings wrgp check-team ... |
    head -1``), what is left to print is dropped and the command runs on to its verdict, whose exit
    status never depends on who reads the output."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.gone = False

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                return self._stream.write(text)
            except BrokenPipeError:
                self.gone = True
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self._stream.flush()
            except BrokenPipeError:
                self.gone = True

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _silence(stream: Any) -> None:
    """Point a stream whose pipe is closed at /dev/null, so that Python's last flush finds nothing
    to say (Python's documented recipe for SIGPIPE)."""
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, fd)
        os.close(devnull)
    except OSError:
        pass


def main(argv: Sequence[str] | None = None) -> int:
    _tolerant_streams()
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(argv[0] if argv and not argv[0].startswith("-") else None)
    args = parser.parse_args(argv)
    empty = _empty_path_arg(args)
    if empty:
        _err(_say(args, "cli.empty_path", option=empty))
        return EXIT_INPUT
    stdout, sys.stdout = sys.stdout, _ReaderGone(sys.stdout)
    try:
        return args.func(args)  # type: ignore[no-any-return]
    except InputError as exc:
        print(exc.render(_lang(args)), file=sys.stderr)
        return EXIT_INPUT
    except ImportError as exc:   # an optional package missing: the extra that brings it, exit 2
        from .extras import MissingExtra

        if not isinstance(exc, MissingExtra):
            return _internal_error(args, exc)
        _err(one_line(exc.render(_lang(args), f"rulings {args.command}")))
        return EXIT_INPUT
    except BrokenPipeError:      # stderr's reader went away: the status is still the verdict's
        return EXIT_INPUT
    except KeyboardInterrupt:
        return 130
    except (MemoryError, RecursionError) as exc:
        # Out of memory or stack: no verdict was reached, so neither 1 ("illegal", "expectation
        # failed") nor 2 (the input is unusable) would be true. One line and a status of its own.
        _err(_say(args, "cli.out_of_resource", what=_say(args, "cli.resource.memory" if isinstance(exc, MemoryError)
                                                         else "cli.resource.stack")))
        return EXIT_RESOURCE
    except Exception as exc:   # noqa: BLE001 - a bug of the kit: said in one line, the traceback kept in a file
        return _internal_error(args, exc)
    finally:
        guard = sys.stdout
        guard.flush()            # what is still buffered, now: a closed pipe is noted, never raised
        gone, sys.stdout = guard.gone, stdout
        if gone:                 # nothing more reaches the closed pipe, not even at the interpreter's exit
            _silence(stdout)


def _internal_error(args: argparse.Namespace, exc: BaseException) -> int:
    """Exit 3: one line asking for a report, naming the file that holds the traceback."""
    import tempfile
    import traceback

    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    try:
        fd, path = tempfile.mkstemp(prefix="rulings-internal-error-", suffix=".txt")
        with open(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
    except OSError:
        path = "-"
    where = getattr(exc, "where", None) or type(exc).__name__
    try:
        message = _say(args, "cli.internal_error", where=where, path=path)
    except Exception:   # noqa: BLE001 - the words themselves are broken: say it in plain English
        message = f"internal error (a bug in the kit, not in your input) at {where}; please report it with " \
                  f"the traceback written to {path}"
    _err(one_line(message))
    return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
