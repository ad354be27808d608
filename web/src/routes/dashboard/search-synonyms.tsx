import { PageTitle } from '../../components/PageTitle';
import { SynonymGroupList } from '../../features/search-synonyms/components/SynonymGroupList';

export function Component() {
  return (
    <>
      <PageTitle title="Search Synonyms" />
      <h2 className="h4 mb-3">Search Synonyms</h2>
      <SynonymGroupList />
    </>
  );
}
