// The words the generated catalogue (catalogue-data.ts) is made of, and the catalogue section's
// searches (catalogue-search.ts) are typed from: real bikes with the years they were sold, the brands
// of each kind of part, their part-number series. Data only.
import type { PadCompound, PartCategory } from '../../contract/catalogue.js';

/** How a bike maker writes its part numbers (Honda 06455-MFJ-D01, BMW 34 11 8 532 012...). */
export type OemStyle =
  'honda' | 'yamaha' | 'kawasaki' | 'suzuki' | 'ducati' | 'bmw' | 'ktm' | 'triumph' | 'harley' | 'plain';

export interface MakeModels {
  make: string;
  oem: OemStyle;
  /** `Model name first-last`: the model years it was sold. */
  models: string[];
}

/** Twenty makes and their models: more model years than a bench needs (it picks among them). */
export const VEHICLE_MODELS: MakeModels[] = [
  {
    make: 'Honda',
    oem: 'honda',
    models: [
      'CBR600RR 2003-2024',
      'CBR900RR Fireblade 1992-1999',
      'CBR1000RR Fireblade 2004-2025',
      'CBR500R 2013-2025',
      'CB650R 2019-2025',
      'CB1000R 2008-2025',
      'CB500F 2013-2025',
      'CB500X 2013-2025',
      'Hornet 600 1998-2013',
      'NC750X 2014-2025',
      'Africa Twin 2016-2025',
      'Transalp 700 2008-2013',
      'Gold Wing 2001-2025',
      'ST1300 Pan European 2002-2016',
      'VFR800F 2014-2022',
      'Rebel 500 2017-2025',
      'X-ADV 2017-2025',
      'PCX125 2010-2025',
      'SH125 2005-2025',
      'Forza 350 2021-2025',
    ],
  },
  {
    make: 'Yamaha',
    oem: 'yamaha',
    models: [
      'YZF-R6 2006-2020',
      'YZF-R1 2004-2025',
      'YZF-R7 2022-2025',
      'YZF-R3 2015-2025',
      'YZF-R125 2008-2025',
      'MT-07 2014-2025',
      'MT-09 2014-2025',
      'MT-10 2016-2025',
      'FZ6 2004-2010',
      'FZ1 2006-2015',
      'XJ6 2009-2016',
      'XSR700 2016-2025',
      'Tenere 700 2019-2025',
      'Super Tenere 1200 2010-2021',
      'Tracer 9 GT 2021-2025',
      'FJR1300 2001-2020',
      'TDM900 2002-2011',
      'XMAX 300 2017-2025',
      'TMAX 560 2020-2025',
      'NMAX 125 2015-2025',
    ],
  },
  {
    make: 'Kawasaki',
    oem: 'kawasaki',
    models: [
      'Ninja ZX-6R 2003-2025',
      'Ninja ZX-10R 2004-2025',
      'Ninja 650 2012-2025',
      'Ninja 400 2018-2025',
      'Ninja 300 2013-2017',
      'Ninja 1000SX 2011-2025',
      'ZZR1400 2006-2020',
      'Z1000 2003-2020',
      'Z900 2017-2025',
      'Z750 2004-2012',
      'Z650 2017-2025',
      'Z H2 2020-2025',
      'ER-6n 2006-2016',
      'Versys 650 2007-2025',
      'Versys 1000 2012-2025',
      'GTR1400 2008-2020',
      'Vulcan S 2015-2025',
      'KLR650 2008-2025',
    ],
  },
  {
    make: 'Suzuki',
    oem: 'suzuki',
    models: [
      'GSX-R600 2004-2018',
      'GSX-R750 2004-2023',
      'GSX-R1000 2005-2023',
      'GSX-S750 2015-2021',
      'GSX-S1000 2015-2025',
      'Katana 2019-2025',
      'SV650 2003-2025',
      'SV1000 2003-2008',
      'Bandit 1250 2007-2016',
      'GSF650 Bandit 2005-2015',
      'V-Strom 650 2004-2025',
      'V-Strom 1050 2020-2025',
      'Hayabusa 1999-2025',
      'Burgman 400 2007-2025',
      'Boulevard M109R 2006-2020',
      'DR-Z400SM 2005-2024',
    ],
  },
  {
    make: 'Ducati',
    oem: 'ducati',
    models: [
      '848 2008-2013',
      '1199 Panigale 2012-2014',
      '959 Panigale 2016-2019',
      'Panigale V2 2020-2025',
      'Panigale V4 2018-2025',
      'Streetfighter V4 2020-2025',
      'Monster 2021-2025',
      'Monster 696 2008-2014',
      'Monster 821 2014-2020',
      'Multistrada 1200 2010-2017',
      'Multistrada 1260 2018-2020',
      'Multistrada V4 2021-2025',
      'Diavel 1260 2019-2022',
      'Diavel V4 2023-2025',
      'Scrambler Icon 2015-2025',
      'Hypermotard 821 2013-2015',
      'Hypermotard 950 2019-2025',
      'SuperSport 950 2021-2024',
    ],
  },
  {
    make: 'BMW',
    oem: 'bmw',
    models: [
      'S 1000 RR 2010-2025',
      'S 1000 R 2014-2025',
      'S 1000 XR 2015-2025',
      'K 1300 S 2009-2016',
      'K 1600 GT 2011-2025',
      'F 800 R 2009-2019',
      'F 800 GS 2008-2018',
      'F 850 GS 2018-2025',
      'F 900 R 2020-2025',
      'F 900 XR 2020-2025',
      'R 1200 GS 2004-2018',
      'R 1250 GS 2019-2023',
      'R 1300 GS 2024-2025',
      'R 1200 RT 2005-2018',
      'R 1250 RT 2019-2025',
      'R nineT 2014-2024',
      'R 18 2021-2025',
      'G 310 R 2017-2025',
      'C 400 GT 2019-2025',
    ],
  },
  {
    make: 'KTM',
    oem: 'ktm',
    models: [
      '125 Duke 2011-2025',
      '390 Duke 2013-2025',
      'RC 390 2014-2025',
      '690 Duke 2008-2019',
      '790 Duke 2018-2023',
      '890 Duke 2021-2025',
      '1290 Super Duke R 2014-2025',
      '990 Adventure 2006-2013',
      '1190 Adventure 2013-2016',
      '890 Adventure 2021-2025',
      '1290 Super Adventure S 2017-2025',
      '690 SMC R 2012-2025',
      '500 EXC-F 2012-2025',
    ],
  },
  {
    make: 'Triumph',
    oem: 'triumph',
    models: [
      'Daytona 955i 1997-2006',
      'Daytona 675R 2011-2017',
      'Sprint ST 1999-2010',
      'Street Triple 675 2007-2016',
      'Street Triple RS 2017-2025',
      'Speed Triple 1050 2005-2020',
      'Speed Triple 1200 RS 2021-2025',
      'Trident 660 2021-2025',
      'Tiger 800 2011-2019',
      'Tiger 900 2020-2025',
      'Tiger 1200 2012-2025',
      'Bonneville T120 2016-2025',
      'Bonneville Bobber 2017-2025',
      'Speed Twin 1200 2019-2025',
      'Thruxton RS 2020-2024',
      'Thunderbird 2009-2017',
      'Rocket 3 2019-2025',
    ],
  },
  {
    make: 'Harley-Davidson',
    oem: 'harley',
    models: [
      'Sportster S 2021-2025',
      'Iron 883 2009-2022',
      'Forty-Eight 2010-2022',
      'Nightster 2022-2025',
      'Fat Boy 114 2018-2025',
      'Fat Bob 2008-2025',
      'Breakout 2013-2025',
      'Heritage Classic 2002-2025',
      'Low Rider S 2020-2025',
      'Softail Standard 2020-2025',
      'Street Glide 2006-2025',
      'Road Glide 2015-2025',
      'Road King 2002-2025',
      'Electra Glide Ultra 2002-2025',
      'Pan America 1250 2021-2025',
    ],
  },
  {
    make: 'Aprilia',
    oem: 'plain',
    models: [
      'RSV Mille 1998-2003',
      'RSV4 2009-2025',
      'RS 660 2021-2025',
      'RS 125 2006-2025',
      'Tuono V4 2011-2025',
      'Tuono 660 2021-2025',
      'Tuareg 660 2022-2025',
      'Dorsoduro 900 2017-2020',
      'Shiver 900 2017-2020',
      'Caponord 1200 2013-2017',
      'SR GT 200 2022-2025',
    ],
  },
  {
    make: 'Moto Guzzi',
    oem: 'plain',
    models: [
      'V7 Stone 2012-2025',
      'V85 TT 2019-2025',
      'V100 Mandello 2022-2025',
      'Griso 1200 2007-2016',
      'Norge 1200 2006-2016',
      'California 1400 2013-2020',
    ],
  },
  {
    make: 'MV Agusta',
    oem: 'plain',
    models: [
      'F3 800 2013-2025',
      'F4 1000 2010-2019',
      'Brutale 675 2012-2015',
      'Brutale 800 2013-2025',
      'Brutale 1000 RR 2020-2025',
      'Dragster 800 2014-2025',
      'Turismo Veloce 800 2015-2025',
      'Rush 1000 2021-2023',
    ],
  },
  {
    make: 'Husqvarna',
    oem: 'ktm',
    models: [
      'Vitpilen 401 2018-2025',
      'Svartpilen 401 2018-2025',
      '701 Supermoto 2016-2025',
      'Norden 901 2022-2025',
      'FE 350 2014-2025',
    ],
  },
  {
    make: 'Royal Enfield',
    oem: 'plain',
    models: [
      'Interceptor 650 2019-2025',
      'Continental GT 650 2019-2025',
      'Himalayan 2016-2025',
      'Classic 350 2009-2025',
      'Meteor 350 2021-2025',
      'Super Meteor 650 2023-2025',
    ],
  },
  {
    make: 'Indian',
    oem: 'plain',
    models: [
      'Scout 2015-2025',
      'Scout Bobber 2018-2025',
      'Chief 2014-2025',
      'Chieftain 2014-2025',
      'Roadmaster 2015-2025',
      'Springfield 2016-2025',
      'Challenger 2020-2025',
      'FTR 1200 2019-2025',
    ],
  },
  {
    make: 'Benelli',
    oem: 'plain',
    models: ['TRK 502 2017-2025', 'Leoncino 500 2017-2025', 'TNT 600 2007-2017'],
  },
  {
    make: 'CFMOTO',
    oem: 'plain',
    models: ['700CL-X 2021-2025', '800MT 2022-2025', '450SR 2022-2025', '650NK 2013-2025'],
  },
  {
    make: 'Vespa',
    oem: 'plain',
    models: ['GTS 300 2008-2025', 'GTS 125 2008-2025', 'Primavera 125 2014-2025', 'Sprint 150 2014-2025'],
  },
  {
    make: 'Piaggio',
    oem: 'plain',
    models: ['Beverly 300 2010-2025', 'MP3 500 2011-2025', 'Liberty 125 2009-2025', 'Medley 125 2016-2025'],
  },
  {
    make: 'Kymco',
    oem: 'plain',
    models: ['AK 550 2017-2025', 'Xciting S 400 2018-2025', 'Agility 125 2008-2025', 'Downtown 350 2015-2025'],
  },
];

