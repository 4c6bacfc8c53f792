"""Tricade as a package (pyproject.toml, setup.py): the wheel carries the games package
and its fonts, sprites and sounds, never tools/ or tests/; the installed command `tricade`
starts from any folder and finds its assets; the desktop entry, icons and AppStream
metadata are what desktops accept.

The wheel is built as `pip wheel .` builds it, from a copy of this checkout (the build
writes build/ and *.egg-info beside its sources), once for the module."""

import configparser
import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# every test of this module on one xdist worker: they share one built wheel
pytestmark = pytest.mark.xdist_group("package")

ASSET_GLOBS = {"fonts": ("*.txt",), "sprites": ("*.png", "index.json", "icons/*/*.png"),
               "sounds": ("*.wav",)}
ICON_SIZES = (32, 64, 128)
METAINFO = ROOT / "desktop" / "io.github.tricade.Tricade.metainfo.xml"
DESKTOP = ROOT / "desktop" / "tricade.desktop"
JUNK = shutil.ignore_patterns(".git", "build", "dist", "*.egg-info", "__pycache__", "*.pyc",
                              ".hypothesis", ".pytest_cache", ".venv", "venv")


def env(**more):
    e = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
             PYGAME_HIDE_SUPPORT_PROMPT="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
             PIP_NO_INPUT="1")
    e.pop("PYTHONPATH", None)
    e.update(more)
    return e


def shipped_assets() -> dict:
    """{path inside the wheel: the checkout's file} for every asset the game reads."""
    out = {}
    for folder, patterns in ASSET_GLOBS.items():
        for pattern in patterns:
            for path in (ROOT / folder).glob(pattern):
                out[f"games/assets/{folder}/{path.relative_to(ROOT / folder).as_posix()}"] = path
    return out


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    try:
        import setuptools
        new_enough = tuple(int(p) for p in setuptools.__version__.split(".")[:2]) >= (70, 1)
    except ImportError:
        new_enough = False
    if not new_enough:
        pytest.fail("building the wheel needs setuptools>=70.1: "
                    "python -m pip install -r requirements.txt")
    base = tmp_path_factory.mktemp("wheel")
    src, out = base / "src", base / "out"
    shutil.copytree(ROOT, src, ignore=JUNK, symlinks=True)
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-index",
                        "--no-build-isolation", "-q", "-w", str(out), str(src)],
                       env=env(), capture_output=True, text=True, timeout=300, cwd=str(base))
    assert r.returncode == 0, r.stdout + r.stderr
    wheels = list(out.glob("tricade-*.whl"))
    assert len(wheels) == 1, list(out.iterdir())
    return wheels[0]


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """The wheel installed by pip into a folder of its own (pip install --target): its
    `games` package and its `bin/tricade`, run with this interpreter."""
    target = tmp_path_factory.mktemp("installed") / "site"
    r = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "-q",
                        "--target", str(target), str(wheel)],
                       env=env(), capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    return target


def test_the_wheel_carries_the_games_and_their_assets_and_no_tools_or_tests(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        tops = {n.split("/")[0] for n in names}
        dist = next(t for t in tops if t.endswith(".dist-info"))
        data = next((t for t in tops if t.endswith(".data")), None)
        assert tops == {"games", dist, data}, tops
        # the package: every module of the checkout's games/, and nothing from elsewhere
        modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "games").rglob("*.py")
                   if "__pycache__" not in p.parts}
        assert modules and modules <= names, sorted(modules - names)
        assert not [n for n in names if n.startswith(("tools/", "tests/"))
                    or "/tools/" in n or "/tests/" in n or n.endswith((".pyc", "main.py"))]
        # the assets, byte for byte, and not the scripts or art sources that make them
        assets = shipped_assets()
        assert len([a for a in assets if a.startswith("games/assets/sounds/")]) >= 10
        assert {f"games/assets/sprites/icons/{s}x{s}/tricade.png" for s in ICON_SIZES} <= set(assets)
        for inside, source in assets.items():
            assert inside in names, inside
            assert z.read(inside) == source.read_bytes(), inside
        assert not [n for n in names if n.startswith("games/assets/")
                    and (n.endswith(".py") or n.startswith("games/assets/sprites/")
                         and n.endswith(".txt"))]
        # the desktop's files, where a pip install --user puts them (~/.local/share/...)
        share = f"{data}/data/share/"
        assert z.read(share + "applications/tricade.desktop") == DESKTOP.read_bytes()
        assert z.read(share + "metainfo/" + METAINFO.name) == METAINFO.read_bytes()
        for s in ICON_SIZES:
            assert (z.read(f"{share}icons/hicolor/{s}x{s}/apps/tricade.png")
                    == (ROOT / "sprites" / "icons" / f"{s}x{s}" / "tricade.png").read_bytes())
        entry = configparser.ConfigParser()
        entry.read_string(z.read(f"{dist}/entry_points.txt").decode())
        assert dict(entry["console_scripts"]) == {"tricade": "games.cli:entry"}


