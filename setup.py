"""The build step pyproject.toml cannot say: copy the checkout's assets into the package.

The fonts, sprites and sounds live at the checkout's top level beside the scripts that
make them (fonts/make_fonts.py, sprites/make_sprites.py, sounds/make_sounds.py). A wheel
carries copies of the files the game reads in games/assets/<folder>/, where
games.core.assets finds them when Tricade is installed; the scripts and the art sources
stay behind. (An editable install reads the checkout's folders themselves.)
"""
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
# folder -> the files of it the game reads (the READMEs say where they come from)
ASSETS = {
    "fonts": ("*.txt", "README.md"),
    "sprites": ("*.png", "index.json", "icons/*/*.png", "README.md"),
    "sounds": ("*.wav", "README.md"),
}


def asset_files():
    """[(source path, path inside the package)] for every shipped asset."""
    out = []
    for folder, patterns in ASSETS.items():
        for pattern in patterns:
            for path in sorted((HERE / folder).glob(pattern)):
                if path.is_file():
                    out.append((path, Path("games", "assets", folder,
                                           path.relative_to(HERE / folder))))
    return out


class BuildWithAssets(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return                  # an editable install finds the checkout's own folders
        for source, target in asset_files():
            self.mkpath(str(Path(self.build_lib, target).parent))
            self.copy_file(str(source), str(Path(self.build_lib, target)))

    def get_outputs(self, include_bytecode=True):
        extra = [str(Path(self.build_lib, t)) for _, t in asset_files()]
        return super().get_outputs(include_bytecode) + extra


setup(cmdclass={"build_py": BuildWithAssets})
