import { spawn } from 'node:child_process';

/**
 * The three tracks a fresh install offers (decision 0013): composed here note by note, rendered to
 * PCM in JS (voices cached per pitch), then given echo, fades, a loudness-normalising gain and
 * MP3 encoding by ffmpeg.
 */

const SAMPLE_RATE = 44_100;
const FADE_IN_SECONDS = 2;
const FADE_OUT_SECONDS = 6;
/** EBU R128 integrated loudness of streamed music, and peaks held below -1.5 dBFS for the MP3 encoder. */
export const TARGET_LUFS = -16;
const PEAK_DBFS = -1.5;

export interface ShippedTrack {
  /** Stable name of the seed: recorded once added, so a deleted one does not come back. */
  key: string;
  title: string;
  artist: string;
  /** ffmpeg's reverb-like echo for this mood. */
  echo: string;
  compose(): Stereo;
}

interface Stereo {
  left: Float32Array;
  right: Float32Array;
}

const frequencyOf = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** mulberry32: the same "random" melody on every install. */
function randomSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Mix implements Stereo {
  readonly left: Float32Array;
  readonly right: Float32Array;

  constructor(readonly seconds: number) {
    const length = Math.ceil(seconds * SAMPLE_RATE);
    this.left = new Float32Array(length);
    this.right = new Float32Array(length);
  }

  /** Adds a mono voice at `atSeconds`, panned with equal power (-1 left … 1 right). */
  add(voice: Float32Array, atSeconds: number, gain: number, pan = 0) {
    const start = Math.round(atSeconds * SAMPLE_RATE);
    const angle = ((pan + 1) * Math.PI) / 4;
    const leftGain = gain * Math.cos(angle);
    const rightGain = gain * Math.sin(angle);
    const end = Math.min(voice.length, this.left.length - start);
    for (let i = 0; i < end; i++) {
      const sample = voice[i] as number;
      this.left[start + i] = (this.left[start + i] as number) + sample * leftGain;
      this.right[start + i] = (this.right[start + i] as number) + sample * rightGain;
    }
  }

  /** Scales the whole mix to a peak of 0.9 (the loudness gain comes later). */
  normalised(): Stereo {
    let peak = 0;
    for (let i = 0; i < this.left.length; i++) {
      peak = Math.max(peak, Math.abs(this.left[i] as number), Math.abs(this.right[i] as number));
    }
    const scale = peak > 0 ? 0.9 / peak : 1;
    for (let i = 0; i < this.left.length; i++) {
      this.left[i] = (this.left[i] as number) * scale;
      this.right[i] = (this.right[i] as number) * scale;
    }
    return this;
  }
}

/** Voices are rendered once per pitch and reused for every note. */
function cached(render: (midi: number) => Float32Array): (midi: number) => Float32Array {
  const voices = new Map<number, Float32Array>();
  return (midi) => {
    let voice = voices.get(midi);
    if (!voice) {
      voice = render(midi);
      voices.set(midi, voice);
    }
    return voice;
  };
}

/** A felt-piano-like tone: slightly stretched harmonics, the higher ones dying sooner. */
const pianoTone = cached((midi) => {
  const frequency = frequencyOf(midi);
  const voice = new Float32Array(3 * SAMPLE_RATE);
  const lowNotesRingLonger = (frequency / 262) ** 0.35;
  for (let h = 1; h <= 8; h++) {
    const partial = frequency * h * Math.sqrt(1 + 0.0004 * h * h);
    if (partial > SAMPLE_RATE / 2.2) break;
    // A rotating phasor and a per-sample decay factor: no sin() or exp() per sample.
    const step = (2 * Math.PI * partial) / SAMPLE_RATE;
    const cos = Math.cos(step);
    const sin = Math.sin(step);
    const fade = Math.exp(-((0.8 + 0.55 * h) * lowNotesRingLonger) / SAMPLE_RATE);
    let x = 1 / h ** 1.6;
    let y = 0;
    for (let i = 0; i < voice.length; i++) {
      voice[i] = (voice[i] as number) + y;
      const nextX = (x * cos - y * sin) * fade;
      y = (x * sin + y * cos) * fade;
      x = nextX;
    }
  }
  shapeEdges(voice, 0.006, 0.3);
  return voice;
});

