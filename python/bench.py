"""Speed of the Python package: ibidi.encode against idna.encode (Debian python3-idna) on
the same names, per name with the call's overhead; ibidi.scan's throughput against the
CLI's (`ibidi scan`, two threads) on the same list; the calls of ibidi.batch on a
pandas Series of a million names against a Python loop over idna.encode and the C command
(`ibidi to-ascii`) on the same names; and ibidi.dask.scan's on a LocalCluster of 1 and 2
worker processes against the CLI on 1M names (IBIDI_BENCH_DASK_NAMES sets how many).
Run: make -C python bench."""
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
# ---- Dask: ibidi.dask.scan on a LocalCluster of 1 and 2 worker processes ---------------------

def dask_names(n, seed=38):
    """n lines as a zone's worth of host names: mostly ASCII, a fifth Hebrew or Arabic,
    some display twins (123.<rtl>.com and <rtl>.123.com)."""
    import random
    rnd = random.Random(seed)
    heb = [chr(c) for c in range(0x05D0, 0x05EB)]
    ara = [chr(c) for c in range(0x0627, 0x063B)]
    low = "abcdefghijklmnopqrstuvwxyz"
    out = []
    while len(out) < n:
        r = rnd.random()
        w = "".join(rnd.choice(heb if r < 0.1 else ara if r < 0.2 else low)
                    for _ in range(rnd.randint(3, 9)))
        if r < 0.02:
            d = str(rnd.randint(0, 9999))
            out += [f"{d}.{w}.com", f"{w}.{d}.com"]
        else:
            out.append(f"{w}{rnd.randint(0, 999) if r >= 0.2 else ''}.com")
    return out[:n]


def dask_shuffle_bytes(names, look_alike=False):
    """Bytes per name that the shuffle moves: the pickled entries of a partition (what
    Dask's task shuffle sends between workers), and entries per name."""
    import pickle
    from ibidi import dask as idask
    opts = idask._Options(True, True, look_alike, False, "uts46", None)
    df, counts = idask.entries(names, opts)
    size = len(pickle.dumps(df, protocol=pickle.HIGHEST_PROTOCOL))
    return size / len(names), len(df) / len(names)


def dask_rate(path, n, workers):
    import resource
    import dask.bag as db
    import distributed
    from ibidi import dask as idask
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        def cpu():  # the workers' CPU seconds: a figure the machine's other load spares
            u = resource.getrusage(resource.RUSAGE_SELF)
            return u.ru_utime + u.ru_stime

        bag = db.read_text(path, blocksize=1 << 20)
        best, used, runs = float("inf"), 0.0, 2
        for _ in range(runs):
            before = sum(client.run(cpu).values())
            t = time.perf_counter()
            res = idask.scan(bag)
            best = min(best, time.perf_counter() - t)
            used += sum(client.run(cpu).values()) - before
        rss = client.run(lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    return (n / best, len(res.groups), max(rss.values()) / 1024, bag.npartitions,
            used / runs / n)


def dask_main():
    try:
        import dask  # noqa: F401
        import distributed  # noqa: F401
    except ImportError:
        print("dask: not installed (Debian: python3-dask, python3-distributed): no Dask rates")
        return
    import tempfile
    n = int(os.environ.get("IBIDI_BENCH_DASK_NAMES", "1000000"))
    big = dask_names(n)
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt") as f:
        f.write("\n".join(big) + "\n")
        f.flush()
        exe = os.path.join(ROOT, "build", "ibidi")
        t_cli = float("inf")
        for _ in range(2):
            t = time.perf_counter()
            subprocess.run([exe, "scan", "--json", f.name], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=False)
            t_cli = min(t_cli, time.perf_counter() - t)
        t = time.perf_counter()
        for _ in ibidi.scan(big, records=False):
            pass
        t_py = time.perf_counter() - t
        rates = {w: dask_rate(f.name, n, w) for w in (1, 2)}
    per_name, ent = dask_shuffle_bytes(big[:200000])
    print(f"Dask scan of {n} names (ibidi.dask.scan, groups and summary to the client; "
          f"LocalCluster, one thread per worker process, {os.cpu_count()} cores):")
    for w, (rate, groups, rss, parts, cpu) in rates.items():
        print(f"  ibidi.dask.scan, {w} worker{'s' if w > 1 else ' '}  {rate:10.0f} names/s "
              f"({parts} partitions, {groups} groups, worker CPU {cpu * 1e6:.2f} us/name, "
              f"peak RSS {rss:.0f} MiB)")
    print(f"  ibidi.scan(records=False)  {n / t_py:10.0f} names/s (one thread, no Dask)")
    print(f"  ibidi scan --json (CLI)    {n / t_cli:10.0f} names/s (all cores, groups in memory)")
    print(f"  shuffle: {ent:.3f} entries per name, {per_name:.1f} bytes per name pickled")
    per_name, ent = dask_shuffle_bytes(big[:200000], look_alike=True)
    print(f"  shuffle, look_alike=True: {ent:.3f} entries per name, {per_name:.1f} bytes per "
          "name pickled")


if __name__ == "__main__":
    main()
    batch_bench(names())
    dask_main()
