/**
 * Zod compiles object parsers with `new Function` unless told not to, and probes for it first. The
 * page's Content-Security-Policy has no 'unsafe-eval' (script-src 'self'), and Chromium reports even
 * the caught probe as a violation (Lighthouse's best practices, the Issues panel). This module runs
 * right after the first-paint script, before any schema is made, and sets zod's `jitless` through the
 * global object zod keeps its configuration in (what `z.config()` writes), so the first page's
 * JavaScript does not carry zod itself.
 */
type ZodGlobal = { __zod_globalConfig?: Record<string, unknown> };
const zodGlobal = globalThis as ZodGlobal;
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
