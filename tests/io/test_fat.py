"""On a real filesystem without hard links (exFAT, as on USB sticks and SD
cards; mounted here through FUSE from a loop device), the no-overwrite
rule holds as on any other: a file that appears during a save is kept,
dipxl's own unchanged output is replaced, an edited one is not.

Needs root, ``mkfs.exfat`` (exfatprogs), ``mount.exfat-fuse`` (exfat-fuse,
installed by tests/run.sh), loop devices and ``/dev/fuse``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from dipxl.cli import cli
from dipxl.errors import DipxlError
from dipxl.io.files import atomic_write
from dipxl.io.owned import write_output_text

TOOLS = ("mkfs.exfat", "mount.exfat-fuse", "losetup", "fusermount")


def _missing() -> str | None:
    if os.name != "posix" or os.geteuid() != 0:
        return "mounting a filesystem needs root on Linux"
    gone = [t for t in TOOLS if shutil.which(t) is None]
    if gone:
        return f"missing {', '.join(gone)} (apt-get install exfat-fuse exfatprogs)"
    if not os.path.exists("/dev/fuse"):
        return "no /dev/fuse"
    return None


@pytest.fixture(scope="module")
def fat(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A freshly made exFAT filesystem, mounted."""
    why = _missing()
    if why is not None:
        pytest.skip(why)
    base = tmp_path_factory.mktemp("exfat")
    image, mount = base / "stick.img", base / "stick"
    mount.mkdir()
    with open(image, "wb") as fh:
        fh.truncate(32 << 20)
    subprocess.run(["mkfs.exfat", str(image)], check=True, capture_output=True, timeout=60)
    loop = subprocess.run(["losetup", "-f", "--show", str(image)], check=True,
                          capture_output=True, text=True, timeout=60).stdout.strip()
    try:
        subprocess.run(["mount.exfat-fuse", loop, str(mount)], check=True,
                       capture_output=True, timeout=60)
        try:
            yield mount
        finally:
            subprocess.run(["fusermount", "-u", str(mount)], check=False, timeout=60)
    finally:
        subprocess.run(["losetup", "-d", loop], check=False, timeout=60)


@pytest.fixture
def folder(fat: Path, request: pytest.FixtureRequest) -> Iterator[Path]:
    path = fat / request.node.name.replace("[", "-").replace("]", "")
    path.mkdir()
    yield path
    shutil.rmtree(path, ignore_errors=True)


def test_this_filesystem_has_no_hard_links(folder: Path) -> None:
    (folder / "a").write_text("a")
    with pytest.raises(OSError):
        os.link(folder / "a", folder / "b")


def test_a_file_that_appears_during_the_save_is_kept(folder: Path) -> None:
    target = folder / "cup-scored.xlsx"

    def appears(path: Path) -> None:
        path.write_bytes(b"dipxl's output")
        target.write_bytes(b"the TD's file")

    with pytest.raises(DipxlError, match="already exists"):
        atomic_write(target, appears)
    assert target.read_bytes() == b"the TD's file"
    target.unlink()
    atomic_write(target, lambda p: p.write_bytes(b"new"))
    assert target.read_bytes() == b"new"
    assert sorted(p.name for p in folder.iterdir()) == ["cup-scored.xlsx"]


def test_a_file_saved_just_after_link_failed_is_kept(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Linux answers link() to an existing name with EEXIST even here, so the
    # danger is the instant after link() failed for want of hard links: a
    # file saved then must not be replaced (earlier versions fell back on
    # os.replace() there).  The TD's save is placed in that instant.
    target = folder / "cup-scored.xlsx"
    real = os.link

    def link_then_saved(src: object, dst: object, **kwargs: object) -> None:
        try:
            real(src, dst, **kwargs)  # type: ignore[arg-type]
        except OSError:
            target.write_bytes(b"the TD's file")
            raise

    monkeypatch.setattr(os, "link", link_then_saved)
    with pytest.raises(DipxlError, match="already exists"):
        atomic_write(target, lambda p: p.write_bytes(b"dipxl's output"))
    assert target.read_bytes() == b"the TD's file"


def test_rescoring_on_exfat(folder: Path) -> None:
    event = folder / "cup.csv"
    event.write_text("round,board,power,player,centres\n" + "".join(
        f"1,1,{p},P{i},{c}\n" for i, (p, c) in enumerate(zip("AEFGIRT", (17, 5, 4, 3, 3, 2, 0),
                                                             strict=True))))
    args = ["score", str(event), "-s", "cdiplo", "--format", "csv", "--out", str(folder)]
    for _ in range(2):  # the second run replaces dipxl's own output
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.stderr
    output = folder / "cup-scored.csv"
    output.write_text(output.read_text() + "a TD's note\n")
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1 and "already exists" in result.stderr
    assert output.read_text().endswith("a TD's note\n")
    # The same through the writer every output format uses.
    write_output_text(folder / "w.txt", "1")
    write_output_text(folder / "w.txt", "2")
    assert (folder / "w.txt").read_text() == "2"
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]
