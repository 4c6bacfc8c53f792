"""The cabinet's disk image: a clean Debian 12 debootstrap (kernel, systemd, nothing of
ours), then Tricade installed in it as docs/cabinet.md tells an operator: a new user in
the sudo group, ``sudo apt-get install git``, the clone, the one install command
(``cabinet/install.sh --session x``: no desktop, X and openbox on tty1) and the PIN from a
pipe. The disk is one ext4 filesystem over the whole disk (a loop mount opens it as it
is); the machine boots its kernel straight from the image's /boot (QEMU's -kernel and
-initrd, read with debugfs: no boot loader to install), with BOOT_CMDLINE.

The slow parts are cached under the cache folder: the debootstrap tarball (every .deb of
the base system), the base root made from it (a tar), the .debs apt fetched. A second
build unpacks the base root and runs the operator's part again (pip fetches pygame-ce,
14 MB, each time).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MIRROR = "http://deb.debian.org/debian"
SUITE = "bookworm"
# What a Debian installer leaves on a small PC besides the required and important
# packages: a kernel, systemd as init, the logind session and the udev device manager
# (X and the input devices need them), sudo for the cabinet's user. Nothing of ours.
BASE_PACKAGES = ("linux-image-amd64", "systemd-sysv", "dbus", "libpam-systemd", "udev",
                 "sudo", "kmod")
USER = "cabinet"
PIN = "4711"                      # the image's operator PIN (docs/cabinet.md names it)
IMAGE_NAME = "tricade-cabinet.raw"
IMAGE_SIZE = "4G"
LABEL = "tricade"
# the boot loader's line: the root filesystem, quiet, the kernel's and systemd's words on
# the serial port only (the screen shows nothing until Tricade: no console text)
BOOT_CMDLINE = ("root=/dev/vda ro quiet loglevel=3 console=ttyS0,115200 "
                "systemd.show_status=false vt.global_cursor_default=0 logo.nologo")


def default_out() -> Path:
    return Path(os.environ.get("TRICADE_CABINETVM_OUT", "/var/tmp/tricade-cabinetvm"))


def say(*words) -> None:
    print("cabinetvm:", *words, file=sys.stderr, flush=True)


def run(cmd, **kw):
    say("$", " ".join(str(c) for c in cmd))
    return subprocess.run([str(c) for c in cmd], check=True, **kw)


def needs() -> list:
    """What this machine lacks to build an image (empty: nothing)."""
    missing = []
    if os.geteuid() != 0:
        missing.append("root (debootstrap, chroot and mkfs need it)")
    for tool, package in (("debootstrap", "debootstrap"), ("mkfs.ext4", "e2fsprogs"),
                          ("git", "git")):
        if not shutil.which(tool):
            missing.append(f"{tool} (apt-get install {package})")
    return missing


# -- the base system ------------------------------------------------------------------------
def _key(*parts) -> str:
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:12]


def debootstrap_tarball(cache: Path) -> Path:
    """Every .deb of the base system, fetched once (debootstrap --make-tarball)."""
    tgz = cache / f"debootstrap-{SUITE}-{_key(*BASE_PACKAGES)}.tgz"
    if tgz.exists():
        return tgz
    debs = cache / "debs"
    debs.mkdir(parents=True, exist_ok=True)
    work = cache / "make-tarball"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    part = tgz.with_suffix(".part")
    run(["debootstrap", "--arch=amd64", f"--cache-dir={debs}",
         "--include=" + ",".join(BASE_PACKAGES), f"--make-tarball={part}", SUITE, work,
         MIRROR])
    part.rename(tgz)
    shutil.rmtree(work, ignore_errors=True)
    return tgz


def _nothing_mounted_under(path: Path) -> None:
    """A root still holding a mount (a build cut short) is never removed: its /dev would
    go with it."""
    where = str(path.resolve()) + "/"
    with open("/proc/mounts") as f:
        for line in f:
            point = line.split()[1].replace("\\040", " ")
            if point.startswith(where):
                raise SystemExit(f"cabinetvm: {point} is still mounted; umount it first")


def base_root(cache: Path, work: Path) -> None:
    """``work`` becomes the installed base system: debootstrap from the tarball, then what
    an installer writes (the host name, fstab, apt's sources), cached as a tar."""
    tgz = debootstrap_tarball(cache)
    _nothing_mounted_under(work)
    tar = cache / f"base-{_key(tgz.name, BOOT_CMDLINE, 'v1')}.tar"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    if tar.exists():
        say("the base system from the cache:", tar)
        run(["tar", "-C", work, "--numeric-owner", "-xpf", tar])
        return
    run(["debootstrap", "--arch=amd64", f"--unpack-tarball={tgz}",
         "--include=" + ",".join(BASE_PACKAGES), SUITE, work, MIRROR])
    (work / "etc" / "hostname").write_text("cabinet\n")
    (work / "etc" / "hosts").write_text("127.0.0.1\tlocalhost\n127.0.1.1\tcabinet\n")
    (work / "etc" / "fstab").write_text(
        f"# the whole disk is the root filesystem\nLABEL={LABEL}\t/\text4\t"
        "errors=remount-ro\t0\t1\n")
    (work / "etc" / "apt" / "sources.list").write_text(
        f"deb {MIRROR} {SUITE} main\ndeb {MIRROR} {SUITE}-updates main\n"
        f"deb http://security.debian.org/debian-security {SUITE}-security main\n")
    # no network in the cabinet's machine: nothing waits for it
    run(["chroot", work, "apt-get", "clean"])
    part = tar.with_suffix(".part")
    run(["tar", "-C", work, "--numeric-owner", "-cpf", part, "."])
    part.rename(tar)


# -- the operator's part, as docs/cabinet.md says -------------------------------------------
class Mounts:
    """/proc, /sys, /dev and the caches mounted into the root while the operator works."""

    def __init__(self, root: Path):
        self.root = root
        self.done: list = []

    def bind(self, source: Path, target: str, *opts) -> None:
        where = self.root / target.lstrip("/")
        where.mkdir(parents=True, exist_ok=True)
        run(["mount", *opts, source, where])
        self.done.append(where)

    def __enter__(self):
        self.bind(Path("proc"), "/proc", "-t", "proc")
        self.bind(Path("sysfs"), "/sys", "-t", "sysfs")
        self.bind(Path("/dev"), "/dev", "--bind")
        self.bind(Path("devpts"), "/dev/pts", "-t", "devpts")
        return self

    def __exit__(self, *exc):
        for where in reversed(self.done):
            subprocess.run(["umount", "-l", str(where)], check=False)
        self.done.clear()


def chroot(root: Path, *cmd, user: str | None = None, stdin: str | None = None,
           check: bool = True):
    """A command in the image's root: as root, or as ``user`` by su's login shell."""
    if user:
        argv = ["chroot", root, "su", "-", user, "-c", " ".join(cmd)]
    else:
        argv = ["chroot", root, *cmd]
    env = {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
           "HOME": "/root", "LANG": "C.UTF-8", "DEBIAN_FRONTEND": "noninteractive",
           "TERM": "dumb"}
    say("[image]", f"({user})" if user else "(root)", " ".join(str(c) for c in cmd))
    r = subprocess.run([str(a) for a in argv], env=env, text=True,
                       input=stdin if stdin is not None else "",
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    sys.stderr.write(r.stdout)
    if check and r.returncode != 0:
        raise SystemExit(f"cabinetvm: in the image, {' '.join(cmd)} ended with status "
                         f"{r.returncode}")
    return r


def operator_install(root: Path, cache: Path, source: Path) -> None:
    """docs/cabinet.md "Starting at boot", step by step, in the image."""
    # a new user, in the sudo group (the operator types its password at sudo's question:
    # here a drop-in lets sudo go on without one while the build runs, removed after)
    chroot(root, "adduser", "--disabled-password", "--gecos", "Tricade cabinet", USER)
    chroot(root, "adduser", USER, "sudo")
    build_sudo = root / "etc" / "sudoers.d" / "zz-tricade-build"
    build_sudo.write_text(f"{USER} ALL=(ALL) NOPASSWD: ALL\n")
    build_sudo.chmod(0o440)
    shutil.copy("/etc/resolv.conf", root / "etc" / "resolv.conf")
    # this machine's network may see PyPI through a proxy of its own certificate: pip in
    # the image trusts what this machine trusts while the build runs (removed after)
    build_pip = root / "etc" / "pip.conf"
    build_ca = root / "etc" / "tricade-build-ca.crt"
    host_ca = Path("/etc/ssl/certs/ca-certificates.crt")
    if host_ca.exists():
        shutil.copy(host_ca, build_ca)
        build_pip.write_text(f"[global]\ncert = /etc/tricade-build-ca.crt\ntimeout = 180\n")
    # the clone's source: this checkout's committed HEAD, as a repository in the image
    repo = root / "var" / "tmp" / "tricade.git"
    shutil.rmtree(repo, ignore_errors=True)
    run(["git", "clone", "--quiet", "--bare", "--no-hardlinks", source, repo])
    with Mounts(root) as m:
        apt_cache = cache / "apt"
        (apt_cache / "partial").mkdir(parents=True, exist_ok=True)
        m.bind(apt_cache, "/var/cache/apt/archives", "--bind")
        uid = int(chroot(root, "id", "-u", USER).stdout.strip())
        for sub in [repo, *repo.rglob("*")]:            # the clone's source is the user's
            os.lchown(sub, uid, uid)
        chroot(root, "apt-get", "update", "-q")
        # "sudo apt-get install git first"
        chroot(root, "sudo", "apt-get", "install", "-y", "-q", "git", user=USER)
        chroot(root, "git", "clone", "-q", "/var/tmp/tricade.git", "~/tricade", user=USER)
        # the one install command, with the kiosk session (no desktop)
        r = chroot(root, "~/tricade/cabinet/install.sh", "--session", "x", user=USER,
                   check=False)
        if r.returncode != 0:
            raise SystemExit(f"cabinetvm: cabinet/install.sh ended with status {r.returncode}")
        # the PIN, as the doc's pipe
        chroot(root, f"echo {PIN} |", "~/tricade/.venv/bin/python", "~/tricade/main.py",
               "--set-pin", "--data-dir", "~/.local/share/tricade", user=USER)
    build_sudo.unlink()
    for left in (build_pip, build_ca):
        if left.exists():
            left.unlink()
    shutil.rmtree(repo, ignore_errors=True)
    (root / "etc" / "resolv.conf").unlink()


def make_image(root: Path, image: Path) -> None:
    """The root folder as one ext4 filesystem over the whole (sparse) disk."""
    part = image.with_name(image.name + ".part")
    if part.exists():
        part.unlink()
    run(["mkfs.ext4", "-q", "-F", "-L", LABEL, "-d", root, part, IMAGE_SIZE])
    part.rename(image)


def build(out: Path, cache: Path | None = None) -> Path:
    missing = needs()
    if missing:
        raise SystemExit("cabinetvm: this machine lacks " + "; ".join(missing) + ".")
    out.mkdir(parents=True, exist_ok=True)
    cache = cache or out / "cache"
    cache.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain",
                            "--untracked-files=no"], capture_output=True, text=True).stdout
    if dirty.strip():
        say("note: uncommitted changes are not in the image (it clones the committed HEAD)")
    root = out / "root"
    base_root(cache, root)
    operator_install(root, cache, ROOT)
    image = out / IMAGE_NAME
    make_image(root, image)
    shutil.rmtree(root, ignore_errors=True)
    say(f"built in {time.monotonic() - t0:.0f} s")
    return image
