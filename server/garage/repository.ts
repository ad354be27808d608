import { and, asc, count, eq } from 'drizzle-orm';
import { MAX_GARAGE_BIKES, vehicleLabel, type GarageBike } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { garageBikes, users, vehicles } from '../db/schema.js';

export type AddResult = { bike: GarageBike } | { full: true } | { noSuchVehicle: true };

type VehicleRow = typeof vehicles.$inferSelect;

const toGarageBike = (id: string, vehicle: VehicleRow): GarageBike => ({
  _id: id,
  vehicleId: vehicle.id,
  label: vehicleLabel(vehicle),
  make: vehicle.make,
  model: vehicle.model,
  year: vehicle.year,
});

/** A customer's bikes, oldest added first. */
export function createGarageRepository(db: Database) {
  return {
    async list(userId: string): Promise<GarageBike[]> {
      const rows = await db
        .select({ id: garageBikes.id, vehicle: vehicles })
        .from(garageBikes)
        .innerJoin(vehicles, eq(vehicles.id, garageBikes.vehicleId))
        .where(eq(garageBikes.userId, userId))
        .orderBy(asc(garageBikes.createdAt), asc(garageBikes.id));
      return rows.map(({ id, vehicle }) => toGarageBike(id, vehicle));
    },

    /**
     * Adds the bike; one already there is answered again. The user's row is locked meanwhile, so two
     * requests at once cannot take the garage past its size.
     */
    async add(userId: string, vehicleId: string): Promise<AddResult> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [vehicle] = await tx.select().from(vehicles).where(eq(vehicles.id, vehicleId));
        if (!vehicle) return { noSuchVehicle: true as const };
        const [existing] = await tx
          .select({ id: garageBikes.id })
          .from(garageBikes)
          .where(and(eq(garageBikes.userId, userId), eq(garageBikes.vehicleId, vehicleId)));
        if (existing) return { bike: toGarageBike(existing.id, vehicle) };
        const [held] = await tx.select({ n: count() }).from(garageBikes).where(eq(garageBikes.userId, userId));
        if ((held?.n ?? 0) >= MAX_GARAGE_BIKES) return { full: true as const };
        const [added] = await tx.insert(garageBikes).values({ userId, vehicleId }).returning({ id: garageBikes.id });
        if (!added) throw new Error('garage insert returned no row');
        return { bike: toGarageBike(added.id, vehicle) };
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
