import { zodResolver } from '../../../lib/zod-resolver';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { showToast } from '../../../lib/toast';
import { toastMessages } from '@contract/messages';
import {
  productFormSchema,
  productFormValues,
  SAMPLE_PRODUCT_PICTURE,
  SHIPPED_PRODUCT_PICTURES,
  type NewProduct,
  type Product,
  type ProductForm as ProductValues,
  type ProductPatch,
} from '@contract/products';
import { ServerError } from '../../../components/ServerError';
import { useServerErrors } from '../../../lib/server-errors';
import { TextField } from '../../../components/TextField';
import { UploadPhoto } from '../../media';
import { useCreateProduct, useEditProduct } from '../mutations';
import { CatalogueFields } from './CatalogueFields';

const DEFAULTS: Partial<ProductValues> = {
  name: '',
  picture: SAMPLE_PRODUCT_PICTURE,
  description: '',
  brand: '',
  category: 'hardware',
  universal: false,
};

/** The fields the admin changed, with their checked values (a changed spec sends all the specs). */
const changedFields = (values: NewProduct, dirty: Partial<Record<keyof NewProduct, unknown>>): ProductPatch =>
  Object.fromEntries(
    (Object.keys(values) as (keyof NewProduct)[]).filter((name) => dirty[name]).map((name) => [name, values[name]]),
  );

interface ProductFormProps {
  /** The part to edit (Edit Product); without it the form adds a new part (Add Product). */
  product?: Product;
}

/** Add Product (spec section 5) and Edit Product: the fields, rules and messages the server checks again. */
export function ProductForm({ product }: ProductFormProps) {
  const createProduct = useCreateProduct();
  const editProduct = useEditProduct();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    control,
    formState: { errors, dirtyFields },
  } = useForm<ProductValues, unknown, NewProduct>({
    resolver: zodResolver(productFormSchema),
    defaultValues: product ? productFormValues(product) : DEFAULTS,
  });
  const refusal = useServerErrors(setError, [
    'name',
    'price',
    'minimumOderQantity',
    'availableQantity',
    'picture',
    'description',
    'sku',
    'brand',
    'category',
    'oemNumbers',
    'universal',
    'specs.compound',
    'specs.position',
    'specs.mount',
    'specs.diameterMm',
    'specs.thicknessMm',
    'specs.minThicknessMm',
    'specs.boltHoles',
    'specs.pistons',
  ]);

  const submit = handleSubmit((values) => {
    refusal.clear();
    if (!product) {
      createProduct.mutate(values, {
        onSuccess: () => {
          showToast('success', toastMessages.productAdded);
          reset();
        },
        onError: refusal.show,
      });
      return;
    }
    const changes = changedFields(values, dirtyFields);
    if (Object.keys(changes).length === 0) {
      showToast('success', toastMessages.productSaved);
      return;
    }
    editProduct.mutate(
      { id: product._id, changes },
      {
        onSuccess: (saved) => {
          showToast('success', toastMessages.productSaved);
          reset(productFormValues(saved));
        },
        onError: refusal.show,
      },
    );
  });
  const title = product ? 'Edit Product' : 'Add Product';
  const pending = createProduct.isPending || editProduct.isPending;

  // The specs offered follow the category chosen.
  const category = useWatch({ control, name: 'category' });
  const chosenPicture = useWatch({ control, name: 'picture' });
  const number = { valueAsNumber: true } as const;
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={title}>
      <TextField id="product-name" label="Name" error={errors.name} registration={register('name')} />
      <TextField
        id="product-price"
        label="Price"
        type="number"
        step="0.01"
        error={errors.price}
        registration={register('price', number)}
      />
      <TextField
        id="product-minimum"
        label="Minimum Quantity"
        type="number"
        step="1"
        error={errors.minimumOderQantity}
        registration={register('minimumOderQantity', number)}
      />
      <TextField
        id="product-available"
        label="Available Quantity"
        type="number"
        step="1"
        error={errors.availableQantity}
        registration={register('availableQantity', number)}
      />
      <TextField
        id="product-picture"
        label="Picture"
        list="shipped-pictures"
        error={errors.picture}
        registration={register('picture')}
      />
      <datalist id="shipped-pictures">
        {SHIPPED_PRODUCT_PICTURES.map((picture) => (
          <option key={picture} value={picture} />
        ))}
      </datalist>
      <UploadPhoto
        picture={chosenPicture}
        onUploaded={(url) => setValue('picture', url, { shouldDirty: true, shouldValidate: true })}
      />
      <TextField
        id="product-description"
        label="Description"
        rows={4}
        error={errors.description}
        registration={register('description')}
      />
      <CatalogueFields register={register} errors={errors} category={category} />
      <Button type="submit" variant="dark" disabled={pending}>
        {product ? 'Save changes' : 'Add Product'}
      </Button>
      <ServerError message={refusal.message} />
    </Form>
  );
}
