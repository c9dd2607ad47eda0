/**
 * The landing page's sample "photos": painted scenes (SVG rasterised by sharp), so the demo clips
 * need no photo from outside the repository. Each scene is a 1920×1080 picture in flat, warm
 * layers — sky, sun, hills or water, a few figures — with a soft vignette and a little grain, so
 * it reads as a photograph on a small screen without being one.
 */
import sharp from 'sharp';

export const SCENE_WIDTH = 1920;
export const SCENE_HEIGHT = 1080;
const W = SCENE_WIDTH;
const H = SCENE_HEIGHT;

/** A deterministic random stream: the same scenes (and so the same clips) on every run. */
function randomStream(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

function skyGradient(id: string, stops: readonly string[]): string {
  const step = 1 / (stops.length - 1);
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
    .map((color, i) => `<stop offset="${(i * step).toFixed(3)}" stop-color="${color}"/>`)
    .join('')}</linearGradient>`;
}

/** A rolling hill line from `y` across the frame, closed along the bottom. */
function hill(y: number, amplitude: number, waves: number, phase: number, fill: string): string {
  const points: string[] = [];
  for (let x = 0; x <= W; x += 40) {
    const t = (x / W) * Math.PI * 2 * waves + phase;
    points.push(
      `${x},${(y + Math.sin(t) * amplitude + Math.sin(t * 2.3 + 1) * amplitude * 0.35).toFixed(1)}`,
    );
  }
  return `<path d="M0,${H} L${points.join(' L')} L${W},${H} Z" fill="${fill}"/>`;
}

function sun(cx: number, cy: number, r: number, color: string, glow: string): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r * 3.2}" fill="${glow}" opacity="0.35" filter="url(#blur-xl)"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 1.6}" fill="${glow}" opacity="0.5" filter="url(#blur-l)"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>`;
}

function clouds(random: () => number, count: number, color: string, top: number, bottom: number): string {
  return Array.from({ length: count }, () => {
    const x = random() * W;
    const y = top + random() * (bottom - top);
    const w = 180 + random() * 260;
    return `<g opacity="${(0.35 + random() * 0.35).toFixed(2)}" filter="url(#blur-s)" fill="${color}">
      <ellipse cx="${x}" cy="${y}" rx="${w}" ry="${w * 0.16}"/>
      <ellipse cx="${x + w * 0.3}" cy="${y - w * 0.08}" rx="${w * 0.45}" ry="${w * 0.16}"/></g>`;
  }).join('');
}

/** Soft out-of-focus lights, as a party or a string of lights looks behind a subject. */
function bokeh(random: () => number, count: number, colors: readonly string[], top: number, bottom: number) {
  return Array.from({ length: count }, () => {
    const r = 14 + random() * 46;
    const color = colors[Math.floor(random() * colors.length)];
    return `<circle cx="${random() * W}" cy="${top + random() * (bottom - top)}" r="${r}" fill="${color}" opacity="${(0.25 + random() * 0.45).toFixed(2)}" filter="url(#blur-s)"/>`;
  }).join('');
}

/** A standing figure seen from behind, `h` tall with its feet at (x, y); `dress` gives a skirt. */
function person(x: number, y: number, h: number, fill: string, dress = false): string {
  const s = h / 100;
  const body = dress
    ? `M${x - 9 * s},${y - 78 * s} Q${x},${y - 84 * s} ${x + 9 * s},${y - 78 * s} L${x + 17 * s},${y - 34 * s} L${x - 17 * s},${y - 34 * s} Z`
    : `M${x - 11 * s},${y - 78 * s} Q${x},${y - 84 * s} ${x + 11 * s},${y - 78 * s} L${x + 10 * s},${y - 44 * s} L${x - 10 * s},${y - 44 * s} Z`;
  return `<g fill="${fill}">
    <circle cx="${x}" cy="${y - 90 * s}" r="${9 * s}"/>
    <path d="${body}"/>
    <rect x="${x - 8 * s}" y="${y - 46 * s}" width="${6 * s}" height="${46 * s}" rx="${3 * s}"/>
    <rect x="${x + 2 * s}" y="${y - 46 * s}" width="${6 * s}" height="${46 * s}" rx="${3 * s}"/>
  </g>`;
}

