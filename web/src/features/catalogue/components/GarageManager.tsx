import { useState } from 'react';
import { Link } from 'react-router';
import { MAX_GARAGE_BIKES } from '@contract/catalogue-names';
import { pagePaths } from '@contract/pages';
import { EmptyState } from '../../../components/EmptyState';
import { FetchError } from '../../../components/FetchError';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { Cell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { useChosenBike } from '../chosen-bike';
import { useGarage } from '../garage-api';
import { useAddGarageBike, useRemoveGarageBike } from '../garage-mutations';
import { BikeSelectForm } from './BikeSelectForm';

/** What the last add or remove did, or why the server refused it (a full garage: its own words). */
type Note = { kind: 'done' | 'refused'; text: string };

/** My Garage: the customer's bikes (at most MAX_GARAGE_BIKES), each to shop for or remove, and one more to add. */
export function GarageManager() {
  const garage = useGarage(true);
  const add = useAddGarageBike();
  const remove = useRemoveGarageBike();
  const chosen = useChosenBike();
  const [note, setNote] = useState<Note>();
  const busy = add.isPending || remove.isPending;
  const refused = (error: Error) => setNote({ kind: 'refused', text: error.message });

  if (garage.isPending) return <LoadingSpinner />;
  if (garage.isError) {
    return <FetchError what="your garage" error={garage.error} onRetry={() => void garage.refetch()} />;
  }
  const bikes = garage.data;
  return (
    <>
      <p>
        Keep your bikes here, up to {MAX_GARAGE_BIKES}, and shop for any of them: the catalogue lists the parts that
        fit. You have {bikes.length} of {MAX_GARAGE_BIKES}.
      </p>
      {bikes.length === 0 ? (
        <EmptyState title="Your garage is empty." level={3}>
          Add your bike below: the catalogue then shows what fits it first.
        </EmptyState>
      ) : (
        <StackedTable
          className="align-middle"
          aria-label="Your bikes"
          columns={['Bike', { name: 'Actions', hidden: true }]}
        >
          {bikes.map((bike) => (
            <StackedRow key={bike._id}>
              <Cell label="Bike">
                {bike.label}
                {bike.vehicleId === chosen?._id && <span className="badge text-bg-dark ms-2">Chosen</span>}
              </Cell>
              <Cell>
                <div className="d-flex flex-wrap justify-content-end gap-2">
                  <Link
                    className="btn btn-sm btn-outline-dark"
                    to={`${pagePaths.parts}?${new URLSearchParams({ vehicle: bike.vehicleId })}`}
                    aria-label={`Parts for ${bike.label}`}
                  >
                    Shop parts
                  </Link>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-danger"
                    aria-label={`Remove ${bike.label}`}
                    disabled={busy}
                    onClick={() =>
                      remove.mutate(bike._id, {
                        onSuccess: () => setNote({ kind: 'done', text: `${bike.label} left your garage.` }),
                        onError: refused,
                      })
                    }
                  >
                    Remove
                  </button>
                </div>
              </Cell>
            </StackedRow>
          ))}
        </StackedTable>
      )}
      <h3 className="h5 mt-4">Add a bike</h3>
      <BikeSelectForm
        submitLabel="Add to garage"
        busy={busy}
        onSubmit={(vehicle) =>
          add.mutate(vehicle._id, {
            onSuccess: (bike) => setNote({ kind: 'done', text: `${bike.label} is in your garage.` }),
            onError: refused,
          })
        }
      />
      <div aria-live="polite" className="mt-3">
        {note && <p className={`alert ${note.kind === 'done' ? 'alert-success' : 'alert-danger'} mb-0`}>{note.text}</p>}
      </div>
    </>
  );
}
