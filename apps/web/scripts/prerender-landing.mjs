// After `vite build`: writes the landing page's HTML into dist/prerendered/ (one file per prerendered
// path, served by the gateway's spa.ts) so its first paint needs no script, and puts the stored-theme
// script in every page's <head> so that paint already has the visitor's colours.
// See docs/decisions/0006-prerendered-landing-page.md.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, defaultServerConditions } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const configFile = join(root, 'vite.config.ts');
const ROOT_ELEMENT = '<div id="root"></div>';
const APP_SCRIPT_TAGS = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

/** Builds `entry` as one classic script (no module, so it can block rendering) under dist/assets. */
async function buildClassicScript(entry, name) {
  const output = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir: dist,
      emptyOutDir: false,
      copyPublicDir: false,
      rolldownOptions: {
        input: join(root, entry),
        output: { format: 'iife', entryFileNames: `assets/${name}-[hash].js` },
      },
    },
  });
  const [result] = Array.isArray(output) ? output : [output];
  return `/${result.output[0].fileName}`;
}

/** Builds src/prerender/render-landing-page.tsx for Node and imports it. */
async function loadRenderer(outDir) {
  await build({
    root,
    configFile,
    logLevel: 'warn',
    // Everything bundled, so the temporary output needs no node_modules of its own.
    ssr: { noExternal: true, resolve: { conditions: ['@memoreel/source', ...defaultServerConditions] } },
    build: {
      ssr: 'src/prerender/render-landing-page.tsx',
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: 'render-landing-page.mjs' } },
    },
  });
  return import(pathToFileURL(join(outDir, 'render-landing-page.mjs')).href);
}

/** `/` → index, `/faq` → faq: the page's file name (spa.ts reads it back) and its route file's. */
function pageName(path) {
  return path === '/' ? 'index' : path.slice(1);
}

/**
 * The JavaScript and CSS the route at `path` loads on top of the entry: its code-split component
 * (TanStack's `?tsr-split=component` chunk) and everything that imports statically.
 */