/** Two figures side by side, hands joined between them. */
function couple(x: number, y: number, h: number, fill: string): string {
  const s = h / 100;
  return `${person(x - 16 * s, y, h, fill)}${person(x + 16 * s, y, h * 0.94, fill, true)}
    <path d="M${x - 6 * s},${y - 74 * s} Q${x},${y - 50 * s} ${x + 7 * s},${y - 70 * s}" stroke="${fill}" stroke-width="${5 * s}" fill="none" stroke-linecap="round"/>`;
}

/** A dog in profile facing right, `h` tall (to the ear tips) with its paws at (x, y). */
function dog(x: number, y: number, h: number, fill: string, sitting = false): string {
  const s = h / 100;
  const p = (dx: number, dy: number) => `${(x + dx * s).toFixed(1)},${(y - dy * s).toFixed(1)}`;
  if (sitting) {
    return `<g fill="${fill}">
      <path d="M${p(-30, 0)} Q${p(-42, 40)} ${p(-14, 62)} L${p(10, 70)} Q${p(20, 50)} ${p(14, 0)} Z"/>
      <circle cx="${x + 14 * s}" cy="${y - 78 * s}" r="${15 * s}"/>
      <path d="M${p(22, 84)} L${p(42, 74)} Q${p(46, 68)} ${p(38, 66)} L${p(20, 66)} Z"/>
      <path d="M${p(4, 86)} Q${p(-4, 100)} ${p(2, 100)} Q${p(12, 92)} ${p(12, 84)} Z"/>
      <path d="M${p(-30, 4)} Q${p(-56, 4)} ${p(-58, 24)}" stroke="${fill}" stroke-width="${6 * s}" fill="none" stroke-linecap="round"/>
    </g>`;
  }
  return `<g fill="${fill}">
    <path d="M${p(-44, 30)} Q${p(-46, 56)} ${p(-20, 58)} L${p(22, 60)} Q${p(40, 58)} ${p(40, 40)} L${p(36, 30)} Q${p(0, 24)} ${p(-44, 30)} Z"/>
    <circle cx="${x + 44 * s}" cy="${y - 70 * s}" r="${15 * s}"/>
    <path d="M${p(52, 78)} L${p(74, 66)} Q${p(78, 58)} ${p(68, 57)} L${p(48, 58)} Z"/>
    <path d="M${p(34, 82)} Q${p(28, 100)} ${p(36, 98)} Q${p(44, 90)} ${p(42, 80)} Z"/>
    <path d="M${p(30, 52)} L${p(44, 66)} L${p(52, 56)} L${p(38, 44)} Z"/>
    <rect x="${x - 40 * s}" y="${y - 34 * s}" width="${9 * s}" height="${34 * s}" rx="${4 * s}"/>
    <rect x="${x - 26 * s}" y="${y - 34 * s}" width="${9 * s}" height="${34 * s}" rx="${4 * s}" transform="rotate(12 ${x - 22 * s} ${y - 34 * s})"/>
    <rect x="${x + 22 * s}" y="${y - 34 * s}" width="${9 * s}" height="${34 * s}" rx="${4 * s}" transform="rotate(-14 ${x + 26 * s} ${y - 34 * s})"/>
    <rect x="${x + 32 * s}" y="${y - 34 * s}" width="${9 * s}" height="${34 * s}" rx="${4 * s}"/>
    <path d="M${p(-42, 48)} Q${p(-66, 62)} ${p(-70, 80)}" stroke="${fill}" stroke-width="${7 * s}" fill="none" stroke-linecap="round"/>
  </g>`;
}

