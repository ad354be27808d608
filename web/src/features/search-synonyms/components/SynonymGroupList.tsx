import { useState } from 'react';
import { MAX_SYNONYM_GROUPS } from '@contract/search-synonyms';
import { EmptyState } from '../../../components/EmptyState';
import { FetchError } from '../../../components/FetchError';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { Cell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { useRemoveSynonymGroup, useSynonymGroups } from '../api';
import { AddSynonymGroupForm } from './AddSynonymGroupForm';

/** What the last add or remove did, or why the server refused a remove. */
type Note = { kind: 'done' | 'refused'; text: string };

const wordsOf = (words: readonly string[]) => words.join(', ');

/**
 * Search Synonyms: the groups of words catalogue search reads as one (a rider's `disk` finds the
 * parts that say disc), each to remove, and a form to add one. A change holds from the next search.
 */
export function SynonymGroupList() {
  const groups = useSynonymGroups();
  const remove = useRemoveSynonymGroup();
  const [note, setNote] = useState<Note>();

  if (groups.isPending) return <LoadingSpinner />;
  if (groups.isError) {
    return <FetchError what="the synonyms" error={groups.error} onRetry={() => void groups.refetch()} />;
  }
  const { items } = groups.data;
  return (
    <>
      <p>
        A shopper who searches any word of a group also finds the parts that say another. Plurals and other forms of a
        word are found already (pads finds pad). The shop keeps up to {MAX_SYNONYM_GROUPS} groups.
      </p>
      {items.length === 0 ? (
        <EmptyState title="No synonyms yet." level={3}>
          Add a group below: search then reads its words as one.
        </EmptyState>
      ) : (
        <StackedTable
          className="align-middle"
          aria-label="Synonym groups"
          columns={['Words', { name: 'Actions', hidden: true }]}
        >
          {items.map((group) => (
            <StackedRow key={group._id}>
              <Cell label="Words">{wordsOf(group.words)}</Cell>
              <Cell className="text-end">
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  aria-label={`Remove ${wordsOf(group.words)}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(group._id, {
                      onSuccess: () => setNote({ kind: 'done', text: `Removed: ${wordsOf(group.words)}.` }),
                      onError: (error) => setNote({ kind: 'refused', text: error.message }),
                    })
                  }
                >
                  Remove
                </button>
              </Cell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
      <div className="mt-4">
        <AddSynonymGroupForm
          onAdded={(group) =>
            setNote({ kind: 'done', text: `Added: ${wordsOf(group.words)}. Search reads them as one.` })
          }
        />
      </div>
      <div aria-live="polite" className="mt-3">
        {note && <p className={`alert ${note.kind === 'done' ? 'alert-success' : 'alert-danger'} mb-0`}>{note.text}</p>}
      </div>
    </>
  );
}
