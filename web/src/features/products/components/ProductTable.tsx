import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { confirmDeleteQuestion, toastMessages } from '@contract/messages';
import { pagePaths } from '@contract/pages';
import { canBeOrdered } from '@contract/products';
import { EmptyState } from '../../../components/EmptyState';
import { FetchError } from '../../../components/FetchError';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { PartPicture } from '../../../components/PartPicture';
import { Cell, StackedRow, StackedTable } from '../../../components/StackedTable';
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
  const confirmDelete = useConfirmedDelete(deleteProduct, {
    question: confirmDeleteQuestion.product,
    deletedMessage: toastMessages.productDeleted,
  });
  const [onlyBlocked, setOnlyBlocked] = useState(false);

  if (products.isPending) return <LoadingSpinner />;
  if (products.isError)
    return <FetchError what="the parts" error={products.error} onRetry={() => void products.refetch()} />;
  if (products.data.length === 0) {
    return (
      <EmptyState
        title="The catalogue is empty."
        actions={
          <>
            <Link className="btn btn-primary" to={pagePaths.addProduct}>
              Add Product
            </Link>
            <Link className="btn btn-outline-dark" to={pagePaths.importCatalogue}>
              Import Catalogue
            </Link>
          </>
        }
      >
        Add the first part, or import the whole catalogue from a CSV file.
      </EmptyState>
    );
  }

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
      <StackedTable
        className="table-hover align-middle"
        columns={['#', 'Picture', 'Name', 'Price', 'Available', 'Minimum', { name: 'Actions', hidden: true }]}
      >
        {shown.map((product, index) => (
          <StackedRow key={product._id}>
            <Cell label="#">{index + 1}</Cell>
            <Cell>
              <PartPicture picture={product.picture} alt="" width={64} height={48} sizes="64px" loading="lazy" />
            </Cell>
            <Cell label="Name">{product.name}</Cell>
            <Cell label="Price">{formatPrice(product.price)}</Cell>
            <Cell label="Available">
              {product.availableQantity}
              {!canBeOrdered(product) && (
                <Badge bg="danger" className="ms-2">
                  Below minimum
                </Badge>
              )}
            </Cell>
            <Cell label="Minimum">{product.minimumOderQantity}</Cell>
            <Cell className="text-nowrap">
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
                onClick={() => confirmDelete.ask({ id: product._id, name: product.name })}
              >
                Delete
              </Button>
            </Cell>
          </StackedRow>
        ))}
      </StackedTable>
      {confirmDelete.dialog}
    </>
  );
}
