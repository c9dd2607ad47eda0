import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';

/**
 * One of the render page's files built as a script a spec adds to a Chromium page: its exports on
 * `window[name]`, as the page's own build would bundle them.
 */
export async function pageScript(file: string, name: string): Promise<string> {
  const built = (await build({
    configFile: false,
    logLevel: 'error',
    build: {
      write: false,
      minify: false,
      lib: {
        entry: fileURLToPath(new URL(`../page/${file}`, import.meta.url)),
        formats: ['iife'],
        name,
      },
    },
  })) as Rolldown.RolldownOutput[];
  return (built[0]!.output[0] as Rolldown.OutputChunk).code;
}
