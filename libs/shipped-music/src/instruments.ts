import { frequencyOf, randomSequence, SAMPLE_RATE, shapeEdges } from './mix.js';

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
export const pianoTone = cached((midi) => {
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
export function padNote(midi: number, seconds: number): Float32Array {
  const key = `${midi}:${seconds}`;
  let voice = cachedPad.get(key);
  if (!voice) {
    voice = padTone(midi, seconds);
    cachedPad.set(key, voice);
  }
  return voice;
}

/** A plucked string (Karplus–Strong): bright at first, mellowing as it rings. */
export const pluckTone = cached((midi) => {
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
export const bassTone = cached((midi) => {
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
export const kick = (() => {
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
export const shaker = (() => {
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