function tree(x: number, y: number, h: number, trunk: string, crown: string): string {
  const s = h / 100;
  return `<rect x="${x - 4 * s}" y="${y - 46 * s}" width="${8 * s}" height="${46 * s}" fill="${trunk}"/>
    <circle cx="${x}" cy="${y - 62 * s}" r="${30 * s}" fill="${crown}"/>
    <circle cx="${x - 22 * s}" cy="${y - 50 * s}" r="${20 * s}" fill="${crown}"/>
    <circle cx="${x + 22 * s}" cy="${y - 52 * s}" r="${22 * s}" fill="${crown}"/>`;
}

function balloon(x: number, y: number, r: number, color: string): string {
  return `<path d="M${x},${y + r * 1.2} q${-r * 0.4},${r * 1.4} ${r * 0.2},${r * 3}" stroke="#ffffff" stroke-opacity="0.6" stroke-width="3" fill="none"/>
    <ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * 1.2}" fill="${color}"/>
    <ellipse cx="${x - r * 0.35}" cy="${y - r * 0.45}" rx="${r * 0.22}" ry="${r * 0.32}" fill="#ffffff" opacity="0.45"/>`;
}

function flower(x: number, y: number, r: number, petal: string, heart: string, stem: string, stemLength = H) {
  const petals = Array.from({ length: 6 }, (_, i) => {
    const a = (i / 6) * Math.PI * 2;
    return `<ellipse cx="${x + Math.cos(a) * r}" cy="${y + Math.sin(a) * r}" rx="${r * 0.8}" ry="${r * 0.55}" transform="rotate(${(a * 180) / Math.PI} ${x + Math.cos(a) * r} ${y + Math.sin(a) * r})" fill="${petal}"/>`;
  }).join('');
  return `<path d="M${x},${y} q${r * 0.6},${r * 4} 0,${stemLength}" stroke="${stem}" stroke-width="${r * 0.3}" fill="none"/>${petals}<circle cx="${x}" cy="${y}" r="${r * 0.55}" fill="${heart}"/>`;
}

