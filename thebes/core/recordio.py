"""The one reader and the one writer of record text (shared/spec/RECORDS.md).

Every command that reads a record (``replay``, ``hint``, ``play --resume``)
and the server's upload go through :func:`read_text` / :func:`parse_json`;
every command that writes one goes through :func:`write_text`. Both turn
every way the outside world can go wrong into a :class:`RecordError` (a
:class:`ThebesError`) with one sentence naming the input:

Reading
    at most :data:`MAX_RECORD_BYTES` bytes (``/dev/zero`` is refused, not read
    until memory runs out); UTF-8 only (a UTF-8 byte-order mark is allowed,
    UTF-16 and binary files are named as such); JSON nested at most
    :data:`MAX_DEPTH` deep; integers of at most :data:`MAX_INT_DIGITS`
    digits, finite numbers only (no ``NaN``, ``Infinity``, ``1e999``);
    ``-`` is standard input, and a closed standard input is an error, not a
    crash.
Writing
    ``-`` is standard output. A file is written to a temporary file beside the
    target and renamed over it (never half a record), following symbolic
    links (the link stays a link) and keeping the target's permission bits;
    a failed write leaves the old file whole and no temporary file behind. An
    existing file is replaced only when the caller says so (``overwrite``).
    A target that is not a regular file (``/dev/null``, a pipe) is written in
    place.
"""

from __future__ import annotations

import json
import math
import os
import stat
import sys
import tempfile
from typing import Any, BinaryIO, TextIO

from .errors import RecordError

#: the largest record read, in bytes (a 5-player Ra game is about 15 KiB).
MAX_RECORD_BYTES = 16 * 1024 * 1024
#: the deepest nesting of JSON arrays/objects accepted (a record needs 3).
MAX_DEPTH = 32
#: the most digits an integer in a record may have (scores and seeds need far fewer).
MAX_INT_DIGITS = 30


# ---------------------------------------------------------------------- reading
def read_text(source: str | os.PathLike[str] | BinaryIO | TextIO, what: str | None = None) -> str:
    """The text of a record: from a path, ``"-"`` (standard input) or an open file.

    Args:
        source: a path, ``"-"``, or a file object opened in binary or text mode.
        what: how to name the source in messages (default: the path, or
            "standard input").

    Returns:
        the decoded text (a leading UTF-8 byte-order mark removed).

    Raises:
        RecordError: cannot be opened or read, larger than
            :data:`MAX_RECORD_BYTES`, or not UTF-8 text.
    """
    if hasattr(source, "read"):
        name = what or getattr(source, "name", None) or "the input"
        return _read_stream(source, str(name))  # type: ignore[arg-type]
    if not isinstance(source, (str, os.PathLike)):
        raise RecordError(f"a record source is a path or a file, not {type(source).__name__}")
    if str(source) == "-":
        stream = sys.stdin
        if stream is None or stream.closed:
            raise RecordError("standard input is closed: nothing to read")
        return _read_stream(getattr(stream, "buffer", stream), what or "standard input")
    name = what or str(source)
    try:
        with open(source, "rb") as handle:
            return _read_stream(handle, name)
    except RecordError:
        raise
    except OSError as err:
        raise RecordError(f"cannot read {name}: {_reason(err)}") from None
    except ValueError as err:   # embedded NUL in the path
        raise RecordError(f"cannot read {name!r}: {err}") from None


def _read_stream(stream: BinaryIO | TextIO, name: str) -> str:
    try:
        data = stream.read(MAX_RECORD_BYTES + 1)
    except OSError as err:
        raise RecordError(f"cannot read {name}: {_reason(err)}") from None
    except (ValueError, UnicodeDecodeError) as err:   # closed file, or a text stream's decoding
        raise RecordError(f"cannot read {name}: {err}") from None
    if data is None:
        raise RecordError(f"cannot read {name}: no data available (non-blocking input)")
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"{name} is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB: "
                          f"not a record")
    if isinstance(data, str):
        return data[1:] if data.startswith("\ufeff") else data
    return decode(data, name)


def decode(data: bytes, name: str = "the input") -> str:
    """UTF-8 bytes to text (a byte-order mark allowed). Raises :class:`RecordError`."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise RecordError(f"{name} is UTF-16 text; a record is UTF-8")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise RecordError(f"{name} is not UTF-8 text (byte 0x{data[err.start]:02x} at offset "
                          f"{err.start}); a record is UTF-8 JSON") from None
    if "\x00" in text:
        raise RecordError(f"{name} holds NUL characters: a binary file, not a record")
    return text


def parse_json(text: str | bytes, name: str = "the input") -> Any:
    """Parse record JSON with the caps of this module. Raises :class:`RecordError`.

    Refuses: text longer than :data:`MAX_RECORD_BYTES`, invalid JSON, nesting
    deeper than :data:`MAX_DEPTH`, an integer longer than
    :data:`MAX_INT_DIGITS` digits, ``NaN``/``Infinity`` and numbers that
    overflow to infinity.
    """
    if isinstance(text, (bytes, bytearray)):
        text = decode(bytes(text), name)
    if not isinstance(text, str):
        raise RecordError(f"a record is JSON text, not {type(text).__name__}")
    if text.startswith("\ufeff"):   # a byte-order mark, as the file reader allows
        text = text[1:]
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(f"{name} is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB: "
                          f"not a record")
    depth = _max_depth(text)
    if depth > MAX_DEPTH:
        raise RecordError(f"{name} nests JSON more than {MAX_DEPTH} levels deep: not a record")
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant)
    except json.JSONDecodeError as err:
        raise RecordError(f"{name} is not JSON: {err}") from None
    except (ValueError, RecursionError) as err:
        raise RecordError(f"{name}: {err}") from None


def check_value(value: Any, name: str = "the record") -> None:
    """Check an already parsed JSON value against the same caps (depth, number size).

    For values that did not come through :func:`parse_json` (a web request's
    body). Raises :class:`RecordError`.
    """
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                raise RecordError(f"{name} nests more than {MAX_DEPTH} levels deep")
            if isinstance(item, dict) and not all(isinstance(k, str) for k in item):
                raise RecordError(f"{name} holds an object whose keys are not all strings")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise RecordError(f"{name} holds text that is not valid Unicode "
                                  f"(a lone surrogate)") from None
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if item.bit_length() > MAX_INT_DIGITS * 3.33:
                raise RecordError(f"{name} holds an integer with more than "
                                  f"{MAX_INT_DIGITS} digits")
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise RecordError(f"{name} holds a number that is not finite ({item})")
        else:
            raise RecordError(f"{name} holds a {type(item).__name__}, not a JSON value")


def _max_depth(text: str) -> int:
    """Deepest bracket nesting of ``text`` outside strings (linear, no recursion)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise RecordError(f"an integer of {len(text.lstrip('-'))} digits (at most "
                          f"{MAX_INT_DIGITS}): not a record")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 400:
        raise RecordError(f"a number written with {len(text)} characters: not a record")
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"the number {text[:40]} is too large")
    return value


