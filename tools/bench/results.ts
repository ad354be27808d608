// What a run found, section by section, as main.ts collects it and report.ts prints it. A
// measurement that could not be taken says why instead: it failed (`error`) or was not run (`notRun`).
import type { ReadRow } from './api-reads.js';
import type { CsvResult } from './catalogue-csv.js';
import type { CatalogueResult } from './catalogue-search.js';
import type { CheckoutResult } from './checkout.js';
import type { OrdersResult } from './orders.js';
import type { StartupResult } from './startup.js';
import type { PageScores, PageTransfer } from './web.js';

export interface Outcome<T> {
  result?: T;
  error?: string;
  notRun?: string;
}

export interface ApiEntry extends Outcome<ReadRow[]> {
  database: string;
  /** The endpoint a failed or skipped entry stands for; all of the database's by default. */
  endpoint?: string;
}

export interface WebOutcome {
  transfer?: Outcome<PageTransfer[]>;
  lighthouse?: Outcome<PageScores[]>;
  notRun?: string;
}

export type DatabaseKey = 'pglite' | 'postgres';

export interface StartupEntry extends Outcome<StartupResult> {
  database: string;
  key: DatabaseKey;
  afterLoadRssKb?: number | undefined;
}

export interface CatalogueEntry extends Outcome<CatalogueResult> {
  database: string;
  key: DatabaseKey;
}

export interface Meta {
  date: string;
  node: string;
  cores: number;
  cpuModel: string;
  memoryGiB: number;
  platform: string;
  commit: string;
  dirty: boolean;
  loadStart: number;
  loadEnd: number;
  seconds: number;
  connections: number;
  busyAtStart: number | undefined;
  busyAtEnd: number | undefined;
  runSeconds: number;
  postgres: string;
}

export interface Results {
  meta: Meta;
  api: ApiEntry[];
  orders: Outcome<OrdersResult> | undefined;
  checkout: Outcome<CheckoutResult> | undefined;
  web: WebOutcome | undefined;
  startup: StartupEntry[];
  catalogue: CatalogueEntry[];
  csv: Outcome<CsvResult> | undefined;
}