def test_the_runtime_dependencies_are_pygame_ce_and_websockets_and_tests_are_an_extra(wheel):
    with zipfile.ZipFile(wheel) as z:
        dist = next(n.split("/")[0] for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(z.read(f"{dist}/METADATA").decode())
    requires = meta.get_all("Requires-Dist")
    runtime = [r for r in requires if "extra ==" not in r]
    assert runtime == ["pygame-ce==2.5.8", "websockets>=13.0"], requires
    test = {r.split(";")[0].strip() for r in requires if 'extra == "test"' in r}
    names = {t.split(">")[0].split("=")[0].split("<")[0] for t in test}
    assert {"pytest", "pytest-xdist", "hypothesis"} <= names, test
    # and the local network's server finder (mDNS) an optional extra: nothing needs it
    assert meta.get_all("Provides-Extra") == ["test", "lan"]
    assert [r.split(";")[0].split(">")[0] for r in requires if 'extra == "lan"' in r] == \
        ["zeroconf"]
    # the checkout's requirements.txt pins the same pygame-ce, and holds the test extra too
    def read(name):                           # a requirements file, its -r includes too
        out = set()
        for ln in (ROOT / name).read_text().splitlines():
            ln = ln.split("#")[0].strip()
            if ln.startswith("-r "):
                out |= read(ln[3:].strip())
            elif ln:
                out.add(ln)
        return out
    lines = read("requirements.txt")
    # what a cabinet gets (websockets: network play, games/net, imported nowhere else)
    assert read("requirements-runtime.txt") == {"pygame-ce==2.5.8", "websockets>=13.0"}
    assert "pygame-ce==2.5.8" in lines and test <= lines, (lines, test)
    try:
        import tomllib
    except ImportError:                       # Python 3.10: the wheel's METADATA said it
        return
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["dependencies"] == ["pygame-ce==2.5.8", "websockets>=13.0"]
    assert project["scripts"] == {"tricade": "games.cli:entry"}


def test_the_installed_tricade_starts_from_another_folder_and_finds_its_assets(
        installed, tmp_path):
    tricade = installed / "bin" / "tricade"
    assert tricade.is_file() and os.access(tricade, os.X_OK)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run_env = env(PYTHONPATH=str(installed))
    shot = elsewhere / "launcher.png"
    r = subprocess.run([str(tricade), "--frames", "5", "--screenshot", str(shot), "--data-dir",
                        str(tmp_path / "data"), "--seed", "1"],
                       cwd=str(elsewhere), env=run_env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    assert "Sound folder" not in r.stderr and "No sound files" not in r.stderr, r.stderr
    # the same picture as the checkout's python main.py draws (the launcher, its fonts
    # and sprites)
    ref = tmp_path / "checkout.png"
    r2 = subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "5", "--screenshot",
                         str(ref), "--data-dir", str(tmp_path / "data2"), "--seed", "1"],
                        cwd=str(ROOT), env=env(), capture_output=True, text=True, timeout=120)
    assert r2.returncode == 0, r2.stderr
    import pygame
    got, want = pygame.image.load(str(shot)), pygame.image.load(str(ref))
    assert got.get_size() == want.get_size()
    assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB")
    # and the installed package read them from itself, not from this checkout
    probe = ("import json\n"
             "from games.core import assets, audio\n"
             "from games.ui import fonts, sprites\n"
             "a = audio.Audio(enabled=False, log=print)\n"
             "print(json.dumps({'games': __import__('games').__file__,\n"
             "  'dirs': [str(assets.folder(n)) for n in assets.NAMES],\n"
             "  'fonts': [fonts.get(n).height for n in fonts.FONT_NAMES],\n"
             "  'sheets': sorted(sprites.sheet('tribolo').names())[:3],\n"
             "  'sounds': a.names()}))\n")
    r3 = subprocess.run([sys.executable, "-c", probe], cwd=str(elsewhere), env=run_env,
                        capture_output=True, text=True, timeout=120)
    assert r3.returncode == 0, r3.stderr
    found = json.loads(r3.stdout.splitlines()[-1])
    site = str(installed.resolve())
    assert found["games"].startswith(site), found
    assert found["dirs"] == [f"{site}/games/assets/{n}" for n in ("fonts", "sprites", "sounds")]
    assert all(h > 0 for h in found["fonts"]) and found["sheets"]
    assert found["sounds"] == sorted(p.stem for p in (ROOT / "sounds").glob("*.wav"))


