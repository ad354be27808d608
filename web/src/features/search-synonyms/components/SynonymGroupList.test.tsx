import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { synonymMessages, type SynonymGroup } from '@contract/search-synonyms';
import { fakeApi, refusal } from '../../../test/fake-api';
import { jsonResponse, renderWithProviders, testUuid } from '../../../test/render';
import { SynonymGroupList } from './SynonymGroupList';

const group = (n: number, words: string[]): SynonymGroup => ({ _id: testUuid(n), words });

/** The list on a fake server: GET lists it, POST adds (409 for a group it has), DELETE removes. */
function synonymsApi(start: SynonymGroup[]) {
  let groups = [...start];
  return fakeApi({
    'GET /api/admin/search-synonyms': () => jsonResponse({ items: groups }),
    'POST /api/admin/search-synonyms': (_, body) => {
      const words = [...(body as { words: string[] }).words].sort();
      if (groups.some((known) => known.words.join() === words.join())) {
        return refusal(409, 'SYNONYM_GROUP_LISTED', 'These words are already a group', [
          { field: 'body.words', message: 'These words are already a group' },
        ]);
      }
      const added = group(90, words);
      groups = [...groups, added];
      return jsonResponse(added, { status: 201 });
    },
    [`DELETE /api/admin/search-synonyms/${testUuid(1)}`]: () => {
      groups = groups.filter((known) => known._id !== testUuid(1));
      return jsonResponse({ acknowledged: true });
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('Search Synonyms', () => {
  it('when it opens, then each group is listed with its words and a Remove button', async () => {
    synonymsApi([group(1, ['disc', 'disk', 'rotor']), group(2, ['hose', 'line'])]);
    renderWithProviders(<SynonymGroupList />);
    const table = await screen.findByRole('table', { name: 'Synonym groups' });
    expect(within(table).getByRole('button', { name: 'Remove disc, disk, rotor' })).toBeInTheDocument();
    expect(within(table).getByText('hose, line')).toBeInTheDocument();
  });

  it('when words are added and a group removed, then the list says so and shows what the server keeps', async () => {
    const user = userEvent.setup();
    const api = synonymsApi([group(1, ['disc', 'disk', 'rotor'])]);
    renderWithProviders(<SynonymGroupList />);
    await user.type(await screen.findByRole('textbox', { name: 'Words' }), 'Resin, organic');
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    expect(await screen.findByText('Added: organic, resin. Search reads them as one.')).toBeInTheDocument();
    expect(api.callsTo('/api/admin/search-synonyms', 'POST')[0]?.body).toEqual({ words: ['resin', 'organic'] });
    expect(await screen.findByText('organic, resin')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Words' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Remove disc, disk, rotor' }));
    expect(await screen.findByText('Removed: disc, disk, rotor.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove disc, disk, rotor' })).not.toBeInTheDocument();
  });

  it('when the words are not a group, then the field says why before anything is sent; a refusal shows there too', async () => {
    const user = userEvent.setup();
    const api = synonymsApi([group(1, ['disc', 'disk', 'rotor'])]);
    renderWithProviders(<SynonymGroupList />);
    const words = await screen.findByRole('textbox', { name: 'Words' });
    await user.type(words, 'disc');
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    expect(await screen.findByText(synonymMessages.tooFew)).toBeInTheDocument();
    expect(api.callsTo('/api/admin/search-synonyms', 'POST')).toHaveLength(0);

    await user.clear(words);
    await user.type(words, 'rotor disk disc');
    await user.click(screen.getByRole('button', { name: 'Add group' }));
    expect(await screen.findByText('These words are already a group')).toBeInTheDocument();
    expect(words).toHaveAttribute('aria-invalid', 'true');
  });
});