def _parse_constant(text: str) -> float:
    raise RecordError(f"{text} is not a JSON number")


# ---------------------------------------------------------------------- writing
def write_text(path: str | os.PathLike[str], text: str | bytes, *, overwrite: bool = False,
               what: str = "record") -> None:
    """Write ``text`` (UTF-8; or bytes, as they are) to ``path`` atomically; ``"-"`` is
    standard output. An existing file is replaced only where ``>`` could write it (not
    a write-protected file).

    Args:
        path: the target; a symbolic link is followed (the file it points to is
            replaced, the link stays).
        text: the whole content.
        overwrite: replace an existing file (else refuse it).
        what: how to name the content in messages.

    Raises:
        RecordError: the target exists and ``overwrite`` is false, is
            write-protected, is a directory, its folder is missing or unwritable, or the write failed
            (disk full...). The old file is then whole and no temporary file
            is left.
    """
    if not isinstance(path, (str, os.PathLike)) or not str(path):
        raise RecordError(f"a {what} path is a non-empty string, not {path!r}")
    if str(path) == "-":
        _write_stdout(text)
        return
    if "\x00" in str(path):
        raise RecordError(f"cannot write {str(path)!r}: a file name holds no NUL character")
    name = str(path)
    try:
        target = os.path.realpath(path)
    except (OSError, ValueError) as err:
        raise RecordError(f"cannot write {name!r}: {err}") from None
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    except (OSError, ValueError) as err:
        raise RecordError(f"cannot write {name}: {_reason(err)}") from None
    try:
        data = bytes(text) if isinstance(text, (bytes, bytearray)) else text.encode("utf-8")
    except (UnicodeEncodeError, AttributeError, TypeError) as err:
        raise RecordError(f"cannot write {name}: the {what} is not valid text ({err})") from None
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise RecordError(f"cannot write {name}: it is a folder")
        if not overwrite:
            raise RecordError(f"{name} already exists; not replaced")
        if stat.S_ISREG(info.st_mode) and (not os.access(target, os.W_OK)
                                           or not info.st_mode & 0o222):
            # what `>` refuses (0444, another's file); a file nobody may write, also as root
            raise RecordError(f"cannot write {name}: permission denied (the file is "
                              f"write-protected); not replaced")
        if not stat.S_ISREG(info.st_mode):   # /dev/null, a pipe: write into it
            try:
                with open(target, "wb") as handle:
                    handle.write(data)
            except OSError as err:
                raise RecordError(f"cannot write {name}: {_reason(err)}") from None
            return
    folder = os.path.dirname(target) or "."
    if not os.path.isdir(folder):
        raise RecordError(f"cannot write {name}: the folder {folder} does not exist")
    mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask()
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{os.path.basename(target)}.",
                                   suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
            os.fchmod(handle.fileno(), mode)
        if info is None and not overwrite and os.path.lexists(target):
            raise RecordError(f"{name} already exists; not replaced")
        os.replace(tmp, target)
        tmp = None
    except OSError as err:
        raise RecordError(f"cannot write {name}: {_reason(err)}") from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _write_stdout(text: str | bytes) -> None:
    stream = sys.stdout
    if stream is None or stream.closed:
        raise RecordError("standard output is closed: nowhere to write")
    try:
        buffer = getattr(stream, "buffer", None)
        if buffer is not None:   # UTF-8 whatever the terminal's encoding (LC_ALL=C)
            stream.flush()
            buffer.write(text if isinstance(text, bytes) else text.encode("utf-8"))
            buffer.flush()
        else:
            stream.write(text if isinstance(text, str) else text.decode("utf-8", "replace"))
            stream.flush()
    except BrokenPipeError:
        raise
    except OSError as err:
        raise RecordError(f"cannot write to standard output: {_reason(err)}") from None
    except (ValueError, UnicodeEncodeError) as err:   # a closed stream, a narrow encoding
        raise RecordError(f"cannot write to standard output: {err}") from None


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _reason(err: BaseException) -> str:
    return getattr(err, "strerror", None) or str(err) or type(err).__name__


__all__ = ["MAX_RECORD_BYTES", "MAX_DEPTH", "MAX_INT_DIGITS", "read_text", "decode",
           "parse_json", "check_value", "write_text"]
