"""Synthesise every Tricade sound effect and write sounds/<name>.wav (16-bit mono, 22050 Hz).

Standard library only (no numpy, no samples from anywhere), and deterministic: the noise
comes from random.Random with fixed seeds, so every run writes the same bytes.

    python sounds/make_sounds.py            # (re)write every WAV next to this script
    python sounds/make_sounds.py --check    # exit 1 unless the WAVs on disk match exactly
    python sounds/make_sounds.py --list     # print the table of effects (for the README)
    python sounds/make_sounds.py --out DIR  # write (or with --check, compare) in DIR instead

Each platform has its own "voice", imitating the hardware the original game ran on:

* DOS PC speaker: one square-wave voice, on or off, no volume. Frequencies are snapped to
  what the 8253 timer (1193182 Hz / integer divisor) can make. Only +A, -A and 0 samples.
* Amiga Paula: 8-bit samples played at a rate set by an integer period (PAL clock
  3546895 Hz), held sample-and-hold style (hence the crunchy aliasing), volume 0..64
  stepped once per 50 Hz frame, and the mix quantised to 8 bits (multiples of 256).
* Acorn Archimedes VIDC: soft synthesised tones pushed through an 8-bit logarithmic
  (mu-law style) quantiser, as the VIDC's DAC was logarithmic.
* Launcher/UI: plain soft sine blips.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import sys
import wave
from array import array
from pathlib import Path

SR = 22050
HERE = Path(__file__).resolve().parent

# --------------------------------------------------------------------------------------
# helpers

TWO_PI = 2.0 * math.pi


def ns(seconds: float) -> int:
    """Number of samples in `seconds`."""
    return int(round(seconds * SR))


def to_int16(samples: list[float]) -> list[int]:
    out = []
    for x in samples:
        v = int(math.floor(x * 32767.0 + 0.5))
        out.append(32767 if v > 32767 else -32768 if v < -32768 else v)
    return out


def normalise(samples: list[float], peak: float) -> list[float]:
    top = max(abs(x) for x in samples)
    if top == 0.0:
        return samples
    k = peak / top
    return [x * k for x in samples]


def fade_ends(samples: list[float], fade_in: float = 0.001, fade_out: float = 0.004) -> list[float]:
    """Short linear ramps at both ends so a sound never starts or stops with a click."""
    out = list(samples)
    n_in, n_out = min(ns(fade_in), len(out)), min(ns(fade_out), len(out))
    for i in range(n_in):
        out[i] *= i / n_in
    for i in range(n_out):
        out[len(out) - 1 - i] *= i / n_out
    return out


def mix_into(dest: list[float], src: list[float], start: int) -> None:
    need = start + len(src)
    if need > len(dest):
        dest.extend([0.0] * (need - len(dest)))
    for i, x in enumerate(src):
        dest[start + i] += x


def note_hz(name: str) -> float:
    """'A4' -> 440.0, 'C#5', 'Bb3' ... (equal temperament)."""
    letters = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semis = letters[name[0]]
    rest = name[1:]
    if rest[0] == "#":
        semis, rest = semis + 1, rest[1:]
    elif rest[0] == "b":
        semis, rest = semis - 1, rest[1:]
    semis += (int(rest) - 4) * 12
    return 440.0 * 2.0 ** (semis / 12.0)


# --------------------------------------------------------------------------------------
# DOS: the PC speaker (8253 PIT channel 2 gating a square wave into a little speaker)

PIT_HZ = 1193182
DOS_LEVEL = 9000  # the one "on" amplitude; the speaker has no volume control


def pit_hz(freq: float) -> float:
    """The frequency the PIT really makes for a request: 1193182 / integer divisor."""
    divisor = max(1, min(65535, int(round(PIT_HZ / freq))))
    return PIT_HZ / divisor


def pc_speaker(notes: list[tuple[float, float]]) -> list[int]:
    """notes: (frequency in Hz or 0 for speaker off, seconds). A pure square wave.

    The phase runs on across back-to-back notes (the timer is just reprogrammed) and
    restarts after a silence, like BIOS-era sound routines.
    """
    out: list[int] = []
    phase = 0.0
    for freq, dur in notes:
        count = ns(dur)
        if freq <= 0:
            out.extend([0] * count)
            phase = 0.0
            continue
        step = pit_hz(freq) / SR
        for _ in range(count):
            out.append(DOS_LEVEL if phase < 0.5 else -DOS_LEVEL)
            phase += step
            if phase >= 1.0:
                phase -= 1.0
    return out


def dos_click() -> list[int]:
    return pc_speaker([(2400, 0.004), (0, 0.006)])


def dos_place() -> list[int]:
    return pc_speaker([(988, 0.045)])


def dos_flip() -> list[int]:
    # a stepped exponential sweep 500 -> 2500 Hz, 4 ms per step, like a delay-loop chirp
    steps = 14
    return pc_speaker([(500.0 * 5.0 ** (i / (steps - 1)), 0.004) for i in range(steps)])


def dos_error() -> list[int]:
    return pc_speaker([(110, 0.22)])


def dos_skip() -> list[int]:
    return pc_speaker([(784, 0.09), (0, 0.03), (523, 0.12)])


def dos_win() -> list[int]:
    n = note_hz
    return pc_speaker([
        (n("C5"), 0.08), (0, 0.015), (n("E5"), 0.08), (0, 0.015),
        (n("G5"), 0.08), (0, 0.015), (n("C6"), 0.16), (0, 0.05),
        (n("G5"), 0.08), (0, 0.015), (n("C6"), 0.36),
    ])


def dos_lose() -> list[int]:
    n = note_hz
    notes = [(n("G4"), 0.16), (0, 0.04), (n("F#4"), 0.16), (0, 0.04), (n("F4"), 0.16), (0, 0.04)]
    # the last "wah" wobbles between two pitches every 30 ms (no vibrato on a PC speaker)
    for i in range(12):
        notes.append((n("E4") if i % 2 == 0 else n("Eb4"), 0.03))
    return pc_speaker(notes)


# --------------------------------------------------------------------------------------
# Amiga: Paula, four DMA voices playing 8-bit samples, volume 0..64

PAULA_HZ = 3546895  # PAL colour clock / 1
FRAME = 1.0 / 50.0  # volume changes once per vertical blank


def paula_period_for(freq: float, length: int) -> int:
    """The integer Paula period that plays a `length`-sample loop at `freq` Hz."""
    return max(124, int(round(PAULA_HZ / (freq * length))))


def quantise8(values: list[float]) -> list[int]:
    out = []
    for x in values:
        v = int(math.floor(x + 0.5))
        out.append(127 if v > 127 else -128 if v < -128 else v)
    return out


def paula_voice(sample: list[int], period: int, seconds: float, volume, loop: bool = True,
                start: float = 0.0) -> list[float]:
    """One Paula voice: `sample` (8-bit ints) stepped at PAULA_HZ/period, held between
    steps; `volume(t)` returns 0..64 and is sampled per 50 Hz frame. The voice is silent
    before `start` seconds. Returns floats in 8-bit units."""
    rate = PAULA_HZ / period
    total = ns(start + seconds)
    first = ns(start)
    out = [0.0] * total
    n = len(sample)
    for j in range(first, total):
        t = (j - first) / SR
        pos = int((j - first) * rate / SR)
        if pos >= n and not loop:
            break
        frame_t = int(t / FRAME) * FRAME
        vol = volume(frame_t)
        out[j] = sample[pos % n] * vol / 64.0
    return out


def paula_mix(voices: list[list[float]], gain: float) -> list[int]:
    """Sum the voices and quantise to 8 bits, returned as 16-bit values (multiples of 256)."""
    length = max(len(v) for v in voices)
    total = [0.0] * length
    for v in voices:
        for i, x in enumerate(v):
            total[i] += x
    return [b * 256 for b in quantise8([x * gain for x in total])]


def chip_wave(harmonics: list[float], length: int = 32, peak: float = 110.0) -> list[int]:
    """A single-cycle 8-bit waveform from harmonic amplitudes (the classic 32-byte chip loop)."""
    raw = [sum(a * math.sin(TWO_PI * (k + 1) * i / length) for k, a in enumerate(harmonics))
           for i in range(length)]
    top = max(abs(x) for x in raw)
    return quantise8([x * peak / top for x in raw])


SQUARE32 = [100] * 16 + [-100] * 16


def amiga_click() -> list[int]:
    # a short decaying 8-bit pulse train, one-shot at period 214 (~16.6 kHz)
    rate = PAULA_HZ / 214
    sample = quantise8([(90.0 if (i // 4) % 2 == 0 else -90.0) * math.exp(-i / (rate * 0.0018))
                        for i in range(int(rate * 0.007))])
    voice = paula_voice(sample, 214, 0.02, lambda t: 64, loop=False)
    return paula_mix([voice], 1.0)


def amiga_move() -> list[int]:
    # a soft Karplus-Strong pluck rendered into an 8-bit sample, then played by Paula
    period = 214
    rate = PAULA_HZ / period
    rng = random.Random(1987)
    length = int(round(rate / note_hz("E4")))
    buf = [rng.random() * 2.0 - 1.0 for _ in range(length + 1)]
    buf = [(buf[i] + buf[i + 1]) * 0.5 for i in range(length)]  # darker (softer) excitation
    raw = []
    count = int(rate * 0.26)
    for i in range(count):
        k = i % length
        x = buf[k]
        raw.append(x)
        buf[k] = 0.994 * 0.5 * (x + buf[(k + 1) % length])
    fade = int(rate * 0.05)
    for i in range(fade):
        raw[count - 1 - i] *= i / fade
    top = max(abs(x) for x in raw)
    sample = quantise8([x * 120.0 / top for x in raw])
    voice = paula_voice(sample, period, 0.26, lambda t: 44, loop=False)
    return paula_mix([voice], 1.0)


def amiga_beep() -> list[int]:
    # harsh: two full-volume square voices a semitone apart, cut dead after 0.18 s
    a = paula_voice(SQUARE32, paula_period_for(880.0, 32), 0.18, lambda t: 64)
    b = paula_voice(SQUARE32, paula_period_for(932.3, 32), 0.18, lambda t: 64)
    return paula_mix([a, b], 0.36)


def amiga_win() -> list[int]:
    wave_ = chip_wave([1.0, 0.5, 0.33, 0.25, 0.2, 0.12])  # a bright, saw-like loop
    step = 0.09

    def short(t: float) -> int:
        return max(0, 48 - int(t * 50) * 5)

    def held(t: float) -> int:
        return max(0, 52 - int(t * 50) * 1)

    phrase = [("G3", "C4"), ("B3", "E4"), ("D4", "G4"), ("G4", "C5")]  # G major then C major
    voices = []
    for k, (first, last) in enumerate(phrase):
        # voice k enters the G chord at k*step, drops out at 4*step, enters the C chord at (4+k)*step
        n1 = paula_voice(wave_, paula_period_for(note_hz(first), 32), (4 - k) * step,
                         short, start=k * step)
        hold = 1.52 - (4 + k) * step
        n2 = paula_voice(wave_, paula_period_for(note_hz(last), 32), hold, held,
                         start=(4 + k) * step)
        voice = [0.0] * len(n2)
        for i, x in enumerate(n1):
            voice[i] += x
        for i, x in enumerate(n2):
            voice[i] += x
        voices.append(voice)
    return paula_mix(voices, 0.38)


def amiga_ants() -> list[int]:
    # marching ants: a barely-there tick, peak 6/128
    sample = [0, 4, 6, 5, 2, -2, -5, -6, -4, -2, 0, 1, 2, 1]
    voice = paula_voice(sample, 428, 0.012, lambda t: 64, loop=False)
    return paula_mix([voice], 1.0)


# --------------------------------------------------------------------------------------
# Acorn Archimedes: VIDC with an 8-bit logarithmic DAC

MU_BIAS = 0x84
MU_CLIP = 32635


def mulaw_encode(v: int) -> int:
    sign = 0x80 if v < 0 else 0
    v = min(abs(v), MU_CLIP) + MU_BIAS
    exponent = 7
    mask = 0x4000
    while exponent > 0 and not v & mask:
        exponent -= 1
        mask >>= 1
    mantissa = (v >> (exponent + 3)) & 0x0F
    return ~(sign | (exponent << 4) | mantissa) & 0xFF


def mulaw_decode(u: int) -> int:
    u = ~u & 0xFF
    exponent = (u >> 4) & 0x07
    v = (((u & 0x0F) << 3) + MU_BIAS) << exponent
    v -= MU_BIAS
    return -v if u & 0x80 else v


def vidc(samples: list[float], peak: float) -> list[int]:
    """Normalise, soften the ends, and pass through the 8-bit logarithmic quantiser."""
    ints = to_int16(normalise(fade_ends(samples), peak))
    return [mulaw_decode(mulaw_encode(v)) for v in ints]


def decaying_partials(partials: list[tuple[float, float, float]], seconds: float,
                      attack: float = 0.0) -> list[float]:
    """partials: (Hz, amplitude, decay time constant in s)."""
    out = []
    n_att = ns(attack)
    for i in range(ns(seconds)):
        t = i / SR
        x = sum(a * math.exp(-t / tau) * math.sin(TWO_PI * f * t) for f, a, tau in partials)
        if i < n_att:
            x *= i / n_att
        out.append(x)
    return out


def acorn_click() -> list[int]:
    return vidc(decaying_partials([(2900.0, 1.0, 0.0016), (5300.0, 0.4, 0.0008)], 0.018), 0.5)


def acorn_dice() -> list[int]:
    rng = random.Random(3)
    out = [0.0] * ns(0.52)
    t = 0.0
    gap = 0.014
    hits = []
    while t < 0.36:  # dice rattling in the cup: quick, uneven clicks, slowing down
        hits.append((t, 0.35 + 0.45 * rng.random()))
        t += gap + rng.random() * gap * 1.6
        gap *= 1.09
    hits += [(0.40, 1.0), (0.455, 0.7)]  # landing on the table
    for at, amp in hits:
        freq = 1800.0 + rng.random() * 2600.0
        tau = 0.0009 + rng.random() * 0.0012
        click = []
        for i in range(ns(0.008)):
            tt = i / SR
            body = 0.65 * math.sin(TWO_PI * freq * tt) + 0.35 * (rng.random() * 2.0 - 1.0)
            click.append(amp * body * math.exp(-tt / tau))
        mix_into(out, click, ns(at))
    return vidc(out, 0.8)


def acorn_peg() -> list[int]:
    # wood: an inharmonic, quickly damped set of partials plus a tiny knock of noise
    rng = random.Random(7)
    out = decaying_partials([(520.0, 1.0, 0.045), (1435.0, 0.45, 0.018), (2810.0, 0.22, 0.007)],
                            0.18)
    for i in range(ns(0.003)):
        out[i] += 0.5 * (rng.random() * 2.0 - 1.0) * (1.0 - i / ns(0.003))
    return vidc(out, 0.8)


def acorn_error() -> list[int]:
    # the RISC OS beep: a bright tone, fast attack, ringing off
    f = 750.0
    tone = decaying_partials([(f, 1.0, 0.14), (2 * f, 0.25, 0.08), (3 * f, 0.3, 0.06)], 0.3,
                             attack=0.004)
    return vidc(tone, 0.7)


def acorn_win() -> list[int]:
    # up to eight VIDC channels: a rising arpeggio whose notes ring on into a final chord
    out: list[float] = []
    arpeggio = ["C5", "E5", "G5", "C6", "E6", "G6"]
    for i, name in enumerate(arpeggio):
        f = note_hz(name)
        note = decaying_partials([(f, 1.0, 0.3), (2 * f, 0.35, 0.12), (3 * f, 0.12, 0.06)], 0.7,
                                 attack=0.003)
        mix_into(out, note, ns(i * 0.075))
    chord_at = ns(len(arpeggio) * 0.075 + 0.06)
    for name in ["C4", "G4", "C5", "E5", "G5", "C6"]:
        f = note_hz(name)
        note = decaying_partials([(f, 0.8, 0.45), (2 * f, 0.25, 0.2), (3 * f, 0.1, 0.1)], 1.05,
                                 attack=0.005)
        mix_into(out, note, chord_at)
    return vidc(fade_ends(out, fade_out=0.15), 0.75)


# --------------------------------------------------------------------------------------
# Launcher / UI: soft sine blips

def blip(freqs: list[float], each: float, tau: float) -> list[float]:
    out: list[float] = []
    for i, f in enumerate(freqs):
        note = decaying_partials([(f, 1.0, tau), (2 * f, 0.15, tau / 2)], each, attack=0.002)
        mix_into(out, note, ns(i * each))
    return out


def ui_move() -> list[int]:
    return to_int16(normalise(fade_ends(blip([1500.0], 0.035, 0.008)), 0.35))


def ui_select() -> list[int]:
    return to_int16(normalise(fade_ends(blip([note_hz("G5"), note_hz("D6")], 0.065, 0.03)), 0.45))


def ui_back() -> list[int]:
    return to_int16(normalise(fade_ends(blip([note_hz("D6"), note_hz("G5")], 0.065, 0.03)), 0.45))


# --------------------------------------------------------------------------------------
# the catalogue: name -> (function, platform, what it is for)

EFFECTS = {
    "dos_click": (dos_click, "DOS PC speaker", "tiny tick for cursor moves"),
    "dos_place": (dos_place, "DOS PC speaker", "short blip when a piece is placed"),
    "dos_flip": (dos_flip, "DOS PC speaker", "rapid rising chirp, once per flipped tile"),
    "dos_error": (dos_error, "DOS PC speaker", "low buzz for an illegal move"),
    "dos_skip": (dos_skip, "DOS PC speaker", "two descending tones: a player must pass"),
    "dos_win": (dos_win, "DOS PC speaker", "short rising fanfare"),
    "dos_lose": (dos_lose, "DOS PC speaker", "descending 'wah wah wah'"),
    "amiga_click": (amiga_click, "Amiga Paula", "short 8-bit tick"),
    "amiga_move": (amiga_move, "Amiga Paula", "soft plucked tone for a move"),
    "amiga_beep": (amiga_beep, "Amiga Paula", "harsh DisplayBeep-style error"),
    "amiga_win": (amiga_win, "Amiga Paula", "four-voice chord arpeggio"),
    "amiga_ants": (amiga_ants, "Amiga Paula", "very faint tick (marching ants)"),
    "acorn_click": (acorn_click, "Acorn VIDC", "soft tick"),
    "acorn_dice": (acorn_dice, "Acorn VIDC", "dice rattling then landing"),
    "acorn_peg": (acorn_peg, "Acorn VIDC", "wooden peg knock"),
    "acorn_error": (acorn_error, "Acorn VIDC", "the RISC OS beep"),
    "acorn_win": (acorn_win, "Acorn VIDC", "arpeggio ringing into a chord"),
    "ui_move": (ui_move, "Launcher/UI", "cursor moves in menus"),
    "ui_select": (ui_select, "Launcher/UI", "confirm (rising two notes)"),
    "ui_back": (ui_back, "Launcher/UI", "back/cancel (falling two notes)"),
}


def wav_bytes(samples: list[int]) -> bytes:
    data = array("h", samples)
    if sys.byteorder == "big":
        data.byteswap()
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(data.tobytes())
    return buf.getvalue()


def render_all() -> dict[str, bytes]:
    return {name: wav_bytes(fn()) for name, (fn, _, _) in EFFECTS.items()}


def table() -> str:
    lines = ["| Name | Voice | Length | Use |", "|---|---|---|---|"]
    for name, (fn, platform, use) in EFFECTS.items():
        lines.append(f"| `{name}` | {platform} | {len(fn()) / SR:.2f} s | {use} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Synthesise the Tricade sound effects.")
    parser.add_argument("--check", action="store_true",
                        help="do not write; exit 1 unless the WAVs on disk match exactly")
    parser.add_argument("--list", action="store_true", help="print the table of effects")
    parser.add_argument("--out", type=Path, default=HERE, help="folder of the WAVs (default: here)")
    args = parser.parse_args(argv)

    if args.list:
        print(table())
        return 0

    rendered = render_all()
    out: Path = args.out
    if args.check:
        problems = []
        for name, data in rendered.items():
            path = out / f"{name}.wav"
            if not path.is_file():
                problems.append(f"{path} is missing")
            elif path.read_bytes() != data:
                problems.append(f"{path} differs from what make_sounds.py makes")
        extra = sorted(p.name for p in out.glob("*.wav") if p.stem not in rendered)
        problems += [f"{out / n} is not made by make_sounds.py" for n in extra]
        for p in problems:
            print(p)
        if problems:
            print(f"{len(problems)} problem(s); run 'python sounds/make_sounds.py' to remake the sounds.")
            return 1
        print(f"All {len(rendered)} sounds match.")
        return 0

    out.mkdir(parents=True, exist_ok=True)
    for name, data in rendered.items():
        path = out / f"{name}.wav"
        if not path.is_file() or path.read_bytes() != data:
            tmp = path.with_suffix(".wav.tmp")
            tmp.write_bytes(data)
            tmp.replace(path)
    print(f"Wrote {len(rendered)} sounds to {out}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