/** The share of the parts in each category that are not universal (fluid is universal only). */
export const CATEGORY_WEIGHTS: [PartCategory, number][] = [
  ['brake-pads', 32],
  ['brake-discs', 18],
  ['calipers', 8],
  ['brake-lines', 12],
  ['levers', 10],
  ['master-cylinders', 6],
  ['hardware', 14],
];

/** Who makes each kind of part: 36 brands in all. */
export const BRANDS: Record<PartCategory, string[]> = {
  'brake-pads': [
    'EBC',
    'Brembo',
    'Galfer',
    'SBS',
    'TRW',
    'Ferodo',
    'Vesrah',
    'Carbone Lorraine',
    'Braking',
    'Nissin',
    'Newfren',
  ],
  'brake-discs': ['Brembo', 'Galfer', 'EBC', 'NG Brake Disc', 'Braking', 'TRW', 'Sunstar', 'Beringer', 'Discacciati'],
  calipers: ['Brembo', 'Nissin', 'Tokico', 'Beringer', 'Accossato', 'Discacciati'],
  'brake-lines': ['HEL Performance', 'Goodridge', 'Venhill', 'Spiegler', 'Galfer', 'Core Moto'],
  levers: ['ASV', 'CRG', 'Rizoma', 'Pazzo Racing', 'Gilles Tooling', 'Bonamici', 'Brembo'],
  'master-cylinders': ['Brembo', 'Nissin', 'Accossato', 'Magura', 'Beringer'],
  'brake-fluid': ['Motul', 'Castrol', 'Putoline', 'Ipone', 'Silkolene', 'Brembo', 'EBC'],
  hardware: ['Pro-Bolt', 'Motion Pro', 'Galfer', 'EBC', 'Brembo', 'HEL Performance', 'Venhill', 'Core Moto'],
};

