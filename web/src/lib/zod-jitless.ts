/**
 * Zod probes for `new Function` when it makes its first object schema, unless told it may not
 * (`jitless`); the store's CSP forbids eval, and the browser reports even the caught probe as a
 * violation (Lighthouse's best practices). Pages that parse with zod without a form (the cart: a
 * line's quantity) make their schemas before `lib/zod-resolver.ts` could say so, so the setting goes
 * where zod reads it first, before any of its code has run: zod keeps its settings in this global
 * (core.js: `globalThis.__zod_globalConfig ??= {}`). Written here, the first download carries no zod.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {}; // a module (imported for its effect), not a script
