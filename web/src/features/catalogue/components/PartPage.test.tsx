import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testProduct } from '../../../test/products';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { chooseBike } from '../chosen-bike';
import { fakeApi, testVehicle } from '../test-support';
import { PartPage } from './PartPage';

const cbr2019 = testVehicle(1, 'Honda', 'CBR600RR', 2019);
const cbr2020 = testVehicle(2, 'Honda', 'CBR600RR', 2020);
const mt07 = testVehicle(3, 'Yamaha', 'MT-07', 2021);
const part = testProduct(5, {
  name: 'EBC FA390HH Sintered Front Brake Pads',
  brand: 'EBC',
  sku: 'BH-FA390HH',
  price: 39.95,
  availableQantity: 420,
  minimumOderQantity: 2,
  description: 'HH-rated sintered copper pads for Nissin radial four-piston calipers.',
  category: 'brake-pads',
  specs: { compound: 'sintered', position: 'front', padsPerSet: 2 },
  oemNumbers: ['06455-MFJ-D01', '06455-MJM-D01'],
});

function partApi(fitment: unknown, product = part) {
  return fakeApi({
    [`GET /api/products/${product._id}`]: () => jsonResponse(product),
    [`GET /api/products/${product._id}/fitment`]: () => jsonResponse(fitment),
  });
}

const openPart = (id = part._id) =>
  renderWithProviders(<PartPage partId={id} signedIn={false} />, { url: `/parts/${id}` });

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = '<title>Brakehouse</title><meta name="description" content="The store." />';
});
afterEach(() => vi.unstubAllGlobals());

describe('the part page', () => {
  it('when it opens, then it shows the part, its specs, OEM numbers and the bikes it fits, and Buy Now leads to its purchase page', async () => {
    partApi({ universal: false, vehicles: [cbr2020, mt07, cbr2019] });
    openPart();

    expect(await screen.findByRole('heading', { level: 1, name: part.name })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: part.name })).toHaveAttribute('src', part.picture);
    expect(screen.getByText('EBC')).toBeInTheDocument();
    expect(screen.getByText('$39.95')).toBeInTheDocument();
    expect(screen.getByText('Part number').nextElementSibling).toHaveTextContent('BH-FA390HH');
    expect(screen.getByText('Available quantity').nextElementSibling).toHaveTextContent('420');
    expect(screen.getByText('Minimum order').nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText(part.description)).toBeInTheDocument();
    const specs = screen.getByRole('table', { name: 'Specifications' });
    expect(
      within(specs)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['CompoundSintered', 'PositionFront', 'Pads per set2']);
    const oem = screen.getByRole('region', { name: 'OEM numbers' });
    expect(
      within(oem)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(part.oemNumbers);
    const bikes = screen.getByRole('region', { name: 'Bikes it fits' });
    expect((await within(bikes).findAllByRole('listitem')).map((item) => item.textContent)).toEqual([
      'Honda CBR600RR 2019–2020',
      'Yamaha MT-07 2021',
    ]);
    expect(screen.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', `/products/${part._id}`);
    expect(screen.getByRole('link', { name: 'Brake pads' })).toHaveAttribute('href', '/parts?category=brake-pads');
    expect(document.title).toBe(`${part.name} | Brakehouse`);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', part.description);
  });

  it('when the chosen bike is among the bikes it fits, then it says Fits your bike; when not, Does not fit', async () => {
    chooseBike({ _id: cbr2019._id, label: cbr2019.label });
    partApi({ universal: false, vehicles: [cbr2019] });
    const { unmount } = openPart();
    expect(await screen.findByText('Fits your 2019 Honda CBR600RR')).toBeInTheDocument();
    unmount();

    chooseBike({ _id: mt07._id, label: mt07.label });
    openPart();
    expect(await screen.findByText('Does not fit your 2021 Yamaha MT-07')).toBeInTheDocument();
    expect(screen.queryByText(/^Fits your/)).not.toBeInTheDocument();
  });

  it('when the part fits every bike, then it says so, bike chosen or not', async () => {
    const fluid = { ...part, universal: true, specs: {}, oemNumbers: [] };
    partApi({ universal: true, vehicles: [] }, fluid);
    openPart();
    expect(await screen.findByText('Fits every bike')).toBeInTheDocument();
    expect(await screen.findByText('Universal: it fits any bike.')).toBeInTheDocument();
    expect(screen.getByText('No specifications listed.')).toBeInTheDocument();
    expect(screen.getByText('No OEM numbers listed.')).toBeInTheDocument();
  });

  it('when no part has that id, then the page says so and leads to the catalogue', async () => {
    fakeApi({});
    openPart(testProduct(99)._id);
    expect(await screen.findByRole('heading', { name: 'This part is not in our catalogue' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all parts' })).toHaveAttribute('href', '/parts');
  });
});
