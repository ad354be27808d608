import Form from 'react-bootstrap/Form';
import type { FieldError, FieldErrors, UseFormRegister } from 'react-hook-form';
import {
  CALIPER_MOUNTS,
  CATEGORY_LABELS,
  DISC_MOUNTS,
  PAD_COMPOUNDS,
  PART_CATEGORIES,
  PART_POSITIONS,
  type PartCategory,
} from '@contract/catalogue';
import type { ProductForm as ProductValues } from '@contract/products';
import { TextField } from '../../../components/TextField';

/** An empty box is "not given", not an empty text or zero. */
const optionalText = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalNumber = (value: unknown) =>
  value === '' || value === undefined || value === null ? undefined : Number(value);
/** `06455-MFJ-D01, 2C0-W0045-00` -> two numbers. */
export const splitPartNumbers = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(/[,;\n]/)
        .map((number) => number.trim())
        .filter(Boolean)
    : value;

type SpecName =
  'compound' | 'position' | 'mount' | 'diameterMm' | 'thicknessMm' | 'minThicknessMm' | 'boltHoles' | 'pistons';

/** The specs a category's parts are filtered and compared by (contract/catalogue.ts). */
const SPECS_OF: Partial<Record<PartCategory, SpecName[]>> = {
  'brake-pads': ['compound', 'position'],
  'brake-discs': ['position', 'diameterMm', 'thicknessMm', 'minThicknessMm', 'boltHoles', 'mount'],
  calipers: ['position', 'pistons', 'mount'],
};

const CHOICES: Partial<Record<SpecName, readonly string[]>> = {
  compound: PAD_COMPOUNDS,
  position: PART_POSITIONS,
};
const LABELS: Record<SpecName, string> = {
  compound: 'Compound',
  position: 'Position',
  mount: 'Mount',
  diameterMm: 'Diameter (mm)',
  thicknessMm: 'Thickness (mm)',
  minThicknessMm: 'Minimum thickness (mm)',
  boltHoles: 'Bolt holes',
  pistons: 'Pistons',
};

interface CatalogueFieldsProps {
  register: UseFormRegister<ProductValues>;
  errors: FieldErrors<ProductValues>;
  category: PartCategory | undefined;
}

/** Add Product's catalogue fields: part number, brand, category and its specs, OEM numbers, fitment. */
export function CatalogueFields({ register, errors, category = 'hardware' }: CatalogueFieldsProps) {
  // A spec's error, and the list's own (not its items'): react-hook-form types them as nested errors.
  const specErrors = errors.specs as Partial<Record<SpecName, FieldError>> | undefined;
  const oemError = errors.oemNumbers as FieldError | undefined;
  const select = (id: string, label: string, options: readonly string[], name: Parameters<typeof register>[0]) => {
    const error = name.startsWith('specs.') ? specErrors?.[name.slice(6) as SpecName] : undefined;
    return (
      <Form.Group className="mb-3" controlId={id} key={id}>
        <Form.Label>{label}</Form.Label>
        <Form.Select
          isInvalid={!!error}
          aria-describedby={`${id}-error`}
          {...register(name, { setValueAs: optionalText })}
        >
          <option value="">Not given</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error?.message}
        </Form.Control.Feedback>
      </Form.Group>
    );
  };
  const mounts = category === 'calipers' ? CALIPER_MOUNTS : DISC_MOUNTS;

  return (
    <fieldset className="mb-2">
      <legend className="h6">Catalogue</legend>
      <TextField
        id="product-sku"
        label="Part number (sku)"
        error={errors.sku}
        registration={register('sku', { setValueAs: optionalText })}
      />
      <TextField id="product-brand" label="Brand" error={errors.brand} registration={register('brand')} />
      <Form.Group className="mb-3" controlId="product-category">
        <Form.Label>Category</Form.Label>
        <Form.Select isInvalid={!!errors.category} {...register('category')}>
          {PART_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {CATEGORY_LABELS[value]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {(SPECS_OF[category] ?? []).map((spec) => {
        const id = `product-spec-${spec}`;
        if (spec === 'mount') return select(id, LABELS[spec], mounts, `specs.${spec}`);
        const choices = CHOICES[spec];
        if (choices) return select(id, LABELS[spec], choices, `specs.${spec}`);
        return (
          <TextField
            key={id}
            id={id}
            label={LABELS[spec]}
            type="number"
            step={spec === 'boltHoles' || spec === 'pistons' ? '1' : '0.1'}
            error={specErrors?.[spec]}
            registration={register(`specs.${spec}`, { setValueAs: optionalNumber })}
          />
        );
      })}
      <TextField
        id="product-oem"
        label="OEM numbers (comma-separated)"
        error={oemError?.message ? oemError : undefined}
        registration={register('oemNumbers', { setValueAs: splitPartNumbers })}
      />
      <Form.Check
        className="mb-3"
        id="product-universal"
        label="Fits every bike (universal)"
        {...register('universal')}
      />
    </fieldset>
  );
}
