import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { toastMessages } from '@contract/messages';
import { pagePaths } from '@contract/pages';
import { canBeOrdered } from '@contract/products';
import { FetchError } from '../../../components/FetchError';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { PartPicture } from '../../../components/PartPicture';
import { useConfirmedDelete } from '../../../lib/confirmed-delete';
import { formatPrice } from '../../../lib/store-config';
import { useProducts } from '../api';
import { useDeleteProduct } from '../mutations';

/**
 * Manage Products: every part in the catalogue with its stock, each with Edit and Delete. A part
 * whose stock is below its minimum order can no longer be ordered: it is flagged, and the admin can
 * list those alone.
 */
export function ProductTable() {
  const products = useProducts();
  const deleteProduct = useDeleteProduct();
  const confirmDelete = useConfirmedDelete(deleteProduct, toastMessages.productDeleted);
  const [onlyBlocked, setOnlyBlocked] = useState(false);

  if (products.isPending) return <LoadingSpinner />;
  if (products.isError)
    return <FetchError what="the parts" error={products.error} onRetry={() => void products.refetch()} />;
  if (products.data.length === 0) return <p>The catalogue is empty.</p>;

  const blocked = products.data.filter((product) => !canBeOrdered(product)).length;
  const shown = onlyBlocked ? products.data.filter((product) => !canBeOrdered(product)) : products.data;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
        <p className="mb-0" role="status">
          {blocked === 0
            ? 'Every part can be ordered.'
            : `${blocked} ${blocked === 1 ? 'part is' : 'parts are'} below the minimum order and cannot be ordered.`}
        </p>
        {blocked > 0 && (
          <Form.Check
            type="switch"
            id="only-blocked"
            label="Show only these"
            checked={onlyBlocked}
            onChange={(event) => setOnlyBlocked(event.currentTarget.checked)}
          />
        )}
      </div>
      <Table responsive hover className="align-middle">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Picture</th>
            <th scope="col">Name</th>
            <th scope="col">Price</th>
            <th scope="col">Available</th>
            <th scope="col">Minimum</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((product, index) => (
            <tr key={product._id}>
              <td>{index + 1}</td>
              <td>
                <PartPicture picture={product.picture} alt="" width={64} height={48} sizes="64px" loading="lazy" />
              </td>
              <td>{product.name}</td>
              <td>{formatPrice(product.price)}</td>
              <td>
                {product.availableQantity}
                {!canBeOrdered(product) && (
                  <Badge bg="danger" className="ms-2">
                    Below minimum
                  </Badge>
                )}
              </td>
              <td>{product.minimumOderQantity}</td>
              <td className="text-nowrap">
                <Link
                  className="btn btn-sm btn-outline-dark me-2"
                  to={pagePaths.editProduct(product._id)}
                  aria-label={`Edit ${product.name}`}
                >
                  Edit
                </Link>
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={`Delete ${product.name}`}
                  disabled={deleteProduct.isPending}
                  onClick={() => confirmDelete(product._id)}
                >
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
