import { and, asc, desc, eq } from 'drizzle-orm';
import { vehicleLabel, type Fitment, type Vehicle } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { productFitment, products, vehicles } from '../db/schema.js';

type VehicleRow = typeof vehicles.$inferSelect;

export const toVehicle = (row: VehicleRow): Vehicle => ({
  _id: row.id,
  make: row.make,
  model: row.model,
  year: row.year,
  label: vehicleLabel(row),
});

/** Bikes (one row per model year) and which parts fit them. */
export function createVehicleRepository(db: Database) {
  return {
    async makes(): Promise<string[]> {
      const rows = await db.selectDistinct({ make: vehicles.make }).from(vehicles).orderBy(asc(vehicles.make));
      return rows.map((row) => row.make);
    },

    /** The make's models, sorted; the make is matched exactly, as `makes()` spells it. */
    async models(make: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ model: vehicles.model })
        .from(vehicles)
        .where(eq(vehicles.make, make))
        .orderBy(asc(vehicles.model));
      return rows.map((row) => row.model);
    },

    /** The model's years, newest first. */
    async years(make: string, model: string): Promise<Vehicle[]> {
      const rows = await db
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.make, make), eq(vehicles.model, model)))
        .orderBy(desc(vehicles.year));
      return rows.map(toVehicle);
    },

    async findById(id: string): Promise<Vehicle | undefined> {
      const [row] = await db.select().from(vehicles).where(eq(vehicles.id, id));
      return row && toVehicle(row);
    },

    /** What a part fits, by make, model and year; undefined when there is no such part. */
    async fitmentOf(productId: string): Promise<Fitment | undefined> {
      const [product] = await db
        .select({ universal: products.universal })
        .from(products)
        .where(eq(products.id, productId));
      if (!product) return undefined;
      const rows = await db
        .select({ vehicle: vehicles })
        .from(productFitment)
        .innerJoin(vehicles, eq(vehicles.id, productFitment.vehicleId))
        .where(eq(productFitment.productId, productId))
        .orderBy(asc(vehicles.make), asc(vehicles.model), desc(vehicles.year));
      return { universal: product.universal, vehicles: rows.map((row) => toVehicle(row.vehicle)) };
    },
  };
}

export type VehicleRepository = ReturnType<typeof createVehicleRepository>;
