import { describe, expect, it } from 'vitest';
import type { Fitment, Vehicle } from '@contract/catalogue';
import { testUuid } from '../../test/render';
import { fitOf, fitText } from './fit';
import { fitmentByModel, specName, specValue, yearRanges } from './part-facts';

const vehicle = (n: number, make: string, model: string, year: number): Vehicle => ({
  _id: testUuid(n),
  make,
  model,
  year,
  label: `${year} ${make} ${model}`,
});

describe('what the part page and the cards say of a part', () => {
  it('when a part fits, fits every bike, or does not, then the badge says so in the contract words', () => {
    expect(fitText('fits', '2019 Honda CBR600RR')).toBe('Fits your 2019 Honda CBR600RR');
    expect(fitText('no', '2019 Honda CBR600RR')).toBe('Does not fit your 2019 Honda CBR600RR');
    expect(fitText('universal', '2019 Honda CBR600RR')).toBe('Fits every bike');
  });

  it("when a part's fitment is read for a bike, then it fits if the bike is listed, and always if universal", () => {
    const fitment: Fitment = { universal: false, vehicles: [vehicle(1, 'Honda', 'CBR600RR', 2019)] };
    expect(fitOf(fitment, testUuid(1))).toBe('fits');
    expect(fitOf(fitment, testUuid(2))).toBe('no');
    expect(fitOf({ universal: true, vehicles: [] }, testUuid(2))).toBe('universal');
  });

  it.each([
    ['compound', 'Compound'],
    ['diameterMm', 'Diameter (mm)'],
    ['minThicknessMm', 'Min thickness (mm)'],
    ['boltHoles', 'Bolt holes'],
    ['padsPerSet', 'Pads per set'],
    ['volumeMl', 'Volume (ml)'],
    ['torqueNm', 'Torque (N·m)'],
    ['dryBoilingPointC', 'Dry boiling point (°C)'],
    ['abs', 'Abs'],
    ['Mm', 'Mm'],
  ])('when the spec %s is shown, then it reads "%s"', (name, shown) => {
    expect(specName(name)).toBe(shown);
  });

  it('when spec values are shown, then words start with a capital and numbers and codes stay as they are', () => {
    expect(specValue('semi-sintered')).toBe('Semi-sintered');
    expect(specValue('HH')).toBe('HH');
    expect(specValue(320)).toBe('320');
    expect(specValue(4.5)).toBe('4.5');
  });

  it('when years are listed, then runs are joined with a dash and gaps with a comma', () => {
    expect(yearRanges([2015, 2013, 2014, 2019, 2021, 2020, 2014])).toBe('2013–2015, 2019–2021');
    expect(yearRanges([2018])).toBe('2018');
    expect(yearRanges([])).toBe('');
  });

  it('when the bikes a part fits are listed, then one line a model, by make and model, with its years', () => {
    const bikes = [
      vehicle(1, 'Yamaha', 'MT-07', 2021),
      vehicle(2, 'Honda', 'CBR600RR', 2014),
      vehicle(3, 'Honda', 'CBR600RR', 2013),
      vehicle(4, 'Honda', 'CB650R', 2019),
      vehicle(5, 'Yamaha', 'MT-07', 2019),
    ];
    expect(fitmentByModel(bikes)).toEqual([
      { model: 'Honda CB650R', years: '2019' },
      { model: 'Honda CBR600RR', years: '2013–2014' },
      { model: 'Yamaha MT-07', years: '2019, 2021' },
    ]);
  });
});