/** One cycle of a soft, low-passed sawtooth: the pads' wavetable. */
const padCycle = (() => {
  const size = 4096;
  const table = new Float32Array(size + 1);
  for (let h = 1; h <= 12; h++) {
    const amplitude = Math.exp(-0.45 * h) / h;
    for (let i = 0; i <= size; i++) {
      table[i] = (table[i] as number) + amplitude * Math.sin((2 * Math.PI * h * i) / size);
    }
  }
  return table;
})();

/** A warm pad note: three detuned wavetable oscillators, a slow swell and a slow tremolo. */
function padTone(midi: number, seconds: number): Float32Array {
  const voice = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  const size = padCycle.length - 1;
  for (const cents of [-7, 0, 7]) {
    const step = (frequencyOf(midi) * 2 ** (cents / 1200) * size) / SAMPLE_RATE;
    let phase = (cents + 7) * 97;
    for (let i = 0; i < voice.length; i++) {
      const index = Math.floor(phase);
      const fraction = phase - index;
      const a = padCycle[index] as number;
      const b = padCycle[index + 1] as number;
      voice[i] = (voice[i] as number) + (a + (b - a) * fraction) / 3;
      phase += step;
      if (phase >= size) phase -= size;
    }
  }
  for (let i = 0; i < voice.length; i++) {
    voice[i] = (voice[i] as number) * (0.9 + 0.1 * Math.sin((2 * Math.PI * 0.25 * i) / SAMPLE_RATE));
  }
  shapeEdges(voice, Math.min(1.8, seconds / 3), Math.min(2, seconds / 3));
  return voice;
}
const cachedPad = new Map<string, Float32Array>();
function padNote(midi: number, seconds: number): Float32Array {
  const key = `${midi}:${seconds}`;
  let voice = cachedPad.get(key);
  if (!voice) {
    voice = padTone(midi, seconds);
    cachedPad.set(key, voice);
  }
  return voice;
}

/** A plucked string (Karplus–Strong): bright at first, mellowing as it rings. */
const pluckTone = cached((midi) => {
  const random = randomSequence(midi * 7919);
  const period = Math.round(SAMPLE_RATE / frequencyOf(midi));
  const voice = new Float32Array(Math.round(1.4 * SAMPLE_RATE));
  const ring = new Float32Array(period);
  for (let i = 0; i < period; i++) ring[i] = random() * 2 - 1;
  let previous = 0;
  for (let i = 0; i < voice.length; i++) {
    const index = i % period;
    const sample = ring[index] as number;
    const next = 0.996 * 0.5 * (sample + (ring[(index + 1) % period] as number));
    ring[index] = next;
    // A gentle low-pass takes the edge off the noise burst.
    previous += 0.45 * (sample - previous);
    voice[i] = previous;
  }
  shapeEdges(voice, 0.003, 0.2);
  return voice;
});

/** A round bass note: a sine with a little second harmonic, decaying. */
const bassTone = cached((midi) => {
  const frequency = frequencyOf(midi);
  const voice = new Float32Array(Math.round(0.9 * SAMPLE_RATE));
  for (let i = 0; i < voice.length; i++) {
    const t = i / SAMPLE_RATE;
    voice[i] =
      (Math.sin(2 * Math.PI * frequency * t) + 0.25 * Math.sin(4 * Math.PI * frequency * t)) *
      Math.exp(-3 * t);
  }
  shapeEdges(voice, 0.008, 0.15);
  return voice;
});

/** A soft kick: a sine falling from 110 to 45 Hz. */
const kick = (() => {
  const voice = new Float32Array(Math.round(0.3 * SAMPLE_RATE));
  let phase = 0;
  for (let i = 0; i < voice.length; i++) {
    const t = i / SAMPLE_RATE;
    phase += (2 * Math.PI * (45 + 65 * Math.exp(-t * 30))) / SAMPLE_RATE;
    voice[i] = Math.sin(phase) * Math.exp(-t * 12);
  }
  shapeEdges(voice, 0.002, 0.05);
  return voice;
})();

