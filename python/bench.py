"""Speed of the Python package: ibidi.encode against idna.encode (Debian python3-idna) on
the same names, per name with the call's overhead; and ibidi.scan's throughput against the
CLI's (`ibidi scan`, two threads) on the same list. Run: make -C python bench."""
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


if __name__ == "__main__":
    main()
