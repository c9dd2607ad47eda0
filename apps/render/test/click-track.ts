import { spawn } from 'node:child_process';

/** A click track made by ffmpeg, as WAV: a 1 kHz click, 20 ms and fading fast, on every beat from `offset` s. */
export function clickTrack(bpm: number, seconds: number, offset: number): Promise<Buffer> {
  const period = 60 / bpm;
  const sinceBeat = `mod(t-${offset}\\,${period})`;
  const expression = `if(gte(t\\,${offset})*lt(${sinceBeat}\\,0.02)\\,0.8*sin(2*PI*1000*t)*exp(-${sinceBeat}/0.004)\\,0)`;
  const ffmpeg = spawn('/usr/bin/ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `aevalsrc=${expression}:s=44100:d=${seconds}`],
    ...['-f', 'wav', 'pipe:1'],
  ]);
  const chunks: Buffer[] = [];
  ffmpeg.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) =>
    ffmpeg.once('close', (code) =>
      code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`ffmpeg exited with ${code}`)),
    ),
  );
}
