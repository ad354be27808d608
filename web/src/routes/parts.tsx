import { memo } from 'react';
import { useAuth } from '../features/auth/auth-context';
import { catalogueKeys, getCatalogue } from '../features/catalogue/api';
import { readChosenBike } from '../features/catalogue/chosen-bike';
import { CataloguePage } from '../features/catalogue/components/CataloguePage';
import { apiQuery } from '../features/catalogue/url-state';
import { queryClient } from '../lib/query-client';

/**
 * The catalogue's first answer is asked for as soon as this page's code runs, not once the page has
 * drawn and mounted its query: the parts' pictures, the page's largest paint, wait for it. Only when
 * no bike is chosen: then the page asks for exactly the address's query (catalogue-address.ts), and
 * its useCatalogue finds this request under the same key; with a bike, the address changes first.
 */
function askForTheCatalogue() {
  if (readChosenBike() !== null) return;
  const query = apiQuery(new URLSearchParams(window.location.search));
  void queryClient.prefetchQuery({
    queryKey: catalogueKeys.search(query),
    queryFn: ({ signal }) => getCatalogue(query, signal),
  });
}
askForTheCatalogue();

/**
 * Drawn again only when `signedIn` changes: the session's answer at start-up (loading, then signed
 * out) would otherwise draw the whole catalogue a second time, in one task, while the page loads.
 */
const Catalogue = memo(CataloguePage);

export function Component() {
  const auth = useAuth();
  return <Catalogue signedIn={auth.status === 'signedIn'} />;
}
