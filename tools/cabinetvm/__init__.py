"""A cabinet as a whole machine: a Debian 12 disk image with Tricade installed the way
docs/cabinet.md tells an operator, booted under QEMU (KVM where /dev/kvm is there), its
screen read and its panel keys pressed through QMP, its power cut with kill -9.

    python -m tools.cabinetvm build [--out DIR] [--cache DIR]
    python -m tools.cabinetvm boot IMAGE [--qmp PATH] [--cpus N] [--cpu-quota PERCENT]
    python -m tools.cabinetvm measure IMAGE [--boots N] [--cpu-quota PERCENT] ...
    python -m tools.cabinetvm books IMAGE

Needs root (debootstrap, chroot, loop mounts, cgroups), debootstrap and Debian 12's
``qemu-system-x86`` and ``qemu-utils`` packages. Nothing shipped imports this.
"""
