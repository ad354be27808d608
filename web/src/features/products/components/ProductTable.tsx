import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router';
import { confirmDeleteQuestion, toastMessages } from '@contract/messages';
import { pagePaths } from '@contract/pages';
import { canBeOrdered } from '@contract/rules/orderable';
import { EmptyState } from '../../../components/EmptyState';
import { FetchError } from '../../../components/FetchError';
import { ListSearch } from '../../../components/ListSearch';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { Pager } from '../../../components/Pager';
import { PartPicture } from '../../../components/PartPicture';
import { Cell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { useConfirmedDelete } from '../../../lib/confirmed-delete';
import { formatPrice } from '../../../lib/store-config';
import { useAdminProducts } from '../admin-api';
import { useDeleteProduct } from '../mutations';
import { filterFrom, filterParams, PRODUCTS_PAGE_SIZE, type ProductFilter } from '../url-state';

const COLUMNS = ['#', 'Picture', 'Name', 'Price', 'Available', 'Minimum', { name: 'Actions', hidden: true }];

/**
 * Manage Products: the catalogue newest first, a page at a time, each part with its stock, Edit and
 * Delete. A part whose stock is below its minimum order can no longer be ordered: it is flagged, and
 * the admin can list those alone. The page, the search and that choice are kept in the address.
 */
export function ProductTable() {
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const products = useAdminProducts(filter);
  const deleteProduct = useDeleteProduct();
  const confirmDelete = useConfirmedDelete(deleteProduct, {
    question: confirmDeleteQuestion.product,
    deletedMessage: toastMessages.productDeleted,
  });
  // A new search or choice starts again at the first page.
  const choose = (change: Partial<ProductFilter>) => setParams(filterParams({ ...filter, page: 1, ...change }));
  if (products.isPending) return <LoadingSpinner />;
  if (products.isError)
    return <FetchError what="the parts" error={products.error} onRetry={() => void products.refetch()} />;
  const { items, total, belowMinimumCount } = products.data;
  const filtered = filter.q !== '' || filter.belowMinimum;
  if (total === 0 && !filtered) {
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

  const first = (filter.page - 1) * PRODUCTS_PAGE_SIZE;
  return (
    <>
      <ListSearch
        list="Parts"
        label="Search parts"
        placeholder="Name, sku or brand"
        q={filter.q}
        onSearch={(q) => choose({ q })}
      />
      <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
        <p className="mb-0" role="status">
          {belowMinimumCount === 0
            ? 'Every part can be ordered.'
            : `${belowMinimumCount} ${belowMinimumCount === 1 ? 'part is' : 'parts are'} below the minimum order and cannot be ordered.`}
        </p>
        {(belowMinimumCount > 0 || filter.belowMinimum) && (
          <Form.Check
            type="switch"
            id="only-blocked"
            label="Show only these"
            checked={filter.belowMinimum}
            onChange={(event) => choose({ belowMinimum: event.currentTarget.checked })}
          />
        )}
      </div>
      <StackedTable className="table-hover align-middle" columns={COLUMNS}>
        {items.length === 0 && (
          <StackedRow>
            <Cell colSpan={COLUMNS.length}>
              No parts match.{' '}
              <button
                type="button"
                className="btn btn-link p-0 align-baseline"
                onClick={() => choose({ q: '', belowMinimum: false })}
              >
                Show every part
              </button>
            </Cell>
          </StackedRow>
        )}
        {items.map((product, index) => (
          <StackedRow key={product._id}>
            <Cell label="#">{first + index + 1}</Cell>
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
      <Pager
        page={filter.page}
        pages={Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE))}
        search={(page) => filterParams({ ...filter, page }).toString()}
      />
      {confirmDelete.dialog}
    </>
  );
}
