import type { SynonymGroup } from '../../../contract/index.js';
import { AppError, fieldRefusal } from '../../http/errors.js';
import type { Lexicon } from '../query-reader.js';
import type { SynonymRepository } from './repository.js';

/**
 * What a synonym group must be beyond its form (the contract's schema): words that search can hold
 * as one lexeme each (not a stop word), two different lexemes at least (`pad` and `pads` are one
 * already), and not a group the shop has.
 */
export function createSynonymService({ groups, stem }: { groups: SynonymRepository; stem: Lexicon['lexemes'] }) {
  return {
    list: () => groups.list(),

    async add(words: readonly string[]): Promise<SynonymGroup> {
      const stems = await stem(words);
      const lexemes = new Set<string>();
      for (const word of words) {
        const own = stems.get(word) ?? [];
        if (own.length === 0) {
          throw fieldRefusal('validationFailed', 'words', `"${word}" is too common a word: search leaves it out`);
        }
        if (own.length > 1) {
          throw fieldRefusal('validationFailed', 'words', `"${word}" is read as several words by search`);
        }
        lexemes.add(own[0] as string);
      }
      if (lexemes.size < 2) {
        throw fieldRefusal(
          'validationFailed',
          'words',
          'These words are found as one already (search reads them alike)',
        );
      }
      const added = await groups.add(words);
      if (added === 'listed') throw fieldRefusal('synonymGroupListed', 'words', 'These words are already a group');
      if (added === 'full') throw new AppError('synonymGroupsFull');
      return added;
    },

    async remove(id: string): Promise<void> {
      if (!(await groups.remove(id))) throw new AppError('synonymGroupNotFound');
    },
  };
}

export type SynonymService = ReturnType<typeof createSynonymService>;
