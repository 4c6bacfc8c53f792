"""python -m tools.cabinetvm build|boot|measure|books (see tools/cabinetvm/__init__.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.cabinetvm")
    sub = p.add_subparsers(dest="what", required=True)
    b = sub.add_parser("build", help="the cabinet's disk image, from a clean debootstrap")
    b.add_argument("--out", type=Path, default=None)
    b.add_argument("--cache", type=Path, default=None)
    v = sub.add_parser("boot", help="boot the image under QEMU; returns when QEMU ends")
    v.add_argument("image", type=Path)
    v.add_argument("--qmp", type=Path, default=None, help="the QMP socket's path")
    v.add_argument("--cpus", type=int, default=1)
    v.add_argument("--cpu-quota", type=float, default=None, metavar="PERCENT",
                   help="hold QEMU to this share of one core (a cgroup)")
    v.add_argument("--memory", type=int, default=1024, metavar="MB")
    v.add_argument("--serial", type=Path, default=None, help="the serial console's log")
    ms = sub.add_parser("measure", help="power on to the attract loop, power cuts, a "
                        "Pi-class run: figures as JSON lines, medians last")
    ms.add_argument("image", type=Path)
    ms.add_argument("run", choices=("boot", "cut", "cuts", "pi", "off"))
    ms.add_argument("--boots", type=int, default=3)
    ms.add_argument("--cpus", type=int, default=1)
    ms.add_argument("--cpu-quota", type=float, default=None, metavar="PERCENT")
    ms.add_argument("--moment", default="coin",
                    choices=("coin", "spent", "midgame", "writing"))
    ms.add_argument("--count", type=int, default=20)
    ms.add_argument("--seed", type=int, default=48)
    ms.add_argument("--attract-seconds", type=float, default=180)
    ms.add_argument("--game-seconds", type=float, default=240)
    bk = sub.add_parser("books", help="main.py --books of the (stopped) image")
    bk.add_argument("image", type=Path)
    a = p.parse_args(argv)
    if a.what == "build":
        from tools.cabinetvm import image
        path = image.build(a.out or image.default_out(), a.cache)
        print(f"The image: {path}")
        return 0
    if a.what == "books":
        from tools.cabinetvm import measure
        b = measure.books(a.image)
        sys.stdout.write(b["csv"])
        sys.stderr.write(b["said"])
        return b["status"]
    if a.what == "measure":
        return run_measure(a)
    if a.what == "boot":
        from tools.cabinetvm import machine
        missing = machine.needs()
        if missing:
            print("cabinetvm: this machine lacks " + "; ".join(missing) + ".", file=sys.stderr)
            return 1
        m = machine.Machine(a.image, qmp=a.qmp, cpus=a.cpus, cpu_quota=a.cpu_quota,
                            memory=a.memory, serial=a.serial)
        m.start()
        print(f"cabinetvm: booting {a.image} ({'KVM' if m.kvm else 'emulated'}, "
              f"{a.cpus} CPU(s){f', {a.cpu_quota:g}% of a core' if a.cpu_quota else ''});"
              f" QMP: {m.qmp_path}; serial: {m.serial}", file=sys.stderr)
        m.qmp.close()                  # the socket is free for the caller's own client
        m.qmp = None
        try:
            code = m.wait()
        except KeyboardInterrupt:
            m.power_cut()
            code = 130
        m.cleanup()
        return code or 0
    return 2


def run_measure(a) -> int:
    import json
    import random
    from tools.cabinetvm import measure
    kw = {"cpus": a.cpus, "cpu_quota": a.cpu_quota}
    if a.run == "boot":
        runs = []
        for _ in range(a.boots):
            r = measure.boot_to_attract(a.image, cpus=a.cpus, quota=a.cpu_quota,
                                        timeout=900, every=1.0 if a.cpu_quota else 0.5)
            r.pop("serial_tail")
            runs.append(r)
            print(json.dumps(r), flush=True)
        print(json.dumps({"boots": len(runs), "cpus": a.cpus, "cpu_quota": a.cpu_quota,
                          "median_launcher_s": measure.median(r["launcher"] for r in runs),
                          "median_attract_s": measure.median(r["attract"] for r in runs),
                          "other_screens": sum(r["other"] for r in runs)}))
        return 0
    if a.run == "cut":
        measure.set_kiosk(a.image, free_play=False)
        r = measure.cut_scenario(a.image, a.moment, rng=random.Random(a.seed), **kw)
        for side in ("before", "after"):
            r[side] = {k: v for k, v in r[side].items() if k not in ("csv",)}
        print(json.dumps(r))
        return 0
    if a.run == "cuts":
        r = measure.twenty_cuts(a.image, a.count, a.seed, **kw)
        print(json.dumps({k: v for k, v in r.items() if k != "runs"}))
        return 0
    if a.run == "off":
        took = []
        for _ in range(a.boots):
            m, w = measure.start_to_launcher(a.image, **kw)
            took.append(measure.power_off(m))
            m.cleanup()
            print(json.dumps({"off_seconds": took[-1],
                              "log_end": measure.cabinet_log(a.image).rstrip()
                              .splitlines()[-1:]}), flush=True)
        print(json.dumps({"median_off_s": measure.median(took)}))
        return 0
    if a.run == "pi":
        r = measure.pi_class(a.image, a.attract_seconds, a.game_seconds, a.cpus,
                             a.cpu_quota or 20.0)
        print(json.dumps(r))
        return 0
    return 2


if __name__ == "__main__":
    sys.exit(main())
