/**
 * The sample catalogue a new store starts with. Listed oldest first: the last six products and the
 * last six reviews are the "newest" ones the home page shows. Pictures ship with the web app.
 */
export interface SeedProduct {
  name: string;
  picture: string;
  priceCents: number;
  availableQuantity: number;
  minimumOrderQuantity: number;
  description: string;
}

export interface SeedReview {
  name: string;
  email: string;
  photoUrl: string;
  rating: number;
  feedback: string;
}

const picture = (slug: string) => `/images/products/${slug}.svg`;
const photo = (slug: string) => `/images/reviewers/${slug}.svg`;

export const seedProducts: SeedProduct[] = [
  {
    name: 'Banjo Bolt and Copper Washer Set',
    picture: picture('banjo-bolts'),
    priceCents: 1290,
    availableQuantity: 900,
    minimumOrderQuantity: 20,
    description:
      'Single and double banjo bolts in M10 x 1.25 with annealed copper crush washers. Washers are single-use: fit new ones whenever a line is disconnected and torque the bolt to 20-25 Nm.',
  },
  {
    name: 'Titanium Disc Bolt Set (6 pcs)',
    picture: picture('disc-bolts'),
    priceCents: 3500,
    availableQuantity: 500,
    minimumOrderQuantity: 10,
    description:
      "Grade 5 titanium M8 x 1.25 countersunk disc bolts, about 45% lighter than steel, which reduces unsprung and rotating mass. Use thread locker and torque to the manufacturer's figure, typically 22-25 Nm.",
  },
  {
    name: 'Caliper Rebuild Kit (Pistons and Seals)',
    picture: picture('rebuild-kit'),
    priceCents: 4200,
    availableQuantity: 260,
    minimumOrderQuantity: 6,
    description:
      'Stainless pistons, square-section piston seals and dust seals for one four-piston caliper. Replacing the seals restores piston retraction and cures dragging brakes caused by corroded pistons.',
  },
  {
    name: 'DOT 4 Racing Brake Fluid 500 ml',
    picture: picture('brake-fluid'),
    priceCents: 1650,
    availableQuantity: 1200,
    minimumOrderQuantity: 24,
    description:
      'Glycol-based DOT 4 fluid with a 312 C dry and 204 C wet boiling point. Compatible with DOT 3 and DOT 5.1 systems (never DOT 5 silicone). Hygroscopic: replace every two years or after each track season.',
  },
  {
    name: 'Rear Master Cylinder with Integrated Reservoir',
    picture: picture('rear-master-cylinder'),
    priceCents: 11900,
    availableQuantity: 60,
    minimumOrderQuantity: 3,
    description:
      '12.7 mm bore rear master cylinder machined from 6061 aluminium with an integrated reservoir and adjustable pushrod. 48 mm mounting centres fit most sport and naked bikes.',
  },
  {
    name: 'Axial 2-Piston Rear Caliper',
    picture: picture('rear-caliper'),
    priceCents: 14900,
    availableQuantity: 48,
    minimumOrderQuantity: 2,
    description:
      'Two-piston 32 mm axial-mount rear caliper with 84 mm mounting centres, for 220-245 mm discs and 5 mm thick rotors. Supplied with stainless pad pin, bleed nipple and anodised finish.',
  },
  {
    name: 'Fixed Rear Brake Disc 220 mm',
    picture: picture('rear-disc'),
    priceCents: 8950,
    availableQuantity: 150,
    minimumOrderQuantity: 4,
    description:
      '220 mm x 5 mm fixed rear disc in heat-treated 420 stainless steel, laser cut and surface ground flat within 0.05 mm. Drilled pattern sheds water and pad dust; minimum thickness 4.5 mm.',
  },
  {
    name: 'Organic Rear Brake Pads',
    picture: picture('organic-pads'),
    priceCents: 2290,
    availableQuantity: 820,
    minimumOrderQuantity: 12,
    description:
      'Non-metallic organic compound for rear calipers: progressive bite, quiet operation and low disc wear. Bed in with ten moderate stops from 50 km/h before hard use. Sold per axle set.',
  },
  {
    name: 'Adjustable CNC Brake Lever',
    picture: picture('brake-lever'),
    priceCents: 5400,
    availableQuantity: 400,
    minimumOrderQuantity: 10,
    description:
      'Billet 6061-T6 front brake lever with a six-position span adjuster and a folding tip that breaks away in a fall instead of snapping. Stainless pivot bolt and bushing included.',
  },
  {
    name: 'Radial Front Master Cylinder 19x18',
    picture: picture('radial-master-cylinder'),
    priceCents: 25900,
    availableQuantity: 40,
    minimumOrderQuantity: 2,
    description:
      '19 mm bore radial master cylinder with an 18 mm lever ratio setting for a firm, linear lever on dual 4-piston radial calipers. Forged body, remote reservoir and brake light switch included.',
  },
  {
    name: 'Stainless Braided Brake Line Kit (Front, Dual)',
    picture: picture('braided-lines'),
    priceCents: 7490,
    availableQuantity: 300,
    minimumOrderQuantity: 5,
    description:
      'PTFE inner hose in stainless steel braid with a clear PVC cover, DOT/TUV approved. Replaces rubber lines that swell under pressure, so the lever stays firm when hot. Banjo bolts and washers included.',
  },
  {
    name: 'Semi-Floating Wave Disc 320 mm',
    picture: picture('wave-disc'),
    priceCents: 18900,
    availableQuantity: 120,
    minimumOrderQuantity: 4,
    description:
      '320 mm x 5.5 mm semi-floating disc with a stainless wave-cut braking ring on an aluminium carrier. The floating buttons let the ring expand without warping; the wave edge cleans the pads on every revolution.',
  },
  {
    name: 'Radial 4-Piston Forged Caliper',
    picture: picture('radial-caliper'),
    priceCents: 32900,
    availableQuantity: 36,
    minimumOrderQuantity: 2,
    description:
      'Monobloc-style forged aluminium caliper with four 32 mm pistons and 100 mm radial mounting. Stiffer than axial-mount calipers, for consistent feel under repeated hard braking. Sold left or right.',
  },
  {
    name: 'Sintered Front Brake Pads HH',
    picture: picture('sintered-pads'),
    priceCents: 3850,
    availableQuantity: 640,
    minimumOrderQuantity: 10,
    description:
      'HH-rated sintered copper compound for strong, fade-free stopping wet or dry. Suits cast-iron and stainless discs on road and sport bikes. Sold per caliper set with shims and pad pins.',
  },
];

