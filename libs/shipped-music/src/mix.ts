/** The synthesiser's canvas: stereo float PCM at 44.1 kHz, voices mixed in with gain and pan. */

export const SAMPLE_RATE = 44_100;

export interface Stereo {
  left: Float32Array;
  right: Float32Array;
}

export const frequencyOf = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** mulberry32: the same "random" melody on every install. */
export function randomSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Mix implements Stereo {
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

/** Linear attack and release so no voice starts or stops with a click. */
export function shapeEdges(voice: Float32Array, attackSeconds: number, releaseSeconds: number) {
  const attack = Math.round(attackSeconds * SAMPLE_RATE);
  const release = Math.round(releaseSeconds * SAMPLE_RATE);
  for (let i = 0; i < attack && i < voice.length; i++) voice[i] = (voice[i] as number) * (i / attack);
  for (let i = 0; i < release && i < voice.length; i++) {
    const at = voice.length - 1 - i;
    voice[at] = (voice[at] as number) * (i / release);
  }
}
