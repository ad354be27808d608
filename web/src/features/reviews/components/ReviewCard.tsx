import type { Review } from '@contract/reviews';
import { Stars } from '../../../components/Stars';
import { UserPhoto } from '../../../components/UserPhoto';

export function ReviewCard({ review }: { review: Review }) {
  return (
    <article className="card h-100 shadow-sm">
      <div className="card-body">
        <div className="d-flex align-items-center gap-3 mb-3">
          <UserPhoto src={review.photoUrl} size={64} lazy />
          <div className="min-w-0">
            <h3 className="h6 mb-0">{review.name}</h3>
            <p className="small text-body-secondary mb-0 text-break">{review.email}</p>
          </div>
        </div>
        <Stars rating={review.ratting} />
        <p className="card-text mt-2">{review.fidback}</p>
      </div>
    </article>
  );
}
