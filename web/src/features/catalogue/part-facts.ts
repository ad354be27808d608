import type { PartSpecs, Vehicle } from '@contract/catalogue';

/** The units a spec's name may end in (`diameterMm`, `volumeMl`, `torqueNm`, `dryBoilingPointC`). */
const UNITS: Record<string, string> = { Mm: 'mm', Ml: 'ml', Nm: 'N·m', C: '°C' };
const UNIT_AT_END = /[a-z0-9](Mm|Ml|Nm|C)$/;

/** A spec's name as people read it: `minThicknessMm` is "Min thickness (mm)". */
export function specName(name: string): string {
  const unit = UNIT_AT_END.exec(name)?.[1];
  const bare = unit ? name.slice(0, -unit.length) : name;
  const words = bare
    .replace(/([A-Z])/g, ' $1')
    .trim()
    .toLowerCase();
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}${unit ? ` (${UNITS[unit]})` : ''}`;
}

/** A spec's value as people read it: `semi-sintered` is "Semi-sintered"; numbers and codes as they are. */
export const specValue = (value: PartSpecs[string]): string =>
  typeof value === 'string' ? `${value.charAt(0).toUpperCase()}${value.slice(1)}` : String(value);

/** Years as runs: 2013, 2014, 2015 and 2019 read "2013–2015, 2019". */
export function yearRanges(years: readonly number[]): string {
  const sorted = [...new Set(years)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const year of sorted) {
    const last = runs.at(-1);
    if (last && year === last[1] + 1) last[1] = year;
    else runs.push([year, year]);
  }
  return runs.map(([first, last]) => (first === last ? String(first) : `${first}–${last}`)).join(', ');
}

/** The bikes a part fits, one line a model ("Honda CBR600RR", "2013–2020"), by make and model. */
export function fitmentByModel(vehicles: readonly Vehicle[]): { model: string; years: string }[] {
  const years = new Map<string, number[]>();
  for (const vehicle of vehicles) {
    const model = `${vehicle.make} ${vehicle.model}`;
    years.set(model, [...(years.get(model) ?? []), vehicle.year]);
  }
  return [...years]
    .sort(([a], [b]) => a.localeCompare(b, 'en'))
    .map(([model, modelYears]) => ({ model, years: yearRanges(modelYears) }));
}
