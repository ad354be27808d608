/**
 * What one catalogue file may hold (docs/decisions/0034): what an export of the store's catalogue
 * holds, and an allowance on top for new parts. The allowance alone covers a shop of a few
 * thousand parts and a supplier's file of tens of thousands; the store is measured only when a file
 * needs more, so that an export of any catalogue the store holds can be imported again.
 */
export interface ImportLimitValues {
  /** The body's size in bytes. */
  bytes: number;
  /** Lines after the header, every one counted: blank, unreadable or with the wrong number of cells. */
  lines: number;
  /** Fitment rows the file names in all (a model year of a bike a part fits). */
  fitmentRows: number;
}

export const IMPORT_ALLOWANCE: Readonly<ImportLimitValues> = {
  bytes: 20 * 1024 * 1024,
  lines: 100_000,
  // The benchmark's supplier file names 100,000; 1,000 lines fitting 13 models from 1950 to 2027 name a million.
  fitmentRows: 500_000,
};

/** The store's catalogue as an export writes it: its parts, their fitment rows and at most how many bytes. */
export interface CatalogueSize {
  parts: number;
  fitmentRows: number;
  exportBytes: number;
}

export const limitsFor = (size: CatalogueSize): ImportLimitValues => ({
  bytes: IMPORT_ALLOWANCE.bytes + size.exportBytes,
  lines: IMPORT_ALLOWANCE.lines + size.parts,
  fitmentRows: IMPORT_ALLOWANCE.fitmentRows + size.fitmentRows,
});

/** One import's limits: the allowance until the file passes it, then the store's size is read, once. */
export class ImportLimits {
  #values: Readonly<ImportLimitValues> = IMPORT_ALLOWANCE;
  #measured: Promise<void> | undefined;

  constructor(private readonly measure: () => Promise<CatalogueSize>) {}

  /** The limit as known so far: a count at or below it needs no more asking. */
  known(kind: keyof ImportLimitValues): number {
    return this.#values[kind];
  }

  /** Whether a file may hold `count` of `kind`; past the allowance, the store is measured (once). */
  async allows(kind: keyof ImportLimitValues, count: number): Promise<boolean> {
    if (count <= this.#values[kind]) return true;
    this.#measured ??= this.measure().then((size) => {
      this.#values = limitsFor(size);
    });
    await this.#measured;
    return count <= this.#values[kind];
  }
}
