import { and, asc, count, eq } from 'drizzle-orm';
import { MAX_GARAGE_BIKES, vehicleLabel, type GarageBike } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { garageBikes, users, vehicles } from '../db/schema.js';

export type AddResult = { bike: GarageBike } | { full: true } | { noSuchVehicle: true };

/** A customer's bikes, oldest added first. */
export function createGarageRepository(db: Database) {
  const bikesOf = async (userId: string, tx: Database = db): Promise<GarageBike[]> => {
    const rows = await tx
      .select({ id: garageBikes.id, vehicle: vehicles })
      .from(garageBikes)
      .innerJoin(vehicles, eq(vehicles.id, garageBikes.vehicleId))
      .where(eq(garageBikes.userId, userId))
      .orderBy(asc(garageBikes.createdAt), asc(garageBikes.id));
    return rows.map(({ id, vehicle }) => ({
      _id: id,
      vehicleId: vehicle.id,
      label: vehicleLabel(vehicle),
      make: vehicle.make,
      model: vehicle.model,
      year: vehicle.year,
    }));
  };

  return {
    list: (userId: string) => bikesOf(userId),

    /**
     * Adds the bike; one already there is answered again. The user's row is locked meanwhile, so two
     * requests at once cannot take the garage past its size.
     */
    async add(userId: string, vehicleId: string): Promise<AddResult> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [vehicle] = await tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, vehicleId));
        if (!vehicle) return { noSuchVehicle: true as const };
        const existing = (await bikesOf(userId, tx)).find((bike) => bike.vehicleId === vehicleId);
        if (existing) return { bike: existing };
        const [held] = await tx.select({ n: count() }).from(garageBikes).where(eq(garageBikes.userId, userId));
        if ((held?.n ?? 0) >= MAX_GARAGE_BIKES) return { full: true as const };
        await tx.insert(garageBikes).values({ userId, vehicleId });
        const added = (await bikesOf(userId, tx)).find((bike) => bike.vehicleId === vehicleId);
        if (!added) throw new Error('the garage bike just added was not found');
        return { bike: added };
      });
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(garageBikes)
        .where(and(eq(garageBikes.id, id), eq(garageBikes.userId, userId)))
        .returning({ id: garageBikes.id });
      return removed.length === 1;
    },
  };
}

export type GarageRepository = ReturnType<typeof createGarageRepository>;
