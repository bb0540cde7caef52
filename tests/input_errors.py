"""Helpers shared by the test files."""

from rulings_lib.cli import main


def assert_input_error(tmp_path, capsys, name: str, text: str, line: int, fragment: str) -> None:
    """``rulings run`` on a bad scenario: exit 2, one line ``FILE:LINE: …`` naming the problem, no traceback."""
    f = tmp_path / f"{name}.yaml"
    f.write_text(text)
    assert main(["run", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith(f"{f}:{line}: "), err
    assert fragment in err, err
    assert "Traceback" not in err


def run_cli(capsys, *argv) -> tuple[int, str, str]:
    """``rulings ARGV`` in-process: ``(exit code, stdout, stderr)``."""
    code = main([str(a) for a in argv])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


def assert_one_line_error(code: int, err: str, file, fragment: str = "") -> None:
    """Exit 2, one line on stderr that names ``file``, holds ``fragment``, and no traceback."""
    assert code == 2, err
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert str(file) in err and fragment in err, err
    assert "Traceback" not in err
