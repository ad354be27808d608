import { Fragment } from 'react';

export interface Fact {
  label: string;
  value: string;
}

/**
 * Labelled facts a form shows but never sends (the signed-in user's name, the product's price), as
 * text: in inputs, even read-only ones, they looked like something to fill in.
 */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className="row mb-3">
      {facts.map(({ label, value }) => (
        <Fragment key={label}>
          <dt className="col-sm-4 fw-normal text-body-secondary">{label}</dt>
          <dd className="col-sm-8 text-break">{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
