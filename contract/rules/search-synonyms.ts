/** The words of one synonym group, and how many groups the shop keeps (each search reads them from memory). */
export const MIN_SYNONYM_WORDS = 2;
export const MAX_SYNONYM_WORDS = 10;
export const MAX_SYNONYM_WORD_LENGTH = 40;
export const MAX_SYNONYM_GROUPS = 500;