/** A short, high-passed noise tick for the off-beats. */
const shaker = (() => {
  const random = randomSequence(42);
  const voice = new Float32Array(Math.round(0.06 * SAMPLE_RATE));
  let previous = 0;
  for (let i = 0; i < voice.length; i++) {
    const noise = random() * 2 - 1;
    voice[i] = (noise - previous) * Math.exp((-i / SAMPLE_RATE) * 70);
    previous = noise;
  }
  return voice;
})();

/** Linear attack and release so no voice starts or stops with a click. */
function shapeEdges(voice: Float32Array, attackSeconds: number, releaseSeconds: number) {
  const attack = Math.round(attackSeconds * SAMPLE_RATE);
  const release = Math.round(releaseSeconds * SAMPLE_RATE);
  for (let i = 0; i < attack && i < voice.length; i++) voice[i] = (voice[i] as number) * (i / attack);
  for (let i = 0; i < release && i < voice.length; i++) {
    const at = voice.length - 1 - i;
    voice[at] = (voice[at] as number) * (i / release);
  }
}

// Notes as MIDI numbers (C4 = 60).
const C3 = 48;
const D3 = 50;

/** Calm piano, 72 bpm: broken chords over I–vi–IV–V, a bridge on ii–V–iii–vi, a sparse melody on top. */
function calmPiano(): Stereo {
  const beat = 60 / 72;
  const bar = 4 * beat;
  const bars = 44;
  const mix = new Mix(bars * bar + 5);
  const random = randomSequence(1);
  // Chord tones above the root, and the root in the bass.
  const verse = [
    { root: C3, tones: [0, 7, 12, 16, 19, 23] }, // Cmaj7
    { root: C3 - 3, tones: [0, 7, 12, 15, 19, 22] }, // Am7
    { root: C3 - 7, tones: [0, 7, 12, 16, 19, 23] }, // Fmaj7
    { root: C3 - 5, tones: [0, 7, 12, 16, 19, 21] }, // G6
  ];
  const bridge = [
    { root: D3, tones: [0, 7, 12, 15, 19, 22] }, // Dm7
    { root: C3 - 5, tones: [0, 7, 12, 16, 19, 22] }, // G7
    { root: C3 + 4, tones: [0, 7, 12, 15, 19, 22] }, // Em7
    { root: C3 - 3, tones: [0, 7, 12, 15, 19, 22] }, // Am7
  ];
  const pattern = [0, 1, 2, 3, 4, 3, 2, 1];
  const scale = [72, 74, 76, 79, 81, 84]; // C major pentatonic, upper octave
  for (let b = 0; b < bars; b++) {
    const section = Math.floor(b / 4) % 3 === 2 ? bridge : verse;
    const chord = section[b % 4] as (typeof verse)[number];
    const at = b * bar;
    mix.add(pianoTone(chord.root), at, 0.55, -0.2);
    mix.add(pianoTone(chord.root + 12), at + beat * 2, 0.3, -0.2);
    pattern.forEach((step, i) => {
      const midi = chord.root + 12 + (chord.tones[step + 1] as number);
      mix.add(pianoTone(midi), at + (i * beat) / 2, 0.22 + 0.05 * random(), 0.15 - step * 0.05);
    });
    // The melody rests in the first and last four bars.
    if (b >= 4 && b < bars - 4) {
      for (let half = 0; half < 2; half++) {
        if (random() < 0.65) {
          const pick = scale[Math.floor(random() * scale.length)] as number;
          mix.add(pianoTone(pick), at + half * 2 * beat + (random() < 0.3 ? beat : 0), 0.3, 0.25);
        }
      }
    }
  }
  mix.add(pianoTone(C3), bars * bar, 0.55, -0.2);
  mix.add(pianoTone(C3 + 12 + 16), bars * bar, 0.3, 0.1);
  return mix.normalised();
}

