import sharp from 'sharp';
import { expect, test } from './fixtures';
import { newPerson, register } from './support/accounts';

// A photo address from another site (https://, as the Register form allows) is shown as given: the
// CSP lets https: pictures in (img-src), so the navbar and My Profile draw the customer's own photo,
// not the grey default. The test machine has no internet: the photo host answers through the test.

const PHOTO_URL = 'https://photos.riders.example/ada.png';

test('when a customer registers with an https:// photo address, then the navbar and My Profile show that photo', async ({
  page,
}) => {
  const png = await sharp({ create: { width: 96, height: 96, channels: 3, background: '#2b6cb0' } })
    .png()
    .toBuffer();
  let served = 0;
  await page.route(PHOTO_URL, (route) => {
    served += 1;
    return route.fulfill({ status: 200, contentType: 'image/png', body: png });
  });
  const person = newPerson({ photoURL: PHOTO_URL });
  await register(page, person);

  const drawn = (where: ReturnType<typeof page.getByRole>) =>
    where.locator(`img[src="${PHOTO_URL}"]`).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth);
  await expect.poll(() => drawn(page.getByRole('navigation'))).toBe(96);

  await page.goto('/dashboard');
  await expect.poll(() => drawn(page.getByRole('main'))).toBe(96);
  expect(served).toBeGreaterThan(0);
});
