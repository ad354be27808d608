import { EmptyState } from '../../../components/EmptyState';

/** An empty result says so, and offers what brings parts back: fewer filters and words, every bike. */
export function EmptyResult({
  canClear,
  onClear,
  forBike,
  onEveryBike,
}: {
  canClear: boolean;
  onClear: () => void;
  forBike: string | undefined;
  onEveryBike: () => void;
}) {
  const actions = (canClear || forBike) && (
    <>
      {canClear && (
        <button type="button" className="btn btn-primary" onClick={onClear}>
          Clear filters
        </button>
      )}
      {forBike && (
        <button type="button" className="btn btn-outline-dark" onClick={onEveryBike}>
          Show parts for every bike
        </button>
      )}
    </>
  );
  return (
    <EmptyState
      title={canClear ? 'No parts match this search.' : forBike ? 'No parts for your bike yet.' : 'No parts yet.'}
      actions={actions}
      level={3}
    >
      {canClear
        ? 'Try other words, or fewer filters.'
        : forBike
          ? `Nothing is listed for the ${forBike} yet.`
          : undefined}
    </EmptyState>
  );
}
