/**
 * The sample reviews a new store starts with (the parts and bikes are in sample-catalogue.ts).
 * Listed oldest first: the last six are the "newest" ones the home page shows. Photos ship with
 * the web app.
 */

export interface SeedReview {
  name: string;
  email: string;
  photoUrl: string;
  rating: number;
  feedback: string;
}

const photo = (slug: string) => `/images/reviewers/${slug}.svg`;

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
