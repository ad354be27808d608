import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { toastMessages } from '@contract/messages';
import { FetchError } from '../../../components/FetchError';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { useConfirmedDelete } from '../../../lib/confirmed-delete';
import { formatPrice } from '../../../lib/store-config';
import { useProducts } from '../api';
import { useDeleteProduct } from '../mutations';

/** Manage Products: every part in the catalogue, each with a delete control. */
export function ProductTable() {
  const products = useProducts();
  const deleteProduct = useDeleteProduct();
  const confirmDelete = useConfirmedDelete(deleteProduct, toastMessages.productDeleted);

  if (products.isPending) return <LoadingSpinner />;
  if (products.isError)
    return <FetchError what="the parts" error={products.error} onRetry={() => void products.refetch()} />;
  if (products.data.length === 0) return <p>The catalogue is empty.</p>;

  return (
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
            <span className="visually-hidden">Delete</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {products.data.map((product, index) => (
          <tr key={product._id}>
            <td>{index + 1}</td>
            <td>
              <img src={product.picture} alt="" width={64} height={48} loading="lazy" />
            </td>
            <td>{product.name}</td>
            <td>{formatPrice(product.price)}</td>
            <td>{product.availableQantity}</td>
            <td>{product.minimumOderQantity}</td>
            <td>
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
  );
}
