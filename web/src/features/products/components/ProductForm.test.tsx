import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../../lib/toast';
import { testProduct } from '../../../test/products';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ProductForm } from './ProductForm';

vi.mock('../../../lib/toast', () => ({ showToast: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

function stubApi(answer: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(answer()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function fillBasics(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'EBC FA244HH Sintered Pads');
  await user.type(screen.getByLabelText('Price'), '39.90');
  await user.type(screen.getByLabelText('Minimum Quantity'), '2');
  await user.type(screen.getByLabelText('Available Quantity'), '50');
}

describe("ProductForm's catalogue fields", () => {
  it('offers the specs of the chosen category and sends them with the part number, brand and OEM numbers', async () => {
    const fetchMock = stubApi(() => jsonResponse(testProduct(1)));
    renderWithProviders(<ProductForm />);
    const user = userEvent.setup();
    await fillBasics(user);
    expect(screen.queryByLabelText('Compound')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Category'), 'Brake pads');
    await user.selectOptions(screen.getByLabelText('Compound'), 'sintered');
    await user.selectOptions(screen.getByLabelText('Position'), 'front');
    expect(screen.queryByLabelText('Diameter (mm)')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Part number (sku)'), 'BH-FA244HH');
    await user.type(screen.getByLabelText('Brand'), 'EBC');
    await user.type(screen.getByLabelText('OEM numbers (comma-separated)'), '06455-MFJ-D01, 2C0-W0045-00');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      sku: 'BH-FA244HH',
      brand: 'EBC',
      category: 'brake-pads',
      specs: { compound: 'sintered', position: 'front' },
      oemNumbers: ['06455-MFJ-D01', '2C0-W0045-00'],
      universal: false,
    });
  });

  it('sends no sku when the box is left empty (the store makes one), and numbers for a disc', async () => {
    const fetchMock = stubApi(() => jsonResponse(testProduct(2)));
    renderWithProviders(<ProductForm />);
    const user = userEvent.setup();
    await fillBasics(user);
    await user.selectOptions(screen.getByLabelText('Category'), 'Brake discs');
    await user.type(screen.getByLabelText('Diameter (mm)'), '320');
    await user.selectOptions(screen.getByLabelText('Mount'), 'floating');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).not.toHaveProperty('sku');
    expect(body.specs).toEqual({ diameterMm: 320, mount: 'floating' });
  });

  it("shows the server's refusal of a taken part number on its field", async () => {
    const message = 'Another part already has this sku';
    stubApi(() =>
      jsonResponse(
        { statusCode: 409, error: 'Conflict', code: 'SKU_TAKEN', message, errors: [{ field: 'body.sku', message }] },
        { status: 409 },
      ),
    );
    renderWithProviders(<ProductForm />);
    const user = userEvent.setup();
    await fillBasics(user);
    await user.type(screen.getByLabelText('Part number (sku)'), 'BH-TAKEN');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Part number (sku)')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('ProductForm editing a part (Edit Product)', () => {
  it("shows the part's values and sends only the fields the admin changed", async () => {
    const part = testProduct(3, { price: 49.5, availableQantity: 40, minimumOderQantity: 2 });
    const fetchMock = stubApi(() => jsonResponse({ ...part, price: 44 }));
    renderWithProviders(<ProductForm product={part} />);
    const user = userEvent.setup();
    expect(screen.getByRole('form', { name: 'Edit Product' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue(part.name);
    expect(screen.getByLabelText('Available Quantity')).toHaveValue(40);
    await user.clear(screen.getByLabelText('Price'));
    await user.type(screen.getByLabelText('Price'), '44');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe(`/api/products/${part._id}`);
    expect(init?.method).toBe('PATCH');
    // The stock is not sent back: orders may have taken some since the page was opened.
    expect(JSON.parse(String(init?.body))).toEqual({ price: 44 });
    await vi.waitFor(() => expect(showToast).toHaveBeenCalledWith('success', 'Changes saved'));
    // The form now starts from what was saved: saving again sends nothing new.
    expect(screen.getByLabelText('Price')).toHaveValue(44);
  });

  it('checks the part as the edit leaves it: a minimum above the stock is refused before it is sent', async () => {
    const part = testProduct(4, { availableQantity: 10, minimumOderQantity: 2 });
    const fetchMock = stubApi(() => jsonResponse(part));
    renderWithProviders(<ProductForm product={part} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Minimum Quantity'));
    await user.type(screen.getByLabelText('Minimum Quantity'), '11');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The minimum order cannot be more than the available quantity')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
