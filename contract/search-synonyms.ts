import { z } from 'zod';
import { idSchema } from './common.js';
import {
  MAX_SYNONYM_GROUPS,
  MAX_SYNONYM_WORD_LENGTH,
  MAX_SYNONYM_WORDS,
  MIN_SYNONYM_WORDS,
} from './rules/search-synonyms.js';

/**
 * Synonym groups: words that catalogue search reads as one (`disk` also finds disc and rotor). The
 * shop keeps them on Search Synonyms (`GET/POST /api/admin/search-synonyms`, decision 0040).
 */

// The limits without zod (rules/), for the refusals every page may show (errors.ts).
export { MAX_SYNONYM_GROUPS, MAX_SYNONYM_WORD_LENGTH, MAX_SYNONYM_WORDS, MIN_SYNONYM_WORDS };

export const synonymMessages = {
  notAList: 'words must be a list of words',
  tooFew: `A group needs at least ${MIN_SYNONYM_WORDS} words`,
  tooMany: `A group can have at most ${MAX_SYNONYM_WORDS} words`,
  notOneWord: 'Each word is letters and digits only, one word each (disc, rotor)',
  tooLong: `A word can be at most ${MAX_SYNONYM_WORD_LENGTH} characters`,
  twice: 'A word is listed twice',
} as const;

/** A word as search reads what a shopper types (query-reader's queryWords): NFKC, lowercased. */
export const synonymWord = (word: string) => word.normalize('NFKC').toLowerCase().trim();

const ONE_WORD = /^[\p{L}\p{N}]+$/u;

/** The words of a group, lowercased, checked as a whole so that every message is about `words`. */
export const synonymWordsSchema = z
  .array(z.string({ error: synonymMessages.notOneWord }).transform(synonymWord), { error: synonymMessages.notAList })
  .min(MIN_SYNONYM_WORDS, { error: synonymMessages.tooFew })
  .max(MAX_SYNONYM_WORDS, { error: synonymMessages.tooMany })
  .refine((words) => words.every((word) => ONE_WORD.test(word)), { error: synonymMessages.notOneWord })
  .refine((words) => words.every((word) => word.length <= MAX_SYNONYM_WORD_LENGTH), {
    error: synonymMessages.tooLong,
  })
  .refine((words) => new Set(words).size === words.length, { error: synonymMessages.twice });

/** `POST /api/admin/search-synonyms`. */
export const synonymGroupInputSchema = z.object({ words: synonymWordsSchema });
export type SynonymGroupInput = z.input<typeof synonymGroupInputSchema>;

/** Add a group's form: the words in one field, separated by commas or spaces. */
export const synonymGroupFormSchema = z.object({
  words: z
    .string()
    .transform((text) => text.split(/[\s,;]+/u).filter((word) => word.length > 0))
    .pipe(synonymWordsSchema),
});
export type SynonymGroupForm = z.input<typeof synonymGroupFormSchema>;

export const synonymGroupSchema = z.object({
  _id: idSchema,
  /** Lowercased, in code-point order. */
  words: z.array(z.string()),
});
export type SynonymGroup = z.infer<typeof synonymGroupSchema>;

/** `GET /api/admin/search-synonyms`: every group, in the order of their words. */
export const synonymGroupsSchema = z.object({ items: z.array(synonymGroupSchema) });
export type SynonymGroups = z.infer<typeof synonymGroupsSchema>;
