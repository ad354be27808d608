import { PageTitle } from '../../components/PageTitle';
import { GarageManager } from '../../features/catalogue/components/GarageManager';

export function Component() {
  return (
    <>
      <PageTitle title="My Garage" />
      <h2 className="h4 mb-3">My Garage</h2>
      <GarageManager />
    </>
  );
}
