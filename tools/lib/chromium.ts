/** Debian's Chromium, as the browser tests, Lighthouse and the bench launch it (never a downloaded one). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** No sandbox (containers), no GPU, and nothing that would reach the network on its own. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
