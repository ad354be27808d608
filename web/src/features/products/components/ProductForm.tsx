import { zodResolver } from '../../../lib/zod-resolver';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm, useWatch } from 'react-hook-form';
import { showToast } from '../../../lib/toast';
import { toastMessages } from '@contract/messages';
import {
  productFormSchema,
  SAMPLE_PRODUCT_PICTURE,
  SHIPPED_PRODUCT_PICTURES,
  type NewProduct,
  type ProductForm as ProductValues,
} from '@contract/products';
import { ServerError } from '../../../components/ServerError';
import { useServerErrors } from '../../../lib/server-errors';
import { TextField } from '../../../components/TextField';
import { useCreateProduct } from '../mutations';
import { CatalogueFields } from './CatalogueFields';

const DEFAULTS: Partial<ProductValues> = {
  name: '',
  picture: SAMPLE_PRODUCT_PICTURE,
  description: '',
  brand: '',
  category: 'hardware',
  universal: false,
};

/** Add Product (spec section 5): the fields, rules and messages the server checks again. */
export function ProductForm() {
  const createProduct = useCreateProduct();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<ProductValues, unknown, NewProduct>({
    resolver: zodResolver(productFormSchema),
    defaultValues: DEFAULTS,
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
    createProduct.mutate(values, {
      onSuccess: () => {
        showToast('success', toastMessages.productAdded);
        reset();
      },
      onError: refusal.show,
    });
  });

  // The specs offered follow the category chosen.
  const category = useWatch({ control, name: 'category' });
  const number = { valueAsNumber: true } as const;
  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label="Add Product">
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
      <TextField
        id="product-description"
        label="Description"
        rows={4}
        error={errors.description}
        registration={register('description')}
      />
      <CatalogueFields register={register} errors={errors} category={category} />
      <Button type="submit" variant="dark" disabled={createProduct.isPending}>
        Add Product
      </Button>
      <ServerError message={refusal.message} />
    </Form>
  );
}
