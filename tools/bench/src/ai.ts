/**
 * The AI photo edits (decision 0017) on a 12 MP and a 1 MP photo, through the worker's own model
 * process (`ChildProcessEditing`, as standalone runs it): seconds per photo for background removal
 * and enhancement, cold (a new process: model load included) and warm (the same process again),
 * the model process's CPU seconds for each (all its threads: steadier than wall time on a shared
 * machine), its peak RSS (VmHWM), and, side by side, a baseline of the same photo through
 * sharp alone (decode, resize to the result's size, PNG encode) so a busy machine shows as a ratio.
 * Prints one JSON object; the machine's load average rides along.
 *
 *   npm run ai -w @memoreel/bench   (KINDS=enhance for one edit; SIZES=1mp for one photo)
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ChildProcessEditing, DEFAULT_BACKGROUND_MODEL } from '@memoreel/photo-edit-worker';
import sharp from 'sharp';

type Kind = 'remove-background' | 'enhance';
const SIZES = { '12mp': [4000, 3000], '1mp': [1155, 866] } as const;
type Size = keyof typeof SIZES;
const KINDS = (process.env.KINDS?.split(',') ?? ['remove-background', 'enhance']) as Kind[];
const SIZE_NAMES = (process.env.SIZES?.split(',') ?? Object.keys(SIZES)) as Size[];
const AIMS = { removeBackgroundSeconds12mp: 5, enhanceSeconds12mp: 15, peakRssMb: 1536 };
const LOADER = fileURLToPath(new URL('../register.mjs', import.meta.url));

/** A photo-like JPEG: a figure on a plain wall, with sensor-like noise (compresses as a real photo does). */
async function photo(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#dfe4e9"/>
    <ellipse cx="${width / 2}" cy="${height * 0.36}" rx="${width * 0.1}" ry="${height * 0.16}" fill="#a0644a"/>
    <rect x="${width * 0.33}" y="${height * 0.52}" width="${width * 0.34}" height="${height * 0.48}" rx="40" fill="#34495e"/>
  </svg>`;
  const noise = Buffer.alloc(width * height);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 7) * 104729) % 24;
  const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  for (let i = 0; i < base.length; i++)
    base[i] = Math.min(255, (base[i] as number) + (noise[Math.floor(i / 3)] as number));
  return sharp(base, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const seconds = (since: number) => Math.round((performance.now() - since) / 10) / 100;

/** The process's peak resident memory (VmHWM), in MB. */
function peakRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : null;
}

/** CPU seconds (user + system, every thread) the process has used so far: less load-dependent than wall time. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function baseline(input: Buffer, width: number, height: number): Promise<number> {
  const since = performance.now();
  await sharp(input).rotate().resize(width, height, { fit: 'fill' }).png({ compressionLevel: 6 }).toBuffer();
  return seconds(since);
}

const dir = await mkdtemp(join(tmpdir(), 'memoreel-ai-bench-'));
const results: Record<string, Record<string, unknown>> = {};
let peak = 0;
try {
  const inputs = new Map<Size, string>();
  for (const size of SIZE_NAMES) {
    const [width, height] = SIZES[size];
    const path = join(dir, `${size}.jpg`);
    await writeFile(path, await photo(width, height));
    inputs.set(size, path);
  }
  for (const kind of KINDS) {
    for (const size of SIZE_NAMES) {
      // A new model process per (edit, size): its first photo is cold, the second warm.
      const editing = new ChildProcessEditing({
        execArgv: ['--conditions=@memoreel/source', '--import', LOADER],
      });
      const input = inputs.get(size) as string;
      const output = join(dir, `${kind}-${size}.png`);
      try {
        let since = performance.now();
        const cold = await editing.edit(kind, input, output, () => {}, 'advanced');
        const coldSeconds = seconds(since);
        const coldCpu = cpuSeconds(editing.pid);
        since = performance.now();
        const warm = await editing.edit(kind, input, output, () => {}, 'advanced');
        const warmSeconds = seconds(since);
        const warmCpuSeconds = Math.round((cpuSeconds(editing.pid) - coldCpu) * 100) / 100;
        const rss = peakRssMb(editing.pid);
        peak = Math.max(peak, rss ?? 0);
        const base = await baseline(readFileSync(input), warm.width, warm.height);
        results[`${kind} ${size}`] = {
          coldSeconds,
          warmSeconds,
          warmInferenceSeconds: warm.inferenceMs / 1000,
          coldCpuSeconds: coldCpu,
          warmCpuSeconds,
          result: `${cold.width}x${cold.height}`,
          peakRssMb: rss,
          baselineSeconds: base,
          warmVsBaseline: Math.round((warmSeconds / base) * 10) / 10,
        };
        process.stderr.write(`${kind} ${size}: ${JSON.stringify(results[`${kind} ${size}`])}\n`);
      } finally {
        await editing.close();
      }
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
console.log(
  JSON.stringify(
    {
      bench: 'ai',
      machine: { cores: cpus().length, loadAverage: loadavg().map((l) => Math.round(l * 10) / 10) },
      settings: { backgroundModel: DEFAULT_BACKGROUND_MODEL },
      results,
      peakRssMb: peak,
      aims: AIMS,
    },
    null,
    2,
  ),
);