def test_tricade_and_main_py_are_one_command_line(installed, tmp_path):
    out = subprocess.run([str(installed / "bin" / "tricade"), "--help"], cwd=str(tmp_path),
                         env=env(PYTHONPATH=str(installed)), capture_output=True, text=True,
                         timeout=120)
    mine = subprocess.run([sys.executable, str(ROOT / "main.py"), "--help"], cwd=str(tmp_path),
                          env=env(), capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and mine.returncode == 0, out.stderr + mine.stderr
    assert out.stdout.startswith("usage: tricade ")
    assert mine.stdout.startswith("usage: python main.py ")
    assert (out.stdout.replace("usage: tricade ", "usage: X ").split() ==
            mine.stdout.replace("usage: python main.py ", "usage: X ").split())


def test_the_desktop_entry_and_the_metainfo_describe_the_command():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(DESKTOP, encoding="utf-8")
    e = entry["Desktop Entry"]
    assert e["Type"] == "Application" and e["Exec"] == "tricade" and e["Icon"] == "tricade"
    assert e["Name"] == "Tricade" and "Game;" in e["Categories"]
    root = ET.parse(METAINFO).getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == METAINFO.name.removesuffix(".metainfo.xml")
    assert root.findtext("name") == "Tricade" and root.findtext("summary")
    assert [p.text for p in root.find("description").findall("p")]
    launch = root.find("launchable")
    assert launch.get("type") == "desktop-id" and launch.text == DESKTOP.name
    assert [b.text for b in root.find("provides").findall("binary")] == ["tricade"]
    for tool, args in (("appstreamcli", ["validate", "--no-net", str(METAINFO)]),
                       ("desktop-file-validate", [str(DESKTOP)])):
        if shutil.which(tool):
            r = subprocess.run([tool, *args], capture_output=True, text=True, timeout=60)
            assert r.returncode == 0, r.stdout + r.stderr


def test_the_icons_are_the_sizes_they_say_and_drawn_by_the_sprites_script():
    import pygame
    for s in ICON_SIZES:
        img = pygame.image.load(str(ROOT / "sprites" / "icons" / f"{s}x{s}" / "tricade.png"))
        assert img.get_size() == (s, s)
        assert img.get_at((s // 2, s // 3)).a == 255 and img.get_at((0, 0)).a == 0
    script = (ROOT / "sprites" / "make_sprites.py").read_text()
    assert "def app_icon(" in script and "ICON_SIZES = (32, 64, 128)" in script


def readme_command(heading: str) -> str:
    """The first line of the sh block under README.md's ``## heading``."""
    lines = (ROOT / "README.md").read_text().splitlines()
    at = lines.index(f"## {heading}")
    start = next(i for i in range(at, len(lines)) if lines[i].startswith("```sh"))
    return lines[start + 1]


def test_the_readmes_play_and_test_commands_need_only_python3_and_its_venv():
    """Issue 50: on a fresh Debian 12 or Ubuntu 24.04 there is no ``python`` command, and
    pip refuses to install into the system's Python (PEP 668, "externally managed"). The
    README's two commands make the checkout's own venv with ``python3`` and run pip,
    main.py and pytest with that venv's Python; the README names the package Debian's
    Python needs for a venv; .ci/run runs exactly the test command (checked for real in a
    Debian 12 root made by debootstrap, as a new user: see the issue's note)."""
    import shlex
    for heading, last in (("Play", ["main.py"]), ("Test", ["-m", "pytest", "-q"])):
        steps = [shlex.split(step) for step in readme_command(heading).split("&&")]
        assert steps[0][:3] == ["python3", "-m", "venv"], steps
        venv_python = f"{steps[0][3]}/bin/python"
        assert all(step[0] == venv_python for step in steps[1:]), steps
        assert steps[1][1:] == ["-m", "pip", "install", "-r", "requirements.txt"]
        assert steps[-1][1:] == last
    readme = (ROOT / "README.md").read_text()
    assert "apt install python3-venv" in readme
    printed = subprocess.run(["bash", str(ROOT / ".ci" / "run"), "--print"],
                             capture_output=True, text=True, timeout=60)
    assert printed.returncode == 0 and printed.stdout.strip() == readme_command("Test")
