import { PageTitle } from '../../components/PageTitle';
import { RequireAdmin } from '../../features/auth/components/guards';
import { SynonymGroupList } from '../../features/search-synonyms/components/SynonymGroupList';

export function Component() {
  return (
    <RequireAdmin>
      <PageTitle title="Search Synonyms" />
      <h2 className="h4 mb-3">Search Synonyms</h2>
      <SynonymGroupList />
    </RequireAdmin>
  );
}
