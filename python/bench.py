"""Speed of the Python package: ibidi.encode against idna.encode (Debian python3-idna) on
the same names, per name with the call's overhead; ibidi.scan's throughput against the
CLI's (`ibidi scan`, two threads) on the same list; and the calls of ibidi.batch on a
pandas Series of a million names against a Python loop over idna.encode and the C command
(`ibidi to-ascii`) on the same names. Run: make -C python bench."""
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import ibidi  # noqa: E402

try:
    import idna
except ImportError:  # Debian: python3-idna
    idna = None


def names():
    out = []
    with open(os.path.join(ROOT, "data/samples/names.txt"), encoding="utf-8") as f:
        for line in f:
            n = line.split("#", 1)[0].strip()
            if n:
                out.append(n)
    return out


def per_name(fn, items, rounds):
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        for n in items:
            fn(n)
        best = min(best, time.perf_counter() - t)
    return best / len(items)


def safe(fn):
    def call(n):
        try:
            fn(n)
        except Exception:
            pass
    return call


def main():
    all_names = names()
    # the names both libraries accept, so that neither pays for exceptions
    ok = []
    for n in all_names:
        try:
            ibidi.encode(n)
            if idna:
                idna.encode(n, uts46=True)
            ok.append(n)
        except Exception:
            pass
    print(f"names: {len(ok)} that both accept (of {len(all_names)} in data/samples/names.txt)")
    t_ibidi = per_name(ibidi.encode, ok, 20)
    print(f"ibidi.encode           {t_ibidi * 1e6:8.2f} us/name")
    if idna:
        t_idna = per_name(lambda n: idna.encode(n, uts46=True), ok, 5)
        print(f"idna.encode(uts46=True) {t_idna * 1e6:7.2f} us/name  (idna {idna.__version__})")
        print(f"ratio                  {t_idna / t_ibidi:8.1f}x faster")
        intl = [n for n in ok if not n.isascii()]
        if intl:
            t_i = per_name(ibidi.encode, intl, 20)
            t_d = per_name(lambda n: idna.encode(n, uts46=True), intl, 5)
            print(f"non-ASCII names only ({len(intl)}): ibidi {t_i * 1e6:.2f} us, idna "
                  f"{t_d * 1e6:.2f} us: {t_d / t_i:.1f}x")
        t_all_i = per_name(safe(ibidi.encode), all_names, 10)
        t_all_d = per_name(safe(lambda n: idna.encode(n, uts46=True)), all_names, 3)
        print(f"all names, errors included: ibidi {t_all_i * 1e6:.2f} us, idna "
              f"{t_all_d * 1e6:.2f} us: {t_all_d / t_all_i:.1f}x")
    else:
        print("idna not installed (Debian: python3-idna): no comparison")

    # scan: the samples repeated to a list of about 100,000 names
    reps = max(1, 100000 // len(all_names))
    big = [f"{i}{n}" if i else n for i in range(reps) for n in all_names]
    text = "\n".join(big) + "\n"
    t = time.perf_counter()
    for _ in ibidi.scan(big, records=False):
        pass
    t_groups = time.perf_counter() - t
    t = time.perf_counter()
    for _ in ibidi.scan(big):
        pass
    t_records = time.perf_counter() - t
    import threading
    sc = ibidi.Scanner()
    parts = [big[i::2] for i in range(2)]
    t = time.perf_counter()
    th = [threading.Thread(target=lambda p=p: [sc.add(p[j:j + 512], False)
                                               for j in range(0, len(p), 512)]) for p in parts]
    for x in th:
        x.start()
    for x in th:
        x.join()
    sc.finish()
    sc.groups()
    t_threads = time.perf_counter() - t
    exe = os.path.join(ROOT, "build", "ibidi")
    t = time.perf_counter()
    subprocess.run([exe, "scan", "--json"], input=text.encode(), stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    t_cli = time.perf_counter() - t
    n = len(big)
    print(f"scan of {n} names:")
    print(f"  ibidi.scan(records=False) {n / t_groups:10.0f} names/s (one thread)")
    print(f"  ibidi.scan (records)      {n / t_records:10.0f} names/s (one thread)")
    print(f"  ibidi.Scanner, 2 threads  {n / t_threads:10.0f} names/s (no records)")
    print(f"  ibidi scan --json (CLI)   {n / t_cli:10.0f} names/s (2 threads, process start "
          f"included)")



def batch_names(all_names, count):
    """count names made from the samples: each as written, as its A-label form when it has
    one, under a distinct first label (w1., w2., ...): a mix of ASCII, right-to-left
    U-labels and A-labels, valid and not, as a column of host names holds."""
    base = list(all_names)
    for n in all_names:
        try:
            a = ibidi.encode(n).decode()
            if a != n:
                base.append(a)
        except ibidi.IDNAError:
            pass
    out = []
    i = 0
    while len(out) < count:
        out.extend(f"w{i}.{n}" if i else n for n in base)
        i += 1
    return out[:count]


def timed(fn, *a, rounds=3, **kw):
    """The best of a few runs: the machine may be shared."""
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        fn(*a, **kw)
        best = min(best, time.perf_counter() - t)
    return best


def batch_bench(all_names, count=1000000):
    try:
        import pandas as pd
    except ImportError:  # Debian: python3-pandas
        print("pandas not installed (Debian: python3-pandas): no Series figures")
        return
    import ibidi.batch as B
    import ibidi.pandas  # noqa: F401
    big = batch_names(all_names, count)
    s = pd.Series(big, name="host")
    n = len(big)
    ascii_share = sum(x.isascii() for x in big) / n
    print(f"batch calls on a pandas Series of {n} names ({ascii_share:.0%} ASCII, "
          f"{sum(1 for v in B.is_valid(big[:20000]) if v) / 200:.0f}% valid):")
    t_series = timed(B.to_ascii, s)
    rows = [("to_ascii", t_series), ("is_valid", timed(B.is_valid, s)),
            ("to_unicode", timed(B.to_unicode, s)), ("codes", timed(B.codes, s)),
            ("display_key ltr", timed(B.display_key, s, "ltr")),
            ("skeleton ltr", timed(B.skeleton, s, "ltr"))]
    for name, t in rows:
        print(f"  Series.ibidi.{name:16s} {n / t:10.0f} names/s  {t / n * 1e9:7.0f} ns/name")
    # where the time of to_ascii goes: the Series to a list, the library call on the list,
    # the list to a Series
    t_in = timed(lambda: s.to_numpy(dtype=object).tolist())
    lib = timed(B.is_valid, s.to_numpy(dtype=object).tolist())
    lst = s.to_numpy(dtype=object).tolist()
    t_list = timed(B.to_ascii, lst)
    print(f"  to_ascii on the list alone  {n / t_list:10.0f} names/s  (the Series to a list: "
          f"{t_in / n * 1e9:.0f} ns/name; is_valid on the list, the library with no "
          f"result to build: {lib / n * 1e9:.0f} ns/name)")
    # two threads, each on half the Series: the GIL is released while the library works
    import threading
    halves = [s.iloc[: n // 2], s.iloc[n // 2:]]

    def two():
        th = [threading.Thread(target=B.to_ascii, args=(h,)) for h in halves]
        for x in th:
            x.start()
        for x in th:
            x.join()
    t_two = timed(two)
    print(f"  to_ascii, 2 threads         {n / t_two:10.0f} names/s")
    if idna:
        few = big[:20000]

        def loop():
            for x in few:
                try:
                    idna.encode(x, uts46=True)
                except (idna.IDNAError, UnicodeError):
                    pass
        t_idna = timed(loop, rounds=1) / len(few) * n
        print(f"  Python loop over idna.encode{n / t_idna:10.0f} names/s  "
              f"(on {len(few)} of them; to_ascii {t_idna / t_series:.0f}x faster)")
    exe = os.path.join(ROOT, "build", "ibidi")
    import tempfile
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt") as f:
        f.write("\n".join(big) + "\n")
        f.flush()
        t = time.perf_counter()
        with open(f.name, "rb") as inp:
            subprocess.run([exe, "to-ascii"], stdin=inp, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=False)
        t_cli = time.perf_counter() - t
        t = time.perf_counter()
        with open(f.name, "rb") as inp:
            subprocess.run([exe, "to-ascii", "--tsv"], stdin=inp, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=False)
        t_tsv = time.perf_counter() - t
    print(f"  ibidi to-ascii (C command)  {n / t_cli:10.0f} names/s  {t_cli / n * 1e9:7.0f} "
          f"ns/name (file of the same names, process start included)")
    print(f"  ibidi to-ascii --tsv        {n / t_tsv:10.0f} names/s")
    print(f"  Series to_ascii / C command: {t_series / t_cli:.2f}x the time per name")


if __name__ == "__main__":
    main()
    batch_bench(names())
