#!/usr/bin/env python3
"""How well can die time plus one capacity-independent limit explain a family's curve?

The 9550 MAX datasheet gives steady 4K random write 540 / 640 / 820 / 1,200K IOPS at 32 /
64 / 128 / 256 dies (scenarios/lab/micron-9550-max-*.toml, ds rand-write-4k-steady-iops).
Any model in which the dies give k IOPS per die and a shared resource (firmware cores,
channels, link, buffer) caps the drive at C composes the two somewhere between

    X = min(k n, C)                        (pipelined: the resources overlap fully, p -> inf)
    X = 1 / (1 / (k n) + 1 / C)            (serial: no overlap at all, p = 1)

and a queueing model sits between those: X = ((k n)^-p + C^-p)^(-1/p). For each p this
prints the k and C that minimise the largest |error| over the four capacities and that
error: the best any such model can do, whatever its parameters. Usage:
    python3 tools/family-curve-bound.py [DIES,IOPS ...]   (default: the 9550 MAX figures)
"""
import sys


def best_fit(points, p):
    dies = [d for d, _ in points]
    iops = [x for _, x in points]

    def worst(k, c):
        errs = []
        for n, x in zip(dies, iops):
            pred = min(k * n, c) if p is None else ((k * n) ** -p + c ** -p) ** (-1.0 / p)
            errs.append(pred / x - 1.0)
        return max(abs(e) for e in errs), errs

    best = None
    # Coarse grid, then refine around the best point: the objective is a max of smooth terms.
    k_lo, k_hi, c_lo, c_hi = 0.1 * min(iops) / max(dies), 2.0 * max(iops) / min(dies), 0.5 * max(iops), 4.0 * max(iops)
    for _ in range(6):
        for i in range(81):
            k = k_lo + (k_hi - k_lo) * i / 80
            for j in range(81):
                c = c_lo + (c_hi - c_lo) * j / 80
                w, errs = worst(k, c)
                if best is None or w < best[0]:
                    best = (w, k, c, errs)
        _, k0, c0, _ = best
        dk, dc = (k_hi - k_lo) / 8, (c_hi - c_lo) / 8
        k_lo, k_hi, c_lo, c_hi = max(1e-9, k0 - dk), k0 + dk, max(1e-9, c0 - dc), c0 + dc
    return best


def main(argv):
    if argv:
        try:
            points = [(float(a.split(",")[0]), float(a.split(",")[1])) for a in argv]
        except (IndexError, ValueError):
            sys.exit("usage: family-curve-bound.py [DIES,IOPS ...], e.g. 32,540000 64,640000")
    else:
        points = [(32, 540e3), (64, 640e3), (128, 820e3), (256, 1200e3)]
    print("| composition | per-die k (IOPS) | shared cap C (IOPS) | errors by capacity | largest |")
    print("|---|---|---|---|---|")
    for label, p in (("serial (p = 1)", 1.0), ("p = 2", 2.0), ("p = 4", 4.0), ("pipelined min (p = inf)", None)):
        w, k, c, errs = best_fit(points, p)
        errs_text = " / ".join(f"{e * 100:+.1f}%" for e in errs)
        print(f"| {label} | {k:,.0f} | {c:,.0f} | {errs_text} | {w * 100:.1f}% |")


if __name__ == "__main__":
    main(sys.argv[1:])