/** What every scene shares: blurs, a vignette and film grain laid over it. */
async function paint(defs: string, layers: string, seed: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <defs>${defs}
      <filter id="blur-s" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="10"/></filter>
      <filter id="blur-l" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="40"/></filter>
      <filter id="blur-xl" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="90"/></filter>
      <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75">
        <stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.38"/>
      </radialGradient>
    </defs>${layers}<rect width="${W}" height="${H}" fill="url(#vignette)"/></svg>`;
  const grain = await sharp({
    create: {
      width: W,
      height: H,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 6 + (seed % 3) },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

type Scene = () => Promise<Buffer>;

/** Ruth & David: fifty years of walks, benches and evenings by the water. */
const anniversary: Scene[] = [
  async () => {
    const random = randomStream(11);
    return paint(
      skyGradient('sky', ['#5b6fa8', '#c98aa0', '#f4b183', '#fbd6a0']),
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>${clouds(random, 7, '#ffe2cc', 120, 420)}
      ${sun(1180, 650, 70, '#fff1cf', '#ffc58a')}
      <rect y="660" width="${W}" height="${H - 660}" fill="#5d6f9c"/>
      <rect x="1060" y="665" width="240" height="6" fill="#ffe0b0" opacity="0.7"/><rect x="1100" y="690" width="160" height="5" fill="#ffe0b0" opacity="0.55"/>
      <rect x="1130" y="720" width="100" height="4" fill="#ffe0b0" opacity="0.4"/>
      ${hill(830, 18, 0.6, 1, '#d9a27a')}${hill(900, 14, 0.8, 2, '#c48a66')}
      ${couple(760, 940, 260, '#2c2230')}`,
      1,
    );
  },
  async () => {
    const random = randomStream(23);
    const leaves = Array.from(
      { length: 50 },
      () =>
        `<ellipse cx="${random() * W}" cy="${random() * 900}" rx="9" ry="5" fill="${['#e07a3f', '#f2b544', '#c4502e'][Math.floor(random() * 3)]}" transform="rotate(${random() * 180})" opacity="0.85"/>`,
    ).join('');
    return paint(
      skyGradient('sky', ['#f6d7a7', '#f3c08a', '#e8a66f']),
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>${sun(1500, 280, 60, '#fff4d6', '#ffd9a0')}
      ${hill(640, 30, 0.7, 0.4, '#d98f52')}${hill(760, 24, 1.1, 2.2, '#b9673a')}${hill(880, 16, 0.5, 4, '#8f4a2c')}
      ${tree(520, 900, 620, '#4a2b22', '#c8552d')}${tree(1540, 880, 380, '#4a2b22', '#e08a3c')}
      <rect x="820" y="835" width="300" height="16" rx="6" fill="#3b2522"/><rect x="820" y="790" width="300" height="12" rx="5" fill="#3b2522"/>
      <rect x="840" y="845" width="12" height="60" fill="#3b2522"/><rect x="1090" y="845" width="12" height="60" fill="#3b2522"/>
      <g fill="#2c1d22"><circle cx="930" cy="745" r="22"/><path d="M900,840 Q905,770 930,768 Q955,770 962,840 Z"/>
      <circle cx="1010" cy="750" r="21"/><path d="M980,840 Q985,775 1010,772 Q1035,775 1044,840 Z"/></g>
      ${leaves}`,
      2,
    );
  },
  async () => {
    const random = randomStream(37);
    const lanterns = Array.from({ length: 16 }, () => {
      const x = 200 + random() * 1500;
      const y = 120 + random() * 440;
      const r = 10 + random() * 16;
      return `<circle cx="${x}" cy="${y}" r="${r * 3}" fill="#ffb35c" opacity="0.25" filter="url(#blur-s)"/><rect x="${x - r * 0.6}" y="${y - r}" width="${r * 1.2}" height="${r * 1.6}" rx="${r * 0.3}" fill="#ffd48a"/>`;
    }).join('');
    return paint(
      skyGradient('sky', ['#1d2346', '#3e3a6b', '#8a5a7d', '#e08f6e']),
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>${clouds(random, 4, '#a77a9c', 260, 520)}
      ${hill(600, 40, 0.5, 3, '#2b2c50')}<rect y="640" width="${W}" height="${H - 640}" fill="#27305a"/>
      ${lanterns}
      <rect x="1100" y="800" width="820" height="26" fill="#1b1726"/><rect x="1180" y="826" width="14" height="120" fill="#1b1726"/><rect x="1560" y="826" width="14" height="120" fill="#1b1726"/>
      ${couple(1420, 802, 190, '#15111d')}`,
      3,
    );
  },
];