/** Warm pads, one chord every 8 s over D–Bm–G–A, a bass drone and a few high bell notes. */
function warmPads(): Stereo {
  const chordSeconds = 8;
  const chords = 20;
  const mix = new Mix(chords * chordSeconds + 3);
  const random = randomSequence(2);
  const progression = [
    { root: D3, voicing: [62, 66, 69, 73, 76] }, // Dmaj9
    { root: D3 - 3, voicing: [59, 62, 66, 69, 73] }, // Bm9
    { root: D3 - 7, voicing: [59, 62, 67, 69, 74] }, // Gmaj9 (add9, no 7th)
    { root: D3 - 5, voicing: [57, 61, 64, 66, 71] }, // A6/9
  ];
  const bells = [74, 76, 78, 81, 83, 86];
  for (let c = 0; c < chords; c++) {
    const chord = progression[c % 4] as (typeof progression)[number];
    // Overlapping by 2 s: each chord swells in as the last one fades.
    const at = c * chordSeconds;
    chord.voicing.forEach((midi, i) => {
      mix.add(padNote(midi, chordSeconds + 2), at, 0.16, -0.6 + i * 0.3);
    });
    mix.add(padNote(chord.root, chordSeconds + 2), at, 0.35, 0);
    if (c > 0 && c < chords - 1) {
      for (let beat = 0; beat < 4; beat++) {
        if (random() < 0.55) {
          const bell = bells[Math.floor(random() * bells.length)] as number;
          mix.add(pianoTone(bell), at + beat * 2 + random() * 0.5, 0.12, random() * 1.2 - 0.6);
        }
      }
    }
  }
  return mix.normalised();
}

/** Light and upbeat, 112 bpm: plucked arpeggios over G–D–Em–C, a walking bass, soft kick and shaker. */
function lightUpbeat(): Stereo {
  const beat = 60 / 112;
  const bar = 4 * beat;
  const bars = 66;
  const mix = new Mix(bars * bar + 3);
  const random = randomSequence(3);
  const G2 = 43;
  const progression = [
    { root: G2, tones: [55, 59, 62, 67] }, // G
    { root: G2 + 7, tones: [57, 62, 66, 69] }, // D
    { root: G2 + 9, tones: [59, 64, 67, 71] }, // Em
    { root: G2 + 5, tones: [55, 60, 64, 67] }, // C
  ];
  // A four-bar motif (G major pentatonic, eighth-note steps), varied on repeats.
  const motif = [
    [74, null, 71, 74, 76, null, 74, null],
    [74, null, 71, null, 69, 71, null, null],
    [71, null, 67, 71, 74, null, 76, null],
    [72, null, 71, null, 67, null, null, null],
  ];
  const arpeggio = [0, 1, 2, 3, 2, 1, 2, 3];
  const bassSteps = [0, 1.5, 2, 3];
  for (let b = 0; b < bars; b++) {
    const chord = progression[b % 4] as (typeof progression)[number];
    const at = b * bar;
    const intro = b < 4;
    const outro = b >= bars - 4;
    arpeggio.forEach((step, i) => {
      mix.add(pluckTone(chord.tones[step] as number), at + (i * beat) / 2, 0.32, i % 2 ? 0.35 : -0.35);
    });
    if (!intro) {
      bassSteps.forEach((step, i) => {
        mix.add(bassTone(chord.root + (i === 2 ? 7 : 0)), at + step * beat, 0.5, 0);
      });
    }
    if (!intro && !outro) {
      mix.add(kick, at, 0.55);
      mix.add(kick, at + 2 * beat, 0.5);
      for (let i = 0; i < 4; i++) mix.add(shaker, at + i * beat + beat / 2, 0.12, 0.4);
    }
    if (b >= 8 && !outro && Math.floor(b / 8) % 2 === 1) {
      const line = motif[b % 4] as (number | null)[];
      line.forEach((midi, i) => {
        if (midi === null) return;
        const varied = random() < 0.15 ? midi + (random() < 0.5 ? 2 : -3) : midi;
        mix.add(pluckTone(varied), at + (i * beat) / 2, 0.42, 0.1);
      });
    }
  }
  mix.add(pluckTone(55), bars * bar, 0.35, -0.2);
  mix.add(pluckTone(67), bars * bar, 0.3, 0.2);
  mix.add(bassTone(G2), bars * bar, 0.5);
  return mix.normalised();
}