function routeAssets(manifest, path) {
  const key = `src/routes/${path === '/' ? 'index' : path.slice(1)}.tsx?tsr-split=component`;
  if (!manifest[key]) throw new Error(`No chunk for ${key} in the Vite manifest`);
  const shared = new Set(['index.html', ...(manifest['index.html']?.imports ?? [])]);
  const scripts = new Set();
  const styles = new Set();
  const visit = (chunkKey) => {
    const chunk = manifest[chunkKey];
    if (!chunk || shared.has(chunkKey) || scripts.has(`/${chunk.file}`)) return;
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { scripts: [...scripts], styles: [...styles] };
}

/** React renders the page's <title> with its markup; it belongs in <head>, ahead of the shell's own. */
function moveTitleToHead(head, markup) {
  const title = /<title>[^<]*<\/title>/.exec(markup)?.[0];
  if (!title) return { head, markup };
  return {
    // Marked so the app can drop it when React puts up its own copy.
    head: head.replace('<title>', `${title.replace('<title>', '<title data-prerendered="">')}\n    <title>`),
    markup: markup.replace(title, ''),
  };
}

/**
 * The shell with the app's scripts waiting in a template for start-app-after-first-paint.ts, the
 * route's chunks preloaded beside them and its stylesheets loaded with the page; `<body>` as built.
 */
function deferredAppShell(shell, assets, startScript) {
  const [head, body] = shell.split('</head>');
  const appScripts = [
    ...(head.match(APP_SCRIPT_TAGS) ?? []).map((tag) => tag.trim()),
    ...assets.scripts.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
  ];
  const routeStyles = assets.styles.map((file) => `<link rel="stylesheet" crossorigin href="${file}">`);
  return {
    head: [
      head.replace(APP_SCRIPT_TAGS, '').trimEnd(),
      ...routeStyles.map((tag) => `    ${tag}`),
      `    <template id="app-scripts">${appScripts.join('')}</template>`,
      `    <script defer src="${startScript}"></script>`,
    ].join('\n'),
    body,
  };
}

/** The section after the hero: parsed, the first screen is complete. */
const FIRST_SCREEN_ENDS_AT = 'features';

/**
 * A landing page around its prerendered `markup`: the route's stylesheets load with the page (the
 * demo previews animate from the first paint), and the app's scripts wait for the first paint.
 */
function prerenderedPage(shell, markup, assets, startScript) {
  const deferred = deferredAppShell(shell, assets, startScript);
  if (!markup.includes(`id="${FIRST_SCREEN_ENDS_AT}"`)) {
    throw new Error(`The landing page has no #${FIRST_SCREEN_ENDS_AT} to hold its first paint for`);
  }
  const page = moveTitleToHead(
    // Chrome may paint a document it has only half parsed: on a busy machine or a slow link the bar
    // was painted without its account buttons, which then pushed the links aside (a layout shift).
    // The first paint waits until the header and the hero are whole.
    `${deferred.head}\n    <link rel="expect" href="#${FIRST_SCREEN_ENDS_AT}" blocking="render">`,
    markup,
  );
  // Inert until the app takes over: a click on a button that has no handler yet would be lost.
  return `${page.head}\n  </head>${deferred.body.replace(ROOT_ELEMENT, `<div id="root" data-prerendered="" inert>${page.markup}</div>`)}`;
}

/**
 * The shell the gateway fills for /v/{id} with the share's first paint (apps/gateway/src/sharing/
 * shared-video-page.ts): like a landing page, the app's scripts wait for the first paint, so on a
 * phone the photo does not share the connection with them.
 */
function sharedVideoShell(shell, assets, startScript) {
  const deferred = deferredAppShell(shell, assets, startScript);
  return `${deferred.head}\n  </head>${deferred.body}`;
}

const beforePaintScript = await buildClassicScript('src/before-first-paint.ts', 'before-first-paint');
const startScript = await buildClassicScript(
  'src/prerender/start-app-after-first-paint.ts',
  'start-app-after-first-paint',
);
const builtShell = (await readFile(join(dist, 'index.html'), 'utf8'))
  // A second run over the same build replaces what the first one added.
  .replace(/\s*<script src="\/assets\/before-first-paint-[^"]*"><\/script>/g, '');
if (!builtShell.includes(ROOT_ELEMENT)) throw new Error(`dist/index.html has no ${ROOT_ELEMENT}`);
// Before the stylesheet and the app: a classic script in <head> runs before the first paint.
const shell = builtShell.replace(
  /(\s*)<script type="module"/,
  `$1<script src="${beforePaintScript}"></script>$&`,
);
await writeFile(join(dist, 'index.html'), shell);

const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'));
const serverBuild = await mkdtemp(join(tmpdir(), 'memoreel-prerender-'));
try {
  const { PRERENDERED_PATHS, renderLandingPage } = await loadRenderer(serverBuild);
  await rm(join(dist, 'prerendered'), { recursive: true, force: true });
  await mkdir(join(dist, 'prerendered'));
  for (const path of PRERENDERED_PATHS) {
    const html = prerenderedPage(
      shell,
      await renderLandingPage(path),
      routeAssets(manifest, path),
      startScript,
    );
    await writeFile(join(dist, 'prerendered', `${pageName(path)}.html`), html);
  }
  await mkdir(join(dist, 'shells'), { recursive: true });
  await writeFile(
    join(dist, 'shells', 'shared-video.html'),
    sharedVideoShell(shell, routeAssets(manifest, '/v/$videoId'), startScript),
  );
  console.log(
    `Prerendered ${PRERENDERED_PATHS.join(', ')} into dist/prerendered/, the /v shell into dist/shells/`,
  );
} finally {
  await rm(serverBuild, { recursive: true, force: true });
}
