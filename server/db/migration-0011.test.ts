import { describe, expect, it } from 'vitest';
import { storeMigratedUpTo } from '../test/migrations.js';

/**
 * Migration 0011 (the cart and checkout) on a database that already has orders: every order made
 * before it becomes an order of one line with no shipping, unpaid or paid as it was.
 */
describe('migration 0011 on a store with orders', () => {
  it('gives each earlier order its line, its status and its subtotal', async () => {
    const { client, migrateTheRest, close } = await storeMigratedUpTo('0010_catalogue_search_indexes');

    await client.exec(`
      insert into users (id, name, email, email_verified, created_at, updated_at)
        values ('u1', 'Rider', 'rider@example.com', true, now(), now());
      insert into products (id, name, picture, price_cents, available_quantity, minimum_order_quantity, sku)
        values ('11111111-1111-4111-8111-111111111111', 'Sintered pads', '/images/p.svg', 3499, 10, 1, 'BH-PADS0001');
      insert into orders (id, user_id, email, product_id, product_name, unit_price_cents, quantity, price_cents,
                          phone_number, paid, transaction_id, paid_at)
        values ('22222222-2222-4222-8222-222222222222', 'u1', 'rider@example.com',
                '11111111-1111-4111-8111-111111111111', 'Sintered pads', 3499, 2, 6998, '1', false, null, null),
               ('33333333-3333-4333-8333-333333333333', 'u1', 'rider@example.com',
                null, 'A part since deleted', 1000, 3, 3000, '1', true, 'pi_old', now());`);

    await migrateTheRest();

    const { rows: orders } = await client.query(
      `select id, status, paid, subtotal_cents::int as subtotal, shipping_cents::int as shipping,
              tax_cents::int as tax, price_cents::int as price, shipping_method
       from orders order by id`,
    );
    expect(orders).toEqual([
      {
        id: '22222222-2222-4222-8222-222222222222',
        status: 'unpaid',
        paid: false,
        subtotal: 6998,
        shipping: 0,
        tax: 0,
        price: 6998,
        shipping_method: null,
      },
      {
        id: '33333333-3333-4333-8333-333333333333',
        status: 'paid',
        paid: true,
        subtotal: 3000,
        shipping: 0,
        tax: 0,
        price: 3000,
        shipping_method: null,
      },
    ]);
    const { rows: lines } = await client.query(
      `select order_id, position, product_id, product_name, unit_price_cents, quantity, line_total_cents::int as total
       from order_lines order by order_id`,
    );
    expect(lines).toEqual([
      {
        order_id: '22222222-2222-4222-8222-222222222222',
        position: 0,
        product_id: '11111111-1111-4111-8111-111111111111',
        product_name: 'Sintered pads',
        unit_price_cents: 3499,
        quantity: 2,
        total: 6998,
      },
      {
        order_id: '33333333-3333-4333-8333-333333333333',
        position: 0,
        product_id: null,
        product_name: 'A part since deleted',
        unit_price_cents: 1000,
        quantity: 3,
        total: 3000,
      },
    ]);
    await close();
  });
});
