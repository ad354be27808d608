import { useId, useState, type FormEvent } from 'react';
import type { Vehicle } from '@contract/catalogue';
import { useMakes, useModels, useModelYears } from '../vehicles-api';

/**
 * Three selects, `Make`, then `Model`, then `Year` (each filled from the bikes the store knows), and
 * a button that hands over the bike (one model year).
 */
export function BikeSelectForm({
  submitLabel,
  busy = false,
  onSubmit,
}: {
  submitLabel: string;
  busy?: boolean;
  onSubmit: (vehicle: Vehicle) => void;
}) {
  const id = useId();
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');
  const [vehicleId, setVehicleId] = useState('');
  const makes = useMakes();
  const models = useModels(make);
  const years = useModelYears(make, model);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const vehicle = years.data?.find((year) => year._id === vehicleId);
    if (vehicle) onSubmit(vehicle);
  };

  return (
    <form className="row g-2 align-items-end" aria-label={submitLabel} onSubmit={submit}>
      <div className="col-6 col-md">
        <label className="form-label" htmlFor={`${id}-make`}>
          Make
        </label>
        <select
          id={`${id}-make`}
          className="form-select"
          value={make}
          onChange={(event) => {
            setMake(event.target.value);
            setModel('');
            setVehicleId('');
          }}
        >
          <option value="">{makes.isPending ? 'Loading…' : 'Choose a make'}</option>
          {makes.data?.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </div>
      <div className="col-6 col-md">
        <label className="form-label" htmlFor={`${id}-model`}>
          Model
        </label>
        <select
          id={`${id}-model`}
          className="form-select"
          value={model}
          disabled={make === ''}
          onChange={(event) => {
            setModel(event.target.value);
            setVehicleId('');
          }}
        >
          <option value="">{models.isFetching ? 'Loading…' : 'Choose a model'}</option>
          {models.data?.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </div>
      <div className="col-6 col-md">
        <label className="form-label" htmlFor={`${id}-year`}>
          Year
        </label>
        <select
          id={`${id}-year`}
          className="form-select"
          value={vehicleId}
          disabled={model === ''}
          onChange={(event) => setVehicleId(event.target.value)}
        >
          <option value="">{years.isFetching ? 'Loading…' : 'Choose a year'}</option>
          {years.data?.map((year) => (
            <option key={year._id} value={year._id}>
              {year.year}
            </option>
          ))}
        </select>
      </div>
      <div className="col-6 col-md-auto">
        <button type="submit" className="btn btn-dark w-100" disabled={vehicleId === '' || busy}>
          {submitLabel}
        </button>
      </div>
      {(makes.isError || models.isError || years.isError) && (
        <p role="alert" className="col-12 text-danger small mb-0">
          We could not load the bikes.{' '}
          <button
            type="button"
            className="btn btn-link btn-sm p-0 align-baseline"
            onClick={() => void Promise.all([makes.refetch(), models.refetch(), years.refetch()])}
          >
            Retry
          </button>
        </p>
      )}
    </form>
  );
}