export const SHIPPED_TRACKS: readonly ShippedTrack[] = [
  {
    key: 'calm-piano',
    title: 'Morning Light',
    artist: 'Memoreel',
    echo: 'aecho=0.8:0.75:70|130|210:0.28|0.18|0.1',
    compose: calmPiano,
  },
  {
    key: 'warm-pads',
    title: 'Soft Horizon',
    artist: 'Memoreel',
    echo: 'aecho=0.8:0.8:90|170|260:0.3|0.2|0.12',
    compose: warmPads,
  },
  {
    key: 'light-upbeat',
    title: 'Sunny Steps',
    artist: 'Memoreel',
    echo: 'aecho=0.8:0.85:60|110:0.15|0.08',
    compose: lightUpbeat,
  },
];

/** Interleaved 32-bit float PCM, as ffmpeg's `f32le` reads it. */
function interleaved({ left, right }: Stereo): Buffer {
  const pcm = new Float32Array(left.length * 2);
  for (let i = 0; i < left.length; i++) {
    pcm[2 * i] = left[i] as number;
    pcm[2 * i + 1] = right[i] as number;
  }
  return Buffer.from(pcm.buffer);
}

/** Runs ffmpeg on the PCM; resolves with its stdout and stderr. */
function ffmpegOn(
  ffmpegPath: string,
  args: string[],
  pcm: Buffer,
  signal?: AbortSignal,
): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    // An abort (the service stopping) kills ffmpeg and rejects with an AbortError.
    const ffmpeg = spawn(ffmpegPath, ['-hide_banner', '-nostats', ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      signal,
    });
    const output: Buffer[] = [];
    let stderr = '';
    ffmpeg.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    ffmpeg.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    ffmpeg.on('error', reject);
    ffmpeg.on('close', (code) => {
      if (code === 0) resolve({ stdout: Buffer.concat(output), stderr });
      else reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim().slice(-500)}`));
    });
    ffmpeg.stdin.on('error', () => undefined);
    ffmpeg.stdin.end(pcm);
  });
}

/** Integrated loudness (LUFS) from the summary ffmpeg's `ebur128` filter prints. */
function integratedLoudness(ebur128Summary: string): number {
  const summary = ebur128Summary.slice(ebur128Summary.lastIndexOf('Integrated loudness:'));
  const match = /I:\s+(-?[\d.]+) LUFS/.exec(summary);
  if (!match) throw new Error(`ebur128 printed no integrated loudness: ${summary.slice(0, 300)}`);
  return Number(match[1]);
}

/**
 * Composes a shipped track and encodes it with ffmpeg: echo and fades, then a gain that brings it to
 * TARGET_LUFS measured by `ebur128` (two cheap passes instead of `loudnorm`, which resamples to
 * 192 kHz and took ten times as long), a limiter for the peaks, and MP3.
 */
export async function synthesizeTrack(
  track: ShippedTrack,
  ffmpegPath: string,
  signal?: AbortSignal,
): Promise<Buffer> {
  const audio = track.compose();
  const seconds = audio.left.length / SAMPLE_RATE;
  const pcm = interleaved(audio);
  const input = ['-f', 'f32le', '-ar', String(SAMPLE_RATE), '-ac', '2', '-i', 'pipe:0'];
  const shaped = [
    track.echo,
    `afade=t=in:d=${FADE_IN_SECONDS}`,
    `afade=t=out:st=${(seconds - FADE_OUT_SECONDS).toFixed(2)}:d=${FADE_OUT_SECONDS}`,
  ].join(',');
  const measured = await ffmpegOn(
    ffmpegPath,
    [...input, '-af', `${shaped},ebur128`, '-f', 'null', '-'],
    pcm,
    signal,
  );
  const gainDb = TARGET_LUFS - integratedLoudness(measured.stderr);
  const limit = 10 ** (PEAK_DBFS / 20);
  const encoded = await ffmpegOn(
    ffmpegPath,
    [
      ...['-loglevel', 'error', ...input],
      ...['-af', `${shaped},volume=${gainDb.toFixed(2)}dB,alimiter=limit=${limit.toFixed(3)}:level=false`],
      ...['-c:a', 'libmp3lame', '-b:a', '192k', '-id3v2_version', '3'],
      ...['-metadata', `title=${track.title}`, '-metadata', `artist=${track.artist}`, '-f', 'mp3', 'pipe:1'],
    ],
    pcm,
    signal,
  );
  return encoded.stdout;
}
