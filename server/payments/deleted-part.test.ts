import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../contract/index.js';
import { createProductRepository } from '../products/repository.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, signUpWithToken } from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { payInSandbox, postAs } from '../test/requests.js';

// Decision 0014: an order placed before its part left the catalogue stays payable, as it was.
describe('paying for an order whose part was deleted afterwards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('when the part is deleted after the order was placed, then the order is still paid through the sandbox and keeps its name and price', async () => {
    const customer = await signUpWithToken(t.app);
    const part = await buildProduct(t.db, {
      name: 'Sintered pads, front',
      priceCents: 3450,
      minimumOrderQuantity: 1,
      availableQuantity: 10,
    });
    const placed = await postAs(t.app, customer.token, '/api/myOrder', {
      productId: part._id,
      quantity: 2,
      phoneNumber: '555 0100',
    });
    expect(placed.statusCode).toBe(200);
    const order = placed.json<Order>();

    expect(await createProductRepository(t.db).delete(part._id)).toBe(true);
    const gone = await t.app.inject({ method: 'GET', url: `/api/products/${part._id}` });
    expect(gone.statusCode).toBe(404);

    const { intent, confirmed, transactionId, marked } = await payInSandbox(t.app, customer.token, order._id);
    expect(intent.statusCode).toBe(200);
    expect(intent.json()).toMatchObject({ provider: 'sandbox', amount: 69 });
    expect(confirmed.statusCode).toBe(200);
    expect(marked.statusCode).toBe(200);

    const after = await t.app.inject({
      method: 'GET',
      url: `/api/myOrder/${order._id}`,
      headers: bearer(customer.token),
    });
    expect(after.json<Order>()).toMatchObject({
      _id: order._id,
      productId: null,
      productName: 'Sintered pads, front',
      unitPrice: 34.5,
      quantity: 2,
      price: 69,
      paid: true,
      transactionId,
    });
  });
});
