/**
 * From what the beat tracker heard to the beats a cut lands on (issue 35): pure, so it is tested on
 * its own. The tracker (essentia's RhythmExtractor2013, Degara's method) places its ticks on a
 * regular grid that may lag the sound by a few tens of milliseconds, may run at twice the tempo (a
 * tick on every off-beat too), and guesses on through a quiet bar or a track with no beat at all;
 * the onset envelope of the same audio settles all three.
 */

export interface HeardBeats {
  /** The tracker's tempo, beats per minute. */
  bpm: number;
  /** The tracker's beat times, seconds. */
  ticks: readonly number[];
  /** How much louder each frame got than the one before (≥ 0), one value per `hopSeconds`. */
  onsets: readonly number[];
  hopSeconds: number;
}

export interface TrackBeats {
  /** Beats per minute, from the settled beats. */
  tempo: number;
  /** Beat times in seconds (millisecond precision), ascending. */
  beats: number[];
}

/** How far from a tick its onset is looked for when measuring the grid's lag. */
const LAG_REACH = 0.07;
/** How far a beat then moves, at most, onto an onset of its own. */
const FINE_REACH = 0.015;
/** Below this share of the other half's strength, every other tick is an off-beat: the tempo halves. */
const OFF_BEAT_SHARE = 0.25;
/** A rise in level (RMS, full scale 1) below this is no onset: −60 dBFS. */
const SILENT_ONSET = 0.001;
/** A tick whose onset is weaker than this share of the typical beat's is a guess, not a beat. */
const WEAK_SHARE = 0.1;
/** A track has a beat when at least this share of its beats are heard, and as many keep time. */
const HEARD_SHARE = 0.5;
const STEADY_SHARE = 0.7;
/** An interval keeps time when it is within this share of a whole number of beats. */
const STEADY_TOLERANCE = 0.1;

/** The beats of a track, or null when it has none to cut on (silence, a drone, free-flowing pads). */
export function settleBeats(heard: HeardBeats): TrackBeats | null {
  if (heard.ticks.length < 4) return null;
  // 1. The grid's lag: how far the clear onsets sit from their ticks, typically; every tick moves by it.
  const near = heard.ticks.map((tick) => strongestOnset(heard, tick, LAG_REACH));
  const typical = median(near.map((onset) => onset.strength));
  const clear = near.filter((onset) => onset.strength > SILENT_ONSET && onset.strength >= typical);
  const lag = clear.length ? median(clear.map((onset) => onset.time - onset.tick)) : 0;
  // 2. Each beat onto its own onset where one is that close; otherwise where the grid puts it.
  let beats = heard.ticks.map((tick) => {
    const onset = strongestOnset(heard, tick + lag, FINE_REACH);
    return onset.strength > SILENT_ONSET ? onset : { ...onset, time: tick + lag };
  });
  // 3. Every other tick far weaker: the tracker heard twice the tempo.
  if (beats.length >= 8) {
    const strength = (parity: number) =>
      mean(beats.filter((_, i) => i % 2 === parity).map((beat) => beat.strength));
    const [even, odd] = [strength(0), strength(1)];
    if (Math.min(even, odd) < OFF_BEAT_SHARE * Math.max(even, odd)) {
      const keep = even >= odd ? 0 : 1;
      beats = beats.filter((_, i) => i % 2 === keep);
    }
  }
  // 4. Ticks with nothing heard near them are the tracker's guesses: left out.
  const floor = Math.max(SILENT_ONSET, WEAK_SHARE * median(beats.map((beat) => beat.strength)));
  const kept = beats.filter((beat) => beat.strength > floor);
  const times = dedupe(kept.map((beat) => Math.round(beat.time * 1000) / 1000));
  if (times.length < 4 || times.length < HEARD_SHARE * beats.length) return null;
  // 5. A beat keeps time: most intervals are whole numbers of one period.
  const intervals = times.slice(1).map((time, i) => time - (times[i] as number));
  const period = median(intervals);
  const steady = intervals.filter((interval) => {
    const beatsApart = Math.max(1, Math.round(interval / period));
    return Math.abs(interval - beatsApart * period) <= STEADY_TOLERANCE * period;
  });
  if (steady.length < STEADY_SHARE * intervals.length) return null;
  const tempo = Math.round((60 / period) * 100) / 100;
  return Number.isFinite(tempo) ? { tempo, beats: times } : null;
}

/** The strongest onset within `reach` of `time` (strength 0 and the time itself when there is none). */
function strongestOnset(heard: HeardBeats, time: number, reach: number) {
  const { onsets, hopSeconds } = heard;
  const centre = Math.round(time / hopSeconds);
  const frames = Math.round(reach / hopSeconds);
  let best = -1;
  let strength = 0;
  for (
    let frame = Math.max(0, centre - frames);
    frame <= Math.min(onsets.length - 1, centre + frames);
    frame++
  ) {
    const value = onsets[frame] as number;
    if (value > strength) {
      strength = value;
      best = frame;
    }
  }
  return { tick: time, time: best < 0 ? time : best * hopSeconds, strength };
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const dedupe = (times: number[]) => times.filter((time, i) => i === 0 || time > (times[i - 1] as number));
