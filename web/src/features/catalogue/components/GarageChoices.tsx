import { useId } from 'react';
import { useGarage } from '../garage-api';
import type { ChosenBike } from '../chosen-bike';

/** The bikes of a customer's garage, each a button that makes it the chosen bike. */
export default function GarageChoices({
  chosenId,
  onChoose,
}: {
  chosenId: string | undefined;
  onChoose: (bike: ChosenBike) => void;
}) {
  const id = useId();
  const garage = useGarage(true);
  if (!garage.data?.length) return null;
  return (
    <div className="mb-3">
      <p className="small text-body-secondary mb-1" id={id}>
        Your garage
      </p>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-labelledby={id}>
        {garage.data.map((bike) => (
          <li key={bike._id}>
            <button
              type="button"
              className={`btn btn-sm ${bike.vehicleId === chosenId ? 'btn-dark' : 'btn-outline-dark'}`}
              aria-pressed={bike.vehicleId === chosenId}
              onClick={() => onChoose({ _id: bike.vehicleId, label: bike.label })}
            >
              {bike.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