/** Maya's 40th: balloons, the cake, sparklers. */
const birthday: Scene[] = [
  async () => {
    const random = randomStream(41);
    const colors = ['#f07a8c', '#f6c445', '#6cc3c8', '#a58be0', '#f39a5b'];
    const balloons = Array.from({ length: 14 }, (_, i) =>
      balloon(
        180 + i * 118 + random() * 50,
        220 + random() * 380,
        52 + random() * 30,
        colors[i % colors.length]!,
      ),
    ).join('');
    const flags = Array.from({ length: 18 }, (_, i) => {
      const x = i * 110;
      const y = 70 + Math.sin((i / 17) * Math.PI) * 60;
      return `<path d="M${x},${y} L${x + 90},${y + 8} L${x + 42},${y + 80} Z" fill="${colors[(i + 2) % colors.length]}"/>`;
    }).join('');
    return paint(
      skyGradient('sky', ['#7fc3ec', '#b9def3', '#fde8d8']),
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>${clouds(random, 6, '#ffffff', 140, 480)}
      <path d="M0,70 Q960,190 ${W},70" stroke="#ffffff" stroke-width="4" fill="none"/>${flags}
      ${hill(860, 26, 0.8, 1.5, '#8cc97a')}${hill(930, 18, 1.2, 0.4, '#6fb062')}${balloons}`,
      4,
    );
  },
  async () => {
    const random = randomStream(53);
    const candles = Array.from({ length: 7 }, (_, i) => {
      const x = 760 + i * 66;
      return `<rect x="${x}" y="500" width="16" height="80" rx="4" fill="${['#f4a3b4', '#9fd3e6', '#f7d77a'][i % 3]}"/>
        <ellipse cx="${x + 8}" cy="486" rx="24" ry="34" fill="#ffcf6b" opacity="0.45" filter="url(#blur-s)"/>
        <ellipse cx="${x + 8}" cy="482" rx="8" ry="16" fill="#fff1b8"/>`;
    }).join('');
    return paint(
      skyGradient('room', ['#3a2233', '#6b3346', '#9c5a4f']),
      `<rect width="${W}" height="${H}" fill="url(#room)"/>
      ${bokeh(random, 40, ['#ffd27a', '#ff9f7a', '#ffe9b8', '#f6a6c1'], 40, 560)}
      <rect y="820" width="${W}" height="${H - 820}" fill="#f3e1cf"/><rect y="820" width="${W}" height="10" fill="#dcc3ad"/>
      <ellipse cx="960" cy="840" rx="420" ry="40" fill="#d9c1aa"/>
      <rect x="640" y="580" width="640" height="250" rx="24" fill="#fbeef0"/>
      <path d="M640,620 Q700,680 760,620 T880,620 T1000,620 T1120,620 T1240,620 L1280,620 L1280,600 L640,600 Z" fill="#f28fab"/>
      <rect x="640" y="740" width="640" height="18" fill="#f6c1cf"/>
      ${candles}`,
      5,
    );
  },
  async () => {
    const random = randomStream(67);
    const bursts = [
      [520, 300, '#ffcf70'],
      [1380, 250, '#f48fb1'],
      [980, 160, '#8fd3ff'],
    ]
      .map(([cx, cy, color]) =>
        Array.from({ length: 28 }, (_, i) => {
          const a = (i / 28) * Math.PI * 2;
          const r = 150 + random() * 40;
          return `<line x1="${Number(cx) + Math.cos(a) * 30}" y1="${Number(cy) + Math.sin(a) * 30}" x2="${Number(cx) + Math.cos(a) * r}" y2="${Number(cy) + Math.sin(a) * r}" stroke="${color}" stroke-width="5" stroke-linecap="round" opacity="0.9"/>`;
        }).join(''),
      )
      .join('');
    const confetti = Array.from(
      { length: 140 },
      () =>
        `<rect x="${random() * W}" y="${random() * H}" width="14" height="8" fill="${['#ffcf70', '#f48fb1', '#8fd3ff', '#b39ddb'][Math.floor(random() * 4)]}" transform="rotate(${random() * 180})" opacity="0.8"/>`,
    ).join('');
    return paint(
      skyGradient('sky', ['#0f1535', '#26245a', '#4a2f6b']),
      `<rect width="${W}" height="${H}" fill="url(#sky)"/><g filter="url(#blur-s)" opacity="0.6">${bursts}</g>${bursts}
      ${hill(880, 30, 0.6, 2, '#1a1838')}${confetti}
      ${person(760, 1000, 300, '#0c0a1c', true)}${person(1120, 1000, 320, '#0c0a1c')}
      <path d="M800,730 L860,600" stroke="#0c0a1c" stroke-width="10" stroke-linecap="round"/>
      <circle cx="860" cy="596" r="36" fill="#ffe7a0" opacity="0.6" filter="url(#blur-s)"/><circle cx="860" cy="596" r="8" fill="#fff6d8"/>`,
      6,
    );
  },
];

/** Margaret: her garden, the lake she loved, a light left on. */
const memorial: Scene[] = [
  async () => {
    const random = randomStream(71);
    const flowers = Array.from({ length: 22 }, () =>
      flower(
        random() * W,
        700 + random() * 320,
        18 + random() * 22,
        ['#f3c6d3', '#ffffff', '#f7dca0', '#d7c3ef'][Math.floor(random() * 4)]!,
        '#f2b544',
        '#5f8f4e',
      ),
    ).join('');
    return paint(
      skyGradient('sky', ['#a9cbe6', '#d9e7ef', '#f6efe2']),
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>${sun(1560, 200, 80, '#fffbe8', '#fff0c2')}${clouds(random, 5, '#ffffff', 120, 420)}
      ${hill(560, 30, 0.6, 0.5, '#a9c79a')}${hill(650, 22, 0.9, 2, '#8bb27c')}
      <rect x="300" y="470" width="260" height="190" fill="#efe4d3"/><path d="M280,480 L430,380 L580,480 Z" fill="#a6675a"/>
      <rect x="400" y="560" width="60" height="100" fill="#7a5a4a"/><rect x="330" y="520" width="50" height="50" fill="#f6d98a"/>
      ${hill(720, 14, 1.4, 1, '#6f9d5f')}${flowers}`,
      7,
    );
  },
  async () => {
    const random = randomStream(83);
    return paint(
      skyGradient('sky', ['#f3c9a8', '#f6dcc2', '#e8e4dc']),
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>${sun(760, 420, 64, '#fff6e0', '#ffd8b0')}
      ${hill(430, 70, 0.7, 2.6, '#b8a6b8')}<g opacity="0.5" filter="url(#blur-s)">${hill(500, 40, 1, 0.8, '#f4e6e0')}</g>
      ${hill(520, 50, 0.9, 1.2, '#8d8aa6')}
      <rect y="600" width="${W}" height="${H - 600}" fill="#c8c6d6"/>
      <rect x="640" y="610" width="240" height="6" fill="#fff0d8" opacity="0.8"/><rect x="680" y="640" width="160" height="5" fill="#fff0d8" opacity="0.6"/>
      ${clouds(random, 3, '#ffffff', 560, 640)}
      <path d="M1160,790 L1420,790 L1390,830 L1190,830 Z" fill="#4d3f4f"/><rect x="1286" y="640" width="6" height="150" fill="#4d3f4f"/>
      <path d="M1292,650 L1292,780 L1380,780 Z" fill="#efe6dc"/>
      ${hill(960, 20, 0.6, 3, '#6e6a80')}`,
      8,
    );
  },
  async () => {
    const random = randomStream(97);
    return paint(
      skyGradient('room', ['#2a2230', '#4d3a3f', '#7c5a4c']),
      `<rect width="${W}" height="${H}" fill="url(#room)"/>
      ${bokeh(random, 26, ['#ffd9a0', '#ffc27a', '#fff0cc'], 60, 640)}
      <rect x="1200" y="150" width="420" height="520" rx="8" fill="#3a2c2e"/><rect x="1230" y="180" width="360" height="460" fill="#d9c2a3"/>
      <circle cx="1410" cy="360" r="80" fill="#b08c70"/><path d="M1290,640 Q1410,430 1530,640 Z" fill="#b08c70"/>
      <rect y="760" width="${W}" height="${H - 760}" fill="#5a4034"/>
      <ellipse cx="760" cy="560" rx="150" ry="210" fill="#ffcf7a" opacity="0.35" filter="url(#blur-l)"/>
      <rect x="700" y="560" width="120" height="220" rx="12" fill="#f3ead8"/>
      <ellipse cx="760" cy="520" rx="22" ry="44" fill="#ffd98a" opacity="0.7" filter="url(#blur-s)"/><ellipse cx="760" cy="525" rx="12" ry="28" fill="#fff4cf"/>
      ${flower(460, 640, 30, '#f5f0ea', '#f2c36b', '#4f6e45', 90)}${flower(540, 610, 26, '#f3c6d3', '#f2c36b', '#4f6e45', 120)}${flower(400, 600, 24, '#f5f0ea', '#f2c36b', '#4f6e45', 130)}
      <rect x="380" y="720" width="200" height="60" rx="10" fill="#8a6a58"/>`,
      9,
    );
  },
];

/** Biscuit: the meadow, the hill at sunset, the beach. */
const pet: Scene[] = [
  async () => {
    const random = randomStream(101);
    const grass = Array.from(
      { length: 160 },
      () =>
        `<path d="M${random() * W},${H} q${-10 + random() * 20},${-40 - random() * 80} ${-20 + random() * 40},${-60 - random() * 120}" stroke="#4f8a3c" stroke-width="4" fill="none" opacity="0.7"/>`,
    ).join('');
    return paint(
      skyGradient('sky', ['#6fb6e8', '#a9d6f2', '#e7f3f6']),
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>${sun(300, 180, 70, '#fffbe6', '#fff0b8')}${clouds(random, 7, '#ffffff', 100, 420)}
      ${hill(600, 40, 0.5, 1.8, '#9fcf7a')}${hill(720, 30, 0.8, 0.6, '#7dbb5e')}${tree(1600, 720, 300, '#5a3d2b', '#4f8f45')}
      ${hill(860, 18, 1, 2.6, '#6aa84f')}
      ${dog(900, 900, 300, '#7a4a2a')}<circle cx="1260" cy="880" r="24" fill="#e85d4a"/><path d="M1240,872 Q1260,860 1282,874" stroke="#fff" stroke-width="4" fill="none"/>
      ${grass}`,
      10,
    );
  },
  async () => {
    const random = randomStream(113);
    return paint(
      skyGradient('sky', ['#40508e', '#b7739a', '#f6a46b', '#fcd38c']),
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>${clouds(random, 6, '#ffd2b5', 160, 460)}
      ${sun(1300, 600, 90, '#fff0c4', '#ffb86b')}
      ${hill(640, 40, 0.6, 0.2, '#8a5a7a')}${hill(720, 30, 0.9, 2.2, '#6b4464')}
      <path d="M0,${H} L0,860 Q600,700 1100,840 Q1500,940 ${W},900 L${W},${H} Z" fill="#3b2740"/>
      ${dog(760, 800, 260, '#24182a', true)}`,
      11,
    );
  },
  async () => {
    const random = randomStream(127);
    const prints = Array.from({ length: 9 }, (_, i) => {
      const x = 300 + i * 140;
      const y = 980 - i * 22 + (i % 2) * 30;
      return `<g fill="#c9a27a" opacity="0.8"><ellipse cx="${x}" cy="${y}" rx="16" ry="12"/><circle cx="${x - 14}" cy="${y - 18}" r="6"/><circle cx="${x}" cy="${y - 22}" r="6"/><circle cx="${x + 14}" cy="${y - 18}" r="6"/></g>`;
    }).join('');
    return paint(
      skyGradient('sky', ['#8cc7ea', '#cfe8f3', '#f7efe0']),
      `<rect width="${W}" height="${H}" fill="url(#sky)"/>${clouds(random, 6, '#ffffff', 100, 380)}${sun(1500, 170, 60, '#fffbe8', '#fff2c8')}
      <rect y="520" width="${W}" height="240" fill="#4a9fc4"/><rect y="560" width="${W}" height="200" fill="#5fb3d3" opacity="0.6"/>
      <path d="M0,760 Q240,720 480,760 T960,760 T1440,760 T1920,760 L1920,800 L0,800 Z" fill="#ffffff" opacity="0.85"/>
      <rect y="790" width="${W}" height="${H - 790}" fill="#ead3ae"/>${prints}
      ${dog(1380, 820, 240, '#c98a4a')}`,
      12,
    );
  },
];

export const SCENES = { anniversary, birthday, memorial, pet } as const;
export type SceneSet = keyof typeof SCENES;
