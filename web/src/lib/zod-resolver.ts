import { zodResolver } from '@hookform/resolvers/zod';
import { config } from 'zod';

/**
 * Zod compiles its object parsers with `new Function` when it may; the store's CSP allows no eval,
 * and even zod's probe for it is reported as a violation (Lighthouse's best practices). Forms parse
 * a handful of fields: the interpreted parser is all they need.
 */
config({ jitless: true });

export { zodResolver };
