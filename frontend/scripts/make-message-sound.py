#!/usr/bin/env python3
"""Makes public/sounds/msg.mp3, the new-message chime (SPEC §9), from nothing but arithmetic.

Two soft bell-like notes a major sixth apart (G5, then E6), each a sine with a quieter octave
partial and an exponential decay, 0.42 s in all, mono 44.1 kHz; written as WAV, then encoded by Debian's `lame`
(apt-get install lame). Run from frontend/: python3 scripts/make-message-sound.py
"""
import math
import os
import struct
import subprocess
import tempfile
import wave

RATE = 44100
NOTES = [(783.99, 0.00), (1318.51, 0.11)]  # G5, then E6 110 ms later
LENGTH = 0.42
PEAK = 0.5


def sample(t: float) -> float:
    value = 0.0
    for frequency, start in NOTES:
        local = t - start
        if local < 0:
            continue
        attack = min(1.0, local / 0.004)  # 4 ms fade-in: no click
        decay = math.exp(-local * 9.0)
        value += attack * decay * (
            math.sin(2 * math.pi * frequency * local) + 0.25 * math.sin(2 * math.pi * 2 * frequency * local)
        )
    return value


def main() -> None:
    frames = [sample(i / RATE) for i in range(int(RATE * LENGTH))]
    # Fade the tail out over the last 30 ms, then scale to the peak.
    tail = int(RATE * 0.03)
    for i in range(tail):
        frames[-1 - i] *= i / tail
    scale = PEAK / max(abs(v) for v in frames)
    here = os.path.dirname(os.path.abspath(__file__))
    target = os.path.join(here, '..', 'public', 'sounds', 'msg.mp3')
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        wav_path = os.path.join(work, 'msg.wav')
        with wave.open(wav_path, 'wb') as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            out.writeframes(b''.join(struct.pack('<h', int(v * scale * 32767)) for v in frames))
        subprocess.run(['lame', '--quiet', '-m', 'm', '-b', '64', wav_path, target], check=True)
    print(f'wrote {os.path.normpath(target)} ({os.path.getsize(target)} bytes)')


if __name__ == '__main__':
    main()
