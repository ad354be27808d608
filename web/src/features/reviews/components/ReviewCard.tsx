import Card from 'react-bootstrap/Card';
import type { Review } from '@contract/reviews';
import { Stars } from '../../../components/Stars';
import { UserPhoto } from '../../../components/UserPhoto';

export function ReviewCard({ review }: { review: Review }) {
  return (
    <Card as="article" className="h-100 shadow-sm">
      <Card.Body>
        <div className="d-flex align-items-center gap-3 mb-3">
          <UserPhoto src={review.photoUrl} size={64} lazy />
          <div className="min-w-0">
            <h3 className="h6 mb-0">{review.name}</h3>
            <p className="small text-body-secondary mb-0 text-break">{review.email}</p>
          </div>
        </div>
        <Stars rating={review.ratting} />
        <Card.Text className="mt-2">{review.fidback}</Card.Text>
      </Card.Body>
    </Card>
  );
}
