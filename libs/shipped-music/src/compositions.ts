import { bassTone, kick, padNote, pianoTone, pluckTone, shaker } from './instruments.js';
import { Mix, randomSequence, type Stereo } from './mix.js';

// Notes as MIDI numbers (C4 = 60).
const C3 = 48;
const D3 = 50;

/** Calm piano, 72 bpm: broken chords over I–vi–IV–V, a bridge on ii–V–iii–vi, a sparse melody on top. */
export function calmPiano(): Stereo {
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
export function warmPads(): Stereo {
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
export function lightUpbeat(): Stereo {
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
