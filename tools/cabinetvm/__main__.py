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
    a = p.parse_args(argv)
    if a.what == "build":
        from tools.cabinetvm import image
        path = image.build(a.out or image.default_out(), a.cache)
        print(f"The image: {path}")
        return 0
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


if __name__ == "__main__":
    sys.exit(main())
