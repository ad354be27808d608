import { lazy, Suspense, useId } from 'react';
import { chooseBike, useChosenBike, type ChosenBike } from '../chosen-bike';
import { BikeSelectForm } from './BikeSelectForm';

/** A customer's garage bikes, to pick from: loaded only for someone signed in. */
const GarageChoices = lazy(() => import('./GarageChoices'));

interface BikePickerProps {
  /** Signed in: the garage's bikes are offered too. */
  signedIn: boolean;
  /** Keeps the choice; by default in the browser only (chooseBike). */
  onChoose?: (bike: ChosenBike) => void;
  /** Forgets the bike; by default in the browser only. */
  onForget?: () => void;
}

/**
 * The bike picker (`Make`, `Model`, `Year`, `Select bike`), on the home page and /parts. The choice
 * is kept in the browser, and joins a customer's garage (useBikeJoinsGarage).
 */
export function BikePicker({ signedIn, onChoose = chooseBike, onForget = () => chooseBike(null) }: BikePickerProps) {
  const id = useId();
  const bike = useChosenBike();
  return (
    <section className="card bike-picker mb-4" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="h5">
          Find parts for your bike
        </h2>
        {bike && (
          <p className="d-flex flex-wrap align-items-center gap-2">
            <span>
              Your bike: <strong>{bike.label}</strong>
            </span>
            <button type="button" className="btn btn-link btn-sm p-0" onClick={onForget}>
              Forget this bike
            </button>
          </p>
        )}
        {signedIn && (
          <Suspense fallback={null}>
            <GarageChoices chosenId={bike?._id} onChoose={onChoose} />
          </Suspense>
        )}
        <BikeSelectForm
          submitLabel="Select bike"
          onSubmit={(vehicle) => onChoose({ _id: vehicle._id, label: vehicle.label, joinGarage: true })}
        />
      </div>
    </section>
  );
}