export const seedReviews: SeedReview[] = [
  {
    name: 'Marta Kowalski',
    email: 'marta.k@example.com',
    photoUrl: photo('marta'),
    rating: 4,
    feedback:
      'The banjo bolt sets are exactly the thread pitch listed and the washers are properly annealed. Good stock to keep on the bench.',
  },
  {
    name: 'Daniel Okafor',
    email: 'd.okafor@example.com',
    photoUrl: photo('daniel'),
    rating: 5,
    feedback:
      'Ordered brake fluid by the case for the workshop. Fast dispatch, well packed, and the boiling point holds up on track days.',
  },
  {
    name: 'Lena Fischer',
    email: 'lena.fischer@example.com',
    photoUrl: photo('lena'),
    rating: 5,
    feedback:
      'Braided lines transformed my old naked bike. The lever is firm all the way through a long mountain descent now.',
  },
  {
    name: 'Carlos Mendes',
    email: 'carlos.mendes@example.com',
    photoUrl: photo('carlos'),
    rating: 4,
    feedback:
      'The rebuild kits saved two seized calipers that a dealer wanted to replace. Seals fit perfectly; instructions could be clearer.',
  },
  {
    name: 'Aiko Tanaka',
    email: 'aiko.tanaka@example.com',
    photoUrl: photo('aiko'),
    rating: 5,
    feedback:
      'Sintered pads bite hard from cold and did not fade once over a full track day. The shims stopped the squeal my old pads had.',
  },
  {
    name: 'Ben Hughes',
    email: 'ben.hughes@example.com',
    photoUrl: photo('ben'),
    rating: 5,
    feedback:
      'The wave discs arrived flat and true, with new bolts in the box. Fitted them to my track bike and the feel is superb.',
  },
  {
    name: 'Priya Nair',
    email: 'priya.nair@example.com',
    photoUrl: photo('priya'),
    rating: 4,
    feedback:
      'Adjustable levers fit my small hands at last. One tip arrived with a scuff and support sent a replacement the same week.',
  },
  {
    name: 'Tom Becker',
    email: 'tom.becker@example.com',
    photoUrl: photo('tom'),
    rating: 5,
    feedback:
      'We fit the radial calipers and master cylinder on customer builds. Consistent quality batch after batch, and honest minimum quantities.',
  },
];
