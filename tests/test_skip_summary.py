"""The run's closing summary names each skipped suite, counts its test functions and says how
to enable it (tests/conftest.py, issue 15 item 10)."""

from __future__ import annotations

from pathlib import Path

pytest_plugins = ["pytester"]

CONFTEST = (Path(__file__).parent / "conftest.py").read_text(encoding="utf-8")


def test_skipped_suites_are_counted_by_test_function_and_say_how_to_enable_them(pytester):
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(
        test_browser_x="""
            import pytest
            pytest.skip("/usr/bin/chromium is not installed", allow_module_level=True)
            def test_a(): pass
            def test_b(): pass
            class TestC:
                def test_d(self): pass
        """,
        test_db="""
            import pytest
            @pytest.mark.parametrize("n", [1, 2, 3])
            def test_pg(n):
                pytest.skip("no PostgreSQL server reachable")
            def test_runs(): pass
        """,
    )
    result = pytester.runpytest()
    result.assert_outcomes(passed=1, skipped=4)
    out = result.stdout.str()
    assert "4 test functions did not run" in out
    assert "real-browser tests (chromium): 3 test functions in 1 files" in out
    assert "PostgreSQL storage tests: 1 test functions in 1 files" in out
    assert "enable: bash scripts/setup/chromium.sh" in out
    assert "enable: bash scripts/setup/postgres.sh" in out


def test_a_run_without_skips_prints_no_summary(pytester):
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_ok="def test_ok(): pass")
    assert "skipped suites" not in pytester.runpytest().stdout.str()
