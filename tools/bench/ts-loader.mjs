// Module hooks: compile .ts with SWC (decorators and their metadata included, as Nest needs), and map
// the `.js` suffix of relative imports back to the `.ts` file that exists in source; a stylesheet
// import loads as an empty module.
import { readFile } from 'node:fs/promises';
import { transform } from '@swc/core';

const swcOptions = {
  module: { type: 'es6' },
  sourceMaps: 'inline',
  jsc: {
    target: 'es2023',
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
  },
};

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const fromTypeScript = context.parentURL?.endsWith('.ts') && /^\.{1,2}\/.*\.js$/.test(specifier);
    if (!fromTypeScript) throw error;
    return nextResolve(specifier.replace(/\.js$/, '.ts'), context);
  }
}

export async function load(url, context, nextLoad) {
  // A stylesheet (the video's typefaces) means something only in a page; in Node it is nothing.
  if (url.startsWith('file:') && url.endsWith('.css'))
    return { format: 'module', source: '', shortCircuit: true };
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const source = await readFile(new URL(url), 'utf8');
  const { code } = await transform(source, { ...swcOptions, filename: new URL(url).pathname });
  return { format: 'module', source: code, shortCircuit: true };
}
