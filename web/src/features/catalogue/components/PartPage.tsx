import { Link } from 'react-router';
import { CATEGORY_LABELS } from '@contract/catalogue-names';
import { pagePaths } from '@contract/pages';
import { pageTexts } from '@contract/page-texts';
import type { Product } from '@contract/products';
import { FetchError } from '../../../components/FetchError';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { HALF_ROW_SIZES, PartPicture } from '../../../components/PartPicture';
import { PageTitle } from '../../../components/PageTitle';
import { ApiError } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/store-config';
import { useProduct } from '../../products';
import { useFitment } from '../api';
import { useChosenBike } from '../chosen-bike';
import { fitOf } from '../fit';
import { fitmentByModel, specName, specValue } from '../part-facts';
import { FitBadge } from './FitBadge';
import { PartQuantityToCart } from './PartQuantityToCart';

/** About what search engines show of a description. */
const DESCRIPTION_CHARS = 160;

const summaryOf = (part: Product) => {
  const text = part.description.replace(/\s+/g, ' ').trim() || `${part.brand} ${part.name}, part number ${part.sku}.`;
  return text.length <= DESCRIPTION_CHARS ? text : `${text.slice(0, DESCRIPTION_CHARS - 1).trimEnd()}…`;
};

/** /parts/{id}: a part's public page, with `Add to cart` and `Buy Now` to its purchase page. */
export function PartPage({ partId, signedIn }: { partId: string; signedIn: boolean }) {
  const product = useProduct(partId);
  if (product.isPending) return <LoadingSpinner />;
  if (product.isError) {
    return (
      <div className="container py-5">
        {product.error instanceof ApiError && product.error.status === 404 ? (
          <>
            <PageTitle title="Part not found" />
            <h1 className="h3">This part is not in our catalogue</h1>
            <p>It may have been taken out of it.</p>
            <Link className="btn btn-dark" to={pagePaths.parts}>
              Browse all parts
            </Link>
          </>
        ) : (
          <FetchError what="this part" error={product.error} onRetry={() => void product.refetch()} />
        )}
      </div>
    );
  }
  const part = product.data;
  return (
    <div className="container py-4">
      <PageTitle title={part.name} description={summaryOf(part)} />
      <nav aria-label="Breadcrumb" className="small mb-3">
        <Link to={pagePaths.parts}>Parts</Link>
        <span aria-hidden="true"> › </span>
        <Link to={`${pagePaths.parts}?${new URLSearchParams({ category: part.category })}`}>
          {CATEGORY_LABELS[part.category]}
        </Link>
      </nav>
      <div className="row g-4 align-items-start">
        <div className="col-md-6">
          <PartPicture
            className="rounded shadow-sm part-picture"
            picture={part.picture}
            alt={part.name}
            width={600}
            height={450}
            sizes={HALF_ROW_SIZES}
          />
        </div>
        <div className="col-md-6">
          <p className="text-body-secondary mb-1">{part.brand}</p>
          <h1 className="h2">{part.name}</h1>
          <PartFit part={part} />
          <p className="fs-3 fw-bold text-primary mb-2">{formatPrice(part.price)}</p>
          <dl className="row mb-3">
            <dt className="col-7 col-sm-5">Part number</dt>
            <dd className="col-5 col-sm-7 text-break">{part.sku}</dd>
            <dt className="col-7 col-sm-5">Available quantity</dt>
            <dd className="col-5 col-sm-7">{part.availableQantity > 0 ? part.availableQantity : 'Out of stock'}</dd>
            <dt className="col-7 col-sm-5">Minimum order</dt>
            <dd className="col-5 col-sm-7">{part.minimumOderQantity}</dd>
          </dl>
          <PartQuantityToCart part={part} signedIn={signedIn} />
          <Link className="btn btn-outline-dark btn-lg" to={pagePaths.product(part._id)}>
            {pageTexts.buyNow}
          </Link>
        </div>
      </div>
      <div className="row g-4 mt-2">
        <section className="col-lg-6" aria-labelledby="part-description">
          <h2 id="part-description" className="h4">
            Description
          </h2>
          <p>{part.description || 'No description yet.'}</p>
        </section>
        <section className="col-lg-6" aria-labelledby="part-specs">
          <h2 id="part-specs" className="h4">
            Specifications
          </h2>
          {Object.keys(part.specs).length === 0 ? (
            <p>No specifications listed.</p>
          ) : (
            <table className="table table-sm" aria-labelledby="part-specs">
              <tbody>
                {Object.entries(part.specs).map(([name, value]) => (
                  <tr key={name}>
                    <th scope="row">{specName(name)}</th>
                    <td className="break-anywhere">{specValue(value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section className="col-lg-6" aria-labelledby="part-oem">
          <h2 id="part-oem" className="h4">
            OEM numbers
          </h2>
          {part.oemNumbers.length === 0 ? (
            <p>No OEM numbers listed.</p>
          ) : (
            <>
              <p className="mb-1">Replaces the bike makers&apos; parts:</p>
              <ul className="list-inline font-monospace">
                {part.oemNumbers.map((number) => (
                  <li key={number} className="list-inline-item">
                    {number}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <section className="col-lg-6" aria-labelledby="part-bikes">
          <h2 id="part-bikes" className="h4">
            Bikes it fits
          </h2>
          <BikesItFits partId={part._id} />
        </section>
      </div>
    </div>
  );
}

/** The fit badge: for the chosen bike, or every bike for a universal part. */
function PartFit({ part }: { part: Product }) {
  const bike = useChosenBike();
  const fitment = useFitment(part._id);
  const fit = part.universal ? 'universal' : bike && fitment.data ? fitOf(fitment.data, bike._id) : undefined;
  if (!fit) return null;
  return (
    <p className="mb-2">
      <FitBadge fit={fit} bikeLabel={bike?.label} />
    </p>
  );
}

function BikesItFits({ partId }: { partId: string }) {
  const fitment = useFitment(partId);
  if (fitment.isPending) return <LoadingSpinner />;
  if (fitment.isError) {
    return <FetchError what="the bikes it fits" error={fitment.error} onRetry={() => void fitment.refetch()} />;
  }
  if (fitment.data.universal) return <p>Universal: it fits any bike.</p>;
  if (fitment.data.vehicles.length === 0) return <p>No bikes on record for this part yet.</p>;
  return (
    <ul className="list-unstyled">
      {fitmentByModel(fitment.data.vehicles).map(({ model, years }) => (
        <li key={model}>
          <strong>{model}</strong> {years}
        </li>
      ))}
    </ul>
  );
}
