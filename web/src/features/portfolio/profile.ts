/** The spec's skill levels, in percent. */
export const skills = [
  { name: 'HTML', level: 90 },
  { name: 'CSS', level: 85 },
  { name: 'Bootstrap', level: 75 },
  { name: 'Tailwind', level: 50 },
  { name: 'JavaScript', level: 70 },
  { name: 'React', level: 64 },
  { name: 'Node', level: 20 },
  { name: 'Express', level: 30 },
  { name: 'MongoDB', level: 40 },
] as const;

export const developer = {
  name: 'Rafi Ahmed',
  role: 'Front-end web developer',
  email: 'rafi.ahmed@brakehouse.example',
  location: 'Chattogram, Bangladesh',
  biography: [
    'I build web applications with React and a little Node.js, and I built the first version of this storefront for a motorcycle parts supplier.',
    'I came to programming through motorcycles: keeping an old commuter bike running taught me to read manuals, measure before replacing and test after every change, habits that carry straight over to code. I care about pages that load fast on a cheap phone, forms that explain what went wrong, and layouts that work on every screen size.',
  ],
};

export const projects = [
  {
    name: 'Brakehouse storefront',
    description: 'This shop: parts catalogue, orders, card payment and an admin dashboard.',
    href: '/',
  },
  {
    name: 'Workshop stock tracker',
    description: 'A small React app that tracks spare parts on the shelf and warns before they run out.',
    href: 'https://github.com/',
  },
  {
    name: 'Ride log',
    description: 'A mobile-first trip and maintenance log with service reminders by distance.',
    href: 'https://github.com/',
  },
];
