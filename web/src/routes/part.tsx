import { useParams } from 'react-router';
import { PartPage } from '../features/catalogue/components/PartPage';

export function Component() {
  const { partId = '' } = useParams();
  // A new part starts afresh (its own queries and state), as a new page does.
  return <PartPage key={partId} partId={partId} />;
}
