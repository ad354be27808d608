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
  return (
    <div className="text-center border rounded py-5 px-3">
      <p className="h5">
        {canClear ? 'No parts match this search.' : forBike ? 'No parts for your bike yet.' : 'No parts yet.'}
      </p>
      {(canClear || forBike) && (
        <p className="text-body-secondary">
          {canClear ? 'Try other words, or fewer filters.' : `Nothing is listed for the ${forBike} yet.`}
        </p>
      )}
      <div className="d-flex flex-wrap justify-content-center gap-2">
        {canClear && (
          <button type="button" className="btn btn-dark" onClick={onClear}>
            Clear filters
          </button>
        )}
        {forBike && (
          <button type="button" className="btn btn-outline-dark" onClick={onEveryBike}>
            Show parts for every bike
          </button>
        )}
      </div>
    </div>
  );
}