/** A pad maker's part-number series: the prefix (EBC's `FA` of FA390HH) and the suffix of each compound. */
export interface PadSeries {
  prefix: string;
  suffix: Record<PadCompound, string>;
}

export const PAD_SERIES: Record<string, PadSeries> = {
  EBC: { prefix: 'FA', suffix: { sintered: 'HH', 'semi-sintered': 'V', organic: '', ceramic: 'X', carbon: 'XC' } },
  Brembo: {
    prefix: '07',
    suffix: { sintered: 'SA', 'semi-sintered': 'SP', organic: 'CC', ceramic: 'LA', carbon: 'Z04' },
  },
  Galfer: {
    prefix: 'FD',
    suffix: { sintered: 'G1375', 'semi-sintered': 'G1054', organic: 'G1054', ceramic: 'G1396', carbon: 'G1380' },
  },
  SBS: { prefix: '', suffix: { sintered: 'HS', 'semi-sintered': 'HF', organic: 'HF', ceramic: 'HF', carbon: 'DC' } },
  TRW: { prefix: 'MCB', suffix: { sintered: 'SV', 'semi-sintered': 'SH', organic: '', ceramic: 'EC', carbon: 'CRQ' } },
  Ferodo: {
    prefix: 'FDB',
    suffix: { sintered: 'ST', 'semi-sintered': 'XRAC', organic: 'P', ceramic: 'EF', carbon: 'CPRO' },
  },
  Vesrah: {
    prefix: 'VD',
    suffix: { sintered: 'SRJL', 'semi-sintered': 'JL', organic: '', ceramic: 'XX', carbon: 'RJL' },
  },
  'Carbone Lorraine': {
    prefix: '',
    suffix: { sintered: 'A3+', 'semi-sintered': 'SBK5', organic: 'S4', ceramic: 'XBK5', carbon: 'C60' },
  },
  Braking: {
    prefix: '',
    suffix: { sintered: 'SM1', 'semi-sintered': 'CM55', organic: 'SM1', ceramic: 'CM56', carbon: 'P1R' },
  },
  Nissin: {
    prefix: '2P',
    suffix: { sintered: 'NS', 'semi-sintered': 'ST', organic: 'GS', ceramic: 'ST', carbon: 'RS' },
  },
  Newfren: {
    prefix: 'FD0',
    suffix: { sintered: 'TS', 'semi-sintered': 'SP', organic: 'OR', ceramic: 'TT', carbon: 'RC' },
  },
};

