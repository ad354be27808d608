import { PageTitle } from '../../components/PageTitle';
import { RequireCustomer } from '../../features/auth/components/guards';
import { GarageManager } from '../../features/catalogue/components/GarageManager';

export function Component() {
  return (
    <RequireCustomer>
      <PageTitle title="My Garage" />
      <h2 className="h4 mb-3">My Garage</h2>
      <GarageManager />
    </RequireCustomer>
  );
}
