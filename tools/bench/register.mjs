// Lets Node 20 run the TypeScript sources of the workspace directly (no build step): see ts-loader.mjs.
import { register } from 'node:module';

register('./ts-loader.mjs', import.meta.url);
