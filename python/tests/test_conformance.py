"""IdnaTestV2.txt (Unicode 17.0.0) through the Python API: every line, for ToUnicode,
ToASCII nontransitional and ToASCII transitional, the output string and the exact set of
status codes (as tests/test_idna_conformance.c does through C). Nothing is skipped: lines
with lone surrogates go through the code point path that a str holding them takes."""
import os
import re

import ibidi

ESC = re.compile(r"\\u([0-9A-Fa-f]{4})|\\x\{([0-9A-Fa-f]+)\}")


def unescape(field):
    if field == '""':
        return ""
    return ESC.sub(lambda m: chr(int(m.group(1) or m.group(2), 16)), field)


def codes(field):
    return set(c.strip() for c in field.strip("[]").split(",") if c.strip())


def test_idnatestv2(root):
    path = os.path.join(root, "data/ucd/17.0.0/idna/IdnaTestV2.txt")
    lines = ops = 0
    failures = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            col = [c.strip() for c in line.split(";")]
            assert len(col) == 7, f"line {lineno}: {len(col)} columns"
            src = unescape(col[0])
            tu = unescape(col[1]) if col[1] else src
            s_u = codes(col[2])
            an = unescape(col[3]) if col[3] else tu
            s_an = codes(col[4]) if col[4] else s_u
            at = unescape(col[5]) if col[5] else an
            s_at = codes(col[6]) if col[6] else s_an
            lines += 1
            for op, to, trans, want, want_codes in (("toUnicode", "unicode", False, tu, s_u),
                                                    ("toAsciiN", "ascii", False, an, s_an),
                                                    ("toAsciiT", "ascii", True, at, s_at)):
                r = ibidi.process(src, to=to, transitional=trans)
                ops += 1
                if r.output != want or set(r.codes) != want_codes or r.valid != (not want_codes):
                    failures.append((lineno, op, r.output, r.codes, want, sorted(want_codes)))
    print(f"compared {lines} IdnaTestV2 lines, {ops} operations: {len(failures)} failures")
    assert lines > 6000
    assert failures == []