/** Caliper models by maker, as riders name them. */
export const CALIPER_MODELS: Record<string, string[]> = {
  Brembo: ['M4.32', 'M50', 'Stylema', 'GP4-RX', 'P4 30/34', 'P2 34'],
  Nissin: ['4-pot', 'Monobloc', 'Racing'],
  Tokico: ['4-pot', 'Monobloc'],
  Beringer: ['Aerotec', '4D'],
  Accossato: ['Racing', 'CNC'],
  Discacciati: ['Racing', 'CNC'],
};

export const COLOURS = ['black', 'silver', 'red', 'blue', 'gold', 'titanium'];
export const RIDING = ['sport', 'touring', 'track', 'street', 'race', 'endurance', 'trail', 'road'];

/** Small parts: `universal` ones fit every bike (no fitment rows). */
export const HARDWARE: { name: string; picture: string; universal: boolean }[] = [
  { name: 'Titanium Brake Disc Bolts M8', picture: 'disc-bolts', universal: false },
  { name: 'Stainless Disc Bolt Kit M8', picture: 'disc-bolts', universal: false },
  { name: 'Titanium Caliper Bolt Kit M10', picture: 'banjo-bolts', universal: false },
  { name: 'Banjo Bolt Double M10x1.25', picture: 'banjo-bolts', universal: true },
  { name: 'Banjo Bolt Single M10x1.00', picture: 'banjo-bolts', universal: true },
  { name: 'Copper Crush Washers M10', picture: 'banjo-bolts', universal: true },
  { name: 'Brake Pad Pin Kit', picture: 'rebuild-kit', universal: false },
  { name: 'Caliper Rebuild Kit 4-piston', picture: 'rebuild-kit', universal: false },
  { name: 'Master Cylinder Rebuild Kit', picture: 'rebuild-kit', universal: false },
  { name: 'Floating Disc Carrier Buttons', picture: 'disc-bolts', universal: false },
  { name: 'One-Man Brake Bleeder Kit', picture: 'rebuild-kit', universal: true },
];

/**
 * Words shoppers type, beside brands, makes and models: what they look for, and how they say it.
 * Each appears in the generated parts' names, specs or descriptions.
 */
export const SEARCH_WORDS = [
  'pads',
  'brake',
  'disc',
  'caliper',
  'lines',
  'lever',
  'master',
  'cylinder',
  'fluid',
  'bolts',
  'sintered',
  'organic',
  'ceramic',
  'carbon',
  'front',
  'rear',
  'floating',
  'fixed',
  'wave',
  'radial',
  'axial',
  'braided',
  'stainless',
  'titanium',
  'adjustable',
  'folding',
  'shorty',
  'rebuild',
  'banjo',
  'racing',
  'monobloc',
  '320',
  '4-piston',
];
