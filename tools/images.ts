// Draws the sample catalogue's artwork under web/public/images (part pictures as AVIF and WebP at
// several widths, banners, partner logos and reviewer avatars as SVG) and the favicon beside it.
// Run once with `npm run images` (or `npm run images -- wave-disc rear-disc` for some part pictures
// only); the output is committed, so the store never fetches images from elsewhere.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { MEDIA_FORMATS, MEDIA_WIDTHS, storePictureFileName } from '../contract/media.js';

const publicDir = fileURLToPath(new URL('../web/public', import.meta.url));
const out = path.join(publicDir, 'images');
/** Writes one file, relative to `dir`, with the indentation of the templates below taken out. */
const write = (file: string, svg: string, dir = out) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), svg.replace(/\n\s*/g, '\n').trim() + '\n');
};

// Clip-art shapes the banners are drawn with.
const holes = (cx: number, cy: number, r: number, n: number, size: number, fill = 'url(#bg)') =>
  Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2;
    return `<circle cx="${(cx + r * Math.cos(a)).toFixed(1)}" cy="${(cy + r * Math.sin(a)).toFixed(1)}" r="${size}" fill="${fill}"/>`;
  }).join('');

const wave = (cx: number, cy: number, r: number, depth: number, waves: number) => {
  const pts: string[] = [];
  for (let i = 0; i <= 360; i += 2) {
    const a = (i * Math.PI) / 180;
    const rr = r + depth * Math.sin(a * waves);
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return `<polygon points="${pts.join(' ')}" fill="url(#steel)" stroke="#5b636c" stroke-width="2"/>`;
};

const pad = (x: number, y: number, friction: string) => `
<path d="M${x} ${y + 30} q0 -30 30 -30 h150 q30 0 30 30 v70 q0 40 -40 40 h-130 q-40 0 -40 -40z" fill="url(#steel)" stroke="#4d545c" stroke-width="3"/>
<path d="M${x + 14} ${y + 34} q0 -20 20 -20 h142 q20 0 20 20 v62 q0 30 -30 30 h-122 q-30 0 -30 -30z" fill="${friction}"/>
<rect x="${x + 103}" y="${y + 14}" width="4" height="116" fill="#2b2b2b" opacity=".6"/>
<circle cx="${x + 20}" cy="${y + 18}" r="7" fill="url(#bg)" stroke="#4d545c" stroke-width="2"/>`;

const caliper = (color: string, pistons: number) => `
<path d="M130 300 q-30 -150 110 -200 q70 -22 140 0 q140 50 110 200 q-8 30 -40 30 h-280 q-32 0 -40 -30z" fill="${color}" stroke="#3b0d0b" stroke-width="3"/>
<path d="M175 290 q-10 -110 95 -150 q45 -14 90 0 q105 40 95 150z" fill="#000" opacity=".14"/>
${Array.from({ length: pistons / 2 }, (_, i) => `<circle cx="${250 + i * 100}" cy="250" r="34" fill="url(#steel)" stroke="#3b0d0b" stroke-width="2"/>`).join('')}
<rect x="92" y="296" width="70" height="40" rx="18" fill="${color}" stroke="#3b0d0b" stroke-width="3"/>
<rect x="438" y="296" width="70" height="40" rx="18" fill="${color}" stroke="#3b0d0b" stroke-width="3"/>
<circle cx="127" cy="316" r="11" fill="url(#bg)"/><circle cx="473" cy="316" r="11" fill="url(#bg)"/>
<rect x="286" y="92" width="28" height="30" rx="5" fill="url(#gold)" stroke="#3b0d0b" stroke-width="2"/>`;

// Part pictures: studio renders of the real parts, composed in SVG (deterministic: every noise has
// a fixed seed) and rasterised with sharp into AVIF and WebP at each width pages ask for
// (contract/media.ts). The light comes from the upper left; parts stand on a pale studio sweep.
// The SVG each render is made from is written too, at the address the store used to ship
// (`<slug>.svg`): stores seeded before, the pictures Add Product offers (contract/products.ts) and
// parts that name them keep a picture that matches, drawn by the browser.
const RW = 1200;
const RH = 900;
type Pt = readonly [number, number];
const f = (value: number) => String(Math.round(value * 10) / 10 || 0);
const TAU = Math.PI * 2;
const polar = (r: number, angle: number, cx = 0, cy = 0): Pt => [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
/** A closed polygon through the points. */
const poly = (points: readonly Pt[]) => `M${points.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}Z`;
/** A circle as a path (so it can be a hole of another path). */
const circle = (cx: number, cy: number, r: number) =>
  `M${f(cx - r)} ${f(cy)}a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0Z`;
const ellipse = (cx: number, cy: number, rx: number, ry: number) =>
  `M${f(cx - rx)} ${f(cy)}a${f(rx)} ${f(ry)} 0 1 0 ${f(2 * rx)} 0a${f(rx)} ${f(ry)} 0 1 0 ${f(-2 * rx)} 0Z`;
/** A closed curve through r(angle) around (0, 0). */
const radial = (r: (angle: number) => number, steps = 240) =>
  poly(Array.from({ length: steps }, (_, i) => polar(r((i / steps) * TAU), (i / steps) * TAU)));
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A gradient's stops: [offset, colour] or [offset, colour, opacity]. */
type Stops = ReadonlyArray<readonly [number, string, number?]>;
const stops = (list: Stops) =>
  list
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('');
const linear = (id: string, [x1, y1, x2, y2]: readonly number[], list: Stops, extra = '') =>
  `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${extra}>${stops(list)}</linearGradient>`;
const radialGradient = (id: string, [cx, cy, r]: readonly number[], list: Stops, extra = '') =>
  `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}"${extra}>${stops(list)}</radialGradient>`;

/**
 * A texture filter: fractal noise, cut to the shape, laid over it as light flecks (where the noise
 * is high) and dark pits (where it is low). `freq` is in the shape's own units, so a texture follows
 * the shape's perspective.
 */
const texture = (
  id: string,
  {
    freq,
    octaves = 2,
    seed,
    light = 0,
    dark = 0,
    lightColor = '#ffffff',
    contrast = 4,
  }: {
    freq: string;
    octaves?: number;
    seed: number;
    light?: number;
    dark?: number;
    lightColor?: string;
    contrast?: number;
  },
) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(lightColor.slice(i, i + 2), 16) / 255) as [number, number, number];
  const c = contrast;
  return `<filter id="${id}" x="0" y="0" width="1" height="1" color-interpolation-filters="sRGB">
<feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="${octaves}" seed="${seed}" result="n"/>
${light ? `<feColorMatrix in="n" values="0 0 0 0 ${f2(r)} 0 0 0 0 ${f2(g)} 0 0 0 0 ${f2(b)} ${f2(c * light)} 0 0 0 ${f2(-c * light * 0.55)}" result="l"/><feComposite in="l" in2="SourceAlpha" operator="in" result="l"/>` : ''}
${dark ? `<feColorMatrix in="n" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 ${f2(-c * dark)} 0 0 0 ${f2(c * dark * 0.45)}" result="d"/><feComposite in="d" in2="SourceAlpha" operator="in" result="d"/>` : ''}
<feMerge><feMergeNode in="SourceGraphic"/>${dark ? '<feMergeNode in="d"/>' : ''}${light ? '<feMergeNode in="l"/>' : ''}</feMerge>
</filter>`;
};
const f2 = (value: number) => String(Math.round(value * 100) / 100 || 0);

/** The studio every part stands in, and what all renders share. */
const studioDefs = `
${linear(
  'wall',
  [0, 0, 0, 1],
  [
    [0, '#fbfcfd'],
    [0.5, '#eef0f3'],
    [1, '#d6dae0'],
  ],
)}
${radialGradient(
  'glow',
  [0.42, 0.32, 0.75],
  [
    [0, '#fff', 0.95],
    [1, '#fff', 0],
  ],
)}
${radialGradient(
  'vignette',
  [0.5, 0.5, 0.78],
  [
    [0.62, '#1b232c', 0],
    [1, '#1b232c', 0.16],
  ],
)}
<filter id="blur-xl" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="26"/></filter>
<filter id="blur-l" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="12"/></filter>
<filter id="blur-m" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="5"/></filter>
<filter id="blur-s" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="2"/></filter>
<filter id="blur-xs" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation=".9"/></filter>
${texture('brushed', { freq: '.003 .28', seed: 4, light: 0.22, dark: 0.3, contrast: 3 })}
${texture('cast', { freq: '.55', octaves: 2, seed: 9, light: 0.12, dark: 0.14, contrast: 3 })}
${texture('grain', { freq: '.9', octaves: 1, seed: 2, light: 0.1, dark: 0.12, contrast: 3 })}
`;

const background = `<rect width="${RW}" height="${RH}" fill="url(#wall)"/><rect width="${RW}" height="${RH}" fill="url(#glow)"/>`;

/** A soft shadow on the ground: a wide penumbra and a darker contact patch under the part. */
const groundShadow = (cx: number, cy: number, rx: number, ry: number, strength = 1) =>
  `<ellipse cx="${f(cx + rx * 0.06)}" cy="${f(cy + ry * 0.12)}" rx="${f(rx * 1.08)}" ry="${f(ry * 1.2)}" fill="#1d252e" opacity="${f2(0.2 * strength)}" filter="url(#blur-xl)"/>
<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx * 0.9)}" ry="${f(ry * 0.7)}" fill="#10161c" opacity="${f2(0.32 * strength)}" filter="url(#blur-l)"/>`;

/**
 * The definitions something refers to (`url(#id)`, `href="#id"`), and those they refer to: the
 * shared ones a part does not use are left out of its file.
 */
function usedDefs(defs: string, body: string): string {
  const items = [
    ...defs.matchAll(
      /<(linearGradient|radialGradient|filter|clipPath)\b[^>]*\bid="([^"]+)"[^>]*>[\s\S]*?<\/\1>|<\w+\b[^>]*\bid="([^"]+)"[^>]*\/>/g,
    ),
  ].map((match) => ({ text: match[0], id: match[2] ?? match[3] ?? '' }));
  const refers = (text: string) =>
    new Set([...text.matchAll(/url\(#([^)]+)\)|href="#([^"]+)"/g)].map((match) => match[1] ?? match[2] ?? ''));
  const wanted = refers(body);
  for (let grown = true; grown;) {
    grown = false;
    for (const item of items)
      for (const id of wanted.has(item.id) ? refers(item.text) : [])
        if (!wanted.has(id)) {
          wanted.add(id);
          grown = true;
        }
  }
  return items
    .filter((item) => wanted.has(item.id))
    .map((item) => item.text)
    .join('\n');
}

/** What a part's render is made of: its definitions and what it draws. */
type Render = readonly [defs: string, body: string];

const frame = (title: string, defs: string, body: string, zoom = 1) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${RW} ${RH}" width="${RW}" height="${RH}" role="img">
<title>${title}</title>
<defs>${usedDefs(`${studioDefs}${defs}`, `${background}${body}<rect fill="url(#vignette)"/>`)}</defs>
${background}
${zoom === 1 ? body : `<g transform="translate(${RW / 2} ${RH / 2}) scale(${zoom}) translate(${-RW / 2} ${-RH / 2})">${body}</g>`}
<rect width="${RW}" height="${RH}" fill="url(#vignette)"/>
</svg>`;

/**
 * A flat part lying on the ground, seen from above and in front: `plan` turns its drawing (in its
 * own units) into perspective; `layers` stack up from the ground, each a shape drawn at a height
 * with a side (copies at every step down to the layer below) and a top.
 */
const stack = (
  plan: string,
  layers: ReadonlyArray<{ id: string; from: number; to: number; side: string; top: string; topAttrs?: string }>,
) =>
  layers
    .map(({ id, from, to, side, top, topAttrs = '' }) => {
      const sides: string[] = [];
      for (let h = from; h < to; h += 1.5) sides.push(`<use href="#${id}" transform="translate(0 ${f(-h)}) ${plan}"/>`);
      return `<g fill="${side}">${sides.join('')}</g><use href="#${id}" transform="translate(0 ${f(-to)}) ${plan}" fill="${top}" ${topAttrs}/>`;
    })
    .join('\n');
/** Something drawn on a layer's top face (in plan units) at height `h`. */
const onTop = (plan: string, h: number, body: string, attrs = '') =>
  `<g transform="translate(0 ${f(-h)}) ${plan}" ${attrs}>${body}</g>`;

// --- Brake pads -------------------------------------------------------------------------------

/** A motorcycle pad's backing plate (plan units, centre at 0 0): curved to the disc, a mounting ear with the pad pin's hole at one end. */
const PAD_PLATE = `M-150 40C-166 20-166-20-150-40L-150-80C-150-112-98-122-88-90C-84-76-78-66-64-64C-10-74 60-72 120-58C150-50 166-24 162 10C160 34 148 50 128 52C60 36-60 36-128 52C-140 54-148 50-150 40Z${circle(-119, -88, 14)}`;
/** Its friction block, inset from the plate. */
const PAD_BLOCK = `M-140 34C-150 12-150-20-138-38C-60-58 60-58 128-46C146-34 150 8 143 28C138 40 128 42 116 40C50 26-50 26-116 40C-128 42-136 40-140 34Z`;
/** The flat of the block's top: its ends are cut back as chamfers. */
const PAD_FACE_CLIP = 'M-116-80H114V60H-116Z';

const padDefs = (friction: 'sintered' | 'organic') => `
<path id="pad-plate" d="${PAD_PLATE}" fill-rule="evenodd"/>
<path id="pad-block" d="${PAD_BLOCK}"/>
<clipPath id="block-clip"><path d="${PAD_BLOCK}"/></clipPath>
<clipPath id="face-clip"><path d="${PAD_FACE_CLIP}"/></clipPath>
${linear(
  'plate-top',
  [0, 0, 1, 1],
  [
    [0, '#e9edf1'],
    [0.35, '#b7bec6'],
    [0.6, '#8c949d'],
    [1, '#c9ced4'],
  ],
)}
${linear(
  'plate-side',
  [0, 0, 1, 0],
  [
    [0, '#6b737c'],
    [0.5, '#3e444b'],
    [1, '#2c3136'],
  ],
)}
${
  friction === 'sintered'
    ? `${linear(
        'face',
        [0, 0, 1, 1],
        [
          [0, '#8f8378'],
          [0.45, '#6a5f57'],
          [1, '#4a423d'],
        ],
      )}
${linear(
  'chamfer',
  [0, 0, 1, 0],
  [
    [0, '#a39485'],
    [0.5, '#7b6e63'],
    [1, '#4f4640'],
  ],
)}
${linear(
  'block-side',
  [0, 0, 1, 0],
  [
    [0, '#5a514a'],
    [1, '#2f2a27'],
  ],
)}
${texture('friction', { freq: '.5', octaves: 3, seed: 17, light: 0.6, dark: 0.45, lightColor: '#f0c9a0', contrast: 5 })}`
    : `${linear(
        'face',
        [0, 0, 1, 1],
        [
          [0, '#5a544e'],
          [0.5, '#3c3834'],
          [1, '#292623'],
        ],
      )}
${linear(
  'chamfer',
  [0, 0, 1, 0],
  [
    [0, '#6f6963'],
    [1, '#46413c'],
  ],
)}
${linear(
  'block-side',
  [0, 0, 1, 0],
  [
    [0, '#2d2a27'],
    [1, '#1b1917'],
  ],
)}
${texture('friction', { freq: '.08 .55', octaves: 3, seed: 23, light: 0.4, dark: 0.35, lightColor: '#a59a8c', contrast: 4 })}`
}`;

/** One pad lying friction up; `rotate` turns it on the ground. */
const padLying = (x: number, y: number, rotate: number) => {
  const plan = `scale(1.62 .92) rotate(${rotate})`;
  const plate = 10;
  const block = plate + 22;
  return `<g transform="translate(${x} ${y})">
<use href="#pad-plate" transform="translate(30 34) ${plan}" fill="#10161c" opacity=".3" filter="url(#blur-xl)"/>
<use href="#pad-plate" transform="translate(6 7) ${plan}" fill="#10161c" opacity=".4" filter="url(#blur-m)"/>
${stack(plan, [{ id: 'pad-plate', from: 0, to: plate, side: 'url(#plate-side)', top: 'url(#plate-top)', topAttrs: 'filter="url(#brushed)"' }])}
${onTop(plan, plate, `<path d="${PAD_PLATE}" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="1.8" fill-rule="evenodd"/>`)}
${stack(plan, [
  {
    id: 'pad-block',
    from: plate,
    to: block,
    side: 'url(#block-side)',
    top: 'url(#chamfer)',
    topAttrs: 'filter="url(#friction)"',
  },
])}
${onTop(
  plan,
  block,
  `<g clip-path="url(#block-clip)"><g clip-path="url(#face-clip)"><use href="#pad-block" fill="url(#face)" filter="url(#friction)"/></g>
<path d="M-6-70h12v110h-12z" fill="#16120f"/><path d="M4.5-70v110" stroke="#fff" stroke-opacity=".2" stroke-width="2.5"/></g>
<path d="M-116-70V50M114-70V50" stroke="#fff" stroke-opacity=".25" stroke-width="1.5" clip-path="url(#block-clip)"/>
<use href="#pad-block" fill="none" stroke="#fff" stroke-opacity=".28" stroke-width="1.6"/>`,
)}
</g>`;
};

const pads = (friction: 'sintered' | 'organic') =>
  [
    padDefs(friction),
    `${padLying(410, 385, -7)}
${padLying(790, 585, 5)}`,
  ] as const;

// --- Brake discs ------------------------------------------------------------------------------

/** Drilled holes of a disc's braking ring: groups of three along a sweep, as real discs are drilled. */
const discHoles = (groups: number, radii: readonly number[], sweep: number, size: number) =>
  range(groups)
    .flatMap((i) =>
      radii.map((r, k) => {
        const [x, y] = polar(r, (i / groups) * TAU + k * sweep);
        return circle(x, y, size);
      }),
    )
    .join('');

/** A window of a carrier between two spokes, a rounded box in (angle, radius) bent onto the disc. */
const carrierWindow = (a0: number, a1: number, r0: number, r1: number, twist: number, round = 0.32) => {
  const points: Pt[] = [];
  const corner = (u: number, v: number) => {
    const a = a0 + (a1 - a0) * u + twist * v;
    return polar(r0 + (r1 - r0) * v, a);
  };
  // A superellipse in (u, v): flat sides, rounded corners.
  for (let i = 0; i < 72; i += 1) {
    const t = (i / 72) * TAU;
    const c = Math.cos(t);
    const s = Math.sin(t);
    const p = round;
    const u = 0.5 + 0.5 * Math.sign(c) * Math.abs(c) ** p;
    const v = 0.5 + 0.5 * Math.sign(s) * Math.abs(s) ** p;
    points.push(corner(u, v));
  }
  return poly(points);
};

const discDefs = (floating: boolean) => `
${radialGradient(
  'turned',
  [0, 0, 3.2],
  [
    [0, '#fff', 0.1],
    [0.5, '#000', 0.06],
    [1, '#fff', 0.1],
  ],
  ' gradientUnits="userSpaceOnUse" spreadMethod="repeat"',
)}
${linear(
  'rotor-top',
  [0, 0, 1, 1],
  [
    [0, '#f2f4f6'],
    [0.28, '#c3c9cf'],
    [0.5, '#8d959e'],
    [0.7, '#d4d8dd'],
    [1, '#7b838c'],
  ],
)}
${linear(
  'rotor-side',
  [0, 0, 1, 0],
  [
    [0, '#7c848d'],
    [0.4, '#4a5057'],
    [1, '#30353a'],
  ],
)}
${
  floating
    ? `${linear(
        'carrier',
        [0, 0, 1, 1],
        [
          [0, '#ffe9a6'],
          [0.3, '#e8b84f'],
          [0.55, '#b8822a'],
          [0.75, '#f0c869'],
          [1, '#93641f'],
        ],
      )}
${linear(
  'carrier-side',
  [0, 0, 1, 0],
  [
    [0, '#a7772a'],
    [1, '#5e3f12'],
  ],
)}`
    : `${linear(
        'carrier',
        [0, 0, 1, 1],
        [
          [0, '#e4e7eb'],
          [0.4, '#a6adb5'],
          [1, '#6d757e'],
        ],
      )}
${linear(
  'carrier-side',
  [0, 0, 1, 0],
  [
    [0, '#6a7179'],
    [1, '#33383d'],
  ],
)}`
}
${radialGradient(
  'bobbin',
  [0.38, 0.34, 0.7],
  [
    [0, '#ffffff'],
    [0.35, '#d5dadf'],
    [0.75, '#7f8790'],
    [1, '#4a5057'],
  ],
)}
${radialGradient(
  'sheen',
  [0.5, 0.5, 0.5],
  [
    [0, '#fff', 0.85],
    [1, '#fff', 0],
  ],
)}`;

/** A disc lying on the ground: braking ring with drilled holes, carrier, mounting holes and (floating) bobbins. */
const disc = ({ waveEdge, floating }: { waveEdge: boolean; floating: boolean }) => {
  const R = 372;
  const ringIn = 268;
  // Wave lobes with rounded valleys between them.
  const outer = waveEdge ? radial((a) => R - 26 * (1 - Math.abs(Math.cos(a * 6))) ** 1.6, 480) : radial(() => R, 240);
  const holes = floating ? discHoles(18, [292, 318, 344], 0.05, 8) : discHoles(22, [290, 314, 338], 0.042, 7.5);
  const spokes = floating ? 6 : 5;
  const windows = range(spokes)
    .map((i) => {
      const a = (i / spokes) * TAU;
      return floating
        ? carrierWindow(a + 0.16, a + TAU / spokes - 0.16, 134, 230, 0.22)
        : carrierWindow(a + 0.2, a + TAU / spokes - 0.2, 128, 236, 0.28, 0.4);
    })
    .join('');
  const boltAt = range(6).map((i) => polar(88, (i / 6) * TAU + 0.26));
  const bolts = boltAt.map(([x, y]) => circle(x, y, 12)).join('');
  const centre = circle(0, 0, 50);
  const bobbinRadius = 262;
  const bobbinAngles = range(10).map((i) => (i / 10) * TAU + 0.1);
  // A floating carrier reaches out to each bobbin in a round lobe.
  const lobe = (a: number) =>
    Math.max(
      0,
      ...bobbinAngles.map((b) => {
        const d = Math.sin(a - b) * bobbinRadius;
        return Math.cos(a - b) > 0 && Math.abs(d) < 21
          ? bobbinRadius * Math.cos(a - b) + Math.sqrt(21 ** 2 - d ** 2)
          : 0;
      }),
    );
  const carrier = `${radial((a) => Math.max(255, lobe(a)), 600)}${windows}${bolts}${centre}`;
  // A fixed disc is one piece of steel; a floating one has a ring around a carrier.
  const rotor = floating ? `${outer}${circle(0, 0, ringIn)}${holes}` : `${outer}${holes}${windows}${bolts}${centre}`;
  const plan = 'scale(1 .6) rotate(-8)';
  const ringTop = 13;
  const carrierTop = 12;
  // The bow tie a turned surface shows under one light, and its darker twin across it.
  const wedge = (a: number, w: number) =>
    `M0 0L${polar(420, a - w)
      .map(f)
      .join(' ')}L${polar(420, a + w)
      .map(f)
      .join(' ')}Z`;
  const bowTie = (light: number, dark: number) =>
    `<path d="${wedge(-2.25, 0.22)}${wedge(0.89, 0.22)}" fill="#fff" opacity="${light}" filter="url(#blur-xl)"/>
<path d="${wedge(-0.68, 0.3)}${wedge(2.46, 0.3)}" fill="#20262c" opacity="${dark}" filter="url(#blur-xl)"/>`;
  const holeRims = (d: string, color: string) =>
    `<path d="${d}" fill="none" stroke="${color}" stroke-opacity=".55" stroke-width="1.8" transform="translate(0 2)"/>`;
  const bobbins = bobbinAngles
    .map((a) => {
      const [x, y] = polar(bobbinRadius, a);
      return `<circle cx="${f(x + 3)}" cy="${f(y + 4)}" r="18" fill="#1a1e22" opacity=".35" filter="url(#blur-s)"/>
<circle cx="${f(x)}" cy="${f(y)}" r="17" fill="url(#bobbin)" stroke="#2e3338" stroke-width="1.5"/>
<circle cx="${f(x)}" cy="${f(y)}" r="9" fill="#454b52"/><circle cx="${f(x)}" cy="${f(y)}" r="6" fill="#15181b"/>`;
    })
    .join('');
  const mountingHoles = () =>
    `${holeRims(`${bolts}${centre}`, '#fff')}
${boltAt.map(([x, y]) => `<circle cx="${f(x)}" cy="${f(y)}" r="17" fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="6"/>`).join('')}
<circle r="58" fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="8"/>
`;
  return [
    `${discDefs(floating)}
<path id="rotor" d="${rotor}" fill-rule="evenodd" clip-rule="evenodd"/>
<clipPath id="rotor-clip"><use href="#rotor"/></clipPath>
${floating ? `<path id="carrier-shape" d="${carrier}" fill-rule="evenodd" clip-rule="evenodd"/><clipPath id="carrier-clip"><use href="#carrier-shape"/></clipPath>` : ''}`,
    `<g transform="translate(600 440)">
<use href="#rotor" transform="translate(36 50) ${plan}" fill="#10161c" opacity=".3" filter="url(#blur-xl)"/>
<use href="#rotor" transform="translate(8 10) ${plan}" fill="#10161c" opacity=".4" filter="url(#blur-m)"/>
${stack(plan, [{ id: 'rotor', from: 0, to: ringTop, side: 'url(#rotor-side)', top: 'url(#rotor-top)' }])}
${onTop(
  plan,
  ringTop,
  `<g clip-path="url(#rotor-clip)"><circle r="${R + 14}" fill="url(#turned)"/>${bowTie(0.75, 0.2)}</g>
${holeRims(holes, '#fff')}
<path d="${outer}" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="2.2"/>
${floating ? `<circle r="${ringIn}" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="2"/>` : mountingHoles()}`,
)}
${
  floating
    ? `${stack(plan, [{ id: 'carrier-shape', from: 4, to: carrierTop, side: 'url(#carrier-side)', top: 'url(#carrier)' }])}
${onTop(
  plan,
  carrierTop,
  `<g clip-path="url(#carrier-clip)"><circle r="300" fill="url(#turned)" opacity=".8"/>${bowTie(0.5, 0.22)}</g>
<path d="${carrier}" fill="none" stroke="#fff4cf" stroke-opacity=".75" stroke-width="2.2" fill-rule="evenodd"/>
${mountingHoles()}
${bobbins}`,
)}`
    : ''
}
</g>`,
  ] as const;
};

// --- Shapes many parts share --------------------------------------------------------------------

/** A standing cylinder (axis upright) seen from above and in front: its side, then its top ellipse. */
const cylinder = (
  cx: number,
  top: number,
  bottom: number,
  rx: number,
  ry: number,
  side: string,
  cap: string,
  capAttrs = '',
) =>
  `<path d="M${f(cx - rx)} ${f(top)}V${f(bottom)}A${f(rx)} ${f(ry)} 0 0 0 ${f(cx + rx)} ${f(bottom)}V${f(top)}Z" fill="${side}"/>
<ellipse cx="${f(cx)}" cy="${f(top)}" rx="${f(rx)}" ry="${f(ry)}" fill="${cap}" ${capAttrs}/>`;

/** A flat ring lying on the ground (a seal, a washer): its side copies, then its top. */
const flatRing = (
  cx: number,
  cy: number,
  outer: number,
  inner: number,
  k: number,
  height: number,
  side: string,
  top: string,
) => {
  const d = `${ellipse(0, 0, outer, outer * k)}${ellipse(0, 0, inner, inner * k)}`;
  const copies = [];
  for (let h = 0; h < height; h += 1.2) copies.push(`<path d="${d}" transform="translate(0 ${f(-h)})"/>`);
  return `<g transform="translate(${f(cx)} ${f(cy)})" fill-rule="evenodd">
<ellipse cx="6" cy="${f(6 + outer * k * 0.12)}" rx="${f((outer + inner) / 2)}" ry="${f(((outer + inner) / 2) * k)}" fill="none" stroke="#10161c" stroke-width="${f(outer - inner + 6)}" opacity=".32" filter="url(#blur-m)"/>
<g fill="${side}">${copies.join('')}</g>
<path d="${d}" transform="translate(0 ${f(-height)})" fill="${top}"/>
<path d="${ellipse(0, 0, outer - 1.5, (outer - 1.5) * k)}" transform="translate(0 ${f(-height)})" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="1.5"/>
</g>`;
};

/** The vertices of a hexagon of radius r around (cx, cy), squashed by k, turned by `turn`. */
const hexagon = (cx: number, cy: number, r: number, k: number, turn = 0): Pt[] =>
  range(6).map((i) => {
    const a = turn + (i / 6) * TAU;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a) * k];
  });

/**
 * A standing hexagonal prism (a nut, a bolt head): the faces toward the viewer, shaded by how they
 * face the light on the left, then the top.
 */
const hexPrism = (
  cx: number,
  top: number,
  height: number,
  r: number,
  k: number,
  palette: readonly string[],
  cap: string,
  turn = 0.26,
) => {
  const upper = hexagon(cx, top, r, k, turn);
  const faces = range(6)
    .map((i) => {
      const a = turn + ((i + 0.5) / 6) * TAU;
      if (Math.sin(a) <= 0) return '';
      const p = upper[i] ?? [0, 0];
      const q = upper[(i + 1) % 6] ?? [0, 0];
      const light = (Math.cos(a - 2.4) + 1) / 2;
      const colour = palette[Math.min(palette.length - 1, Math.floor(light * palette.length))] ?? '#888';
      return `<path d="${poly([p, q, [q[0], q[1] + height], [p[0], p[1] + height]])}" fill="${colour}"/>`;
    })
    .join('');
  return `${faces}<path d="${poly(upper)}" fill="${cap}"/><path d="${poly(upper)}" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="1.5"/>`;
};

/** Points and directions along a cubic Bézier curve, one every `step` along its length. */
const alongCurve = (p0: Pt, p1: Pt, p2: Pt, p3: Pt, step: number) => {
  const at = (t: number): Pt => {
    const u = 1 - t;
    return [
      u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
      u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    ];
  };
  const fine = range(801).map((i) => at(i / 800));
  const out: { p: Pt; t: Pt }[] = [];
  let travelled = 0;
  let next = 0;
  for (let i = 1; i < fine.length; i += 1) {
    const a = fine[i - 1] ?? p0;
    const b = fine[i] ?? p3;
    const d = Math.hypot(b[0] - a[0], b[1] - a[1]);
    while (travelled + d >= next) {
      const s = (next - travelled) / d;
      out.push({ p: [a[0] + (b[0] - a[0]) * s, a[1] + (b[1] - a[1]) * s], t: [(b[0] - a[0]) / d, (b[1] - a[1]) / d] });
      next += step;
    }
    travelled += d;
  }
  return out;
};
const curve = (p0: Pt, p1: Pt, p2: Pt, p3: Pt) =>
  `M${p0.map(f).join(' ')}C${[p1, p2, p3].map((p) => p.map(f).join(' ')).join(' ')}`;
/** A polyline through points offset sideways from a curve by `by` (negative: to the upper side). */
const offsetLine = (stations: ReadonlyArray<{ p: Pt; t: Pt }>, by: number) =>
  `M${stations.map(({ p, t }) => `${f(p[0] - t[1] * by)} ${f(p[1] + t[0] * by)}`).join('L')}`;

// --- Calipers ---------------------------------------------------------------------------------

const ANODISED: Record<'red' | 'gold' | 'black', { face: Stops; side: string; deep: string }> = {
  red: {
    face: [
      [0, '#ff7a68'],
      [0.22, '#e8352a'],
      [0.55, '#b9150f'],
      [1, '#6e0806'],
    ],
    side: '#7a0c08',
    deep: '#4a0604',
  },
  gold: {
    face: [
      [0, '#fff0bf'],
      [0.25, '#efc25e'],
      [0.6, '#c08a2a'],
      [1, '#7a5212'],
    ],
    side: '#8a5f17',
    deep: '#553a0c',
  },
  black: {
    face: [
      [0, '#6c737b'],
      [0.3, '#3a3f45'],
      [0.7, '#202327'],
      [1, '#121416'],
    ],
    side: '#1a1d20',
    deep: '#0d0f10',
  },
};

const metalDefs = `
${linear(
  'chrome-v',
  [0, 0, 1, 0],
  [
    [0, '#5b626a'],
    [0.12, '#c9cfd5'],
    [0.26, '#ffffff'],
    [0.4, '#aab1b9'],
    [0.62, '#687078'],
    [0.8, '#9aa1a9'],
    [1, '#4a5057'],
  ],
)}
${linear(
  'chrome-h',
  [0, 0, 0, 1],
  [
    [0, '#5b626a'],
    [0.15, '#d3d8dd'],
    [0.3, '#ffffff'],
    [0.45, '#aab1b9'],
    [0.7, '#687078'],
    [0.88, '#9aa1a9'],
    [1, '#454b52'],
  ],
)}
${linear(
  'steel-top',
  [0, 0, 1, 1],
  [
    [0, '#f4f6f8'],
    [0.4, '#c3c9cf'],
    [0.7, '#8e969f'],
    [1, '#d0d5da'],
  ],
)}
${linear(
  'alu-edge',
  [0, 0, 1, 1],
  [
    [0, '#ffffff'],
    [0.5, '#d5dade'],
    [1, '#8b939c'],
  ],
)}
${linear(
  'rubber-v',
  [0, 0, 1, 0],
  [
    [0, '#1a1c1e'],
    [0.25, '#4a4e53'],
    [0.45, '#2a2d30'],
    [1, '#0e0f10'],
  ],
)}
${linear(
  'rubber-top',
  [0, 0, 1, 1],
  [
    [0, '#585d63'],
    [0.5, '#2a2d31'],
    [1, '#151719'],
  ],
)}
${linear(
  'copper-top',
  [0, 0, 1, 1],
  [
    [0, '#ffd9b8'],
    [0.35, '#e59a62'],
    [0.7, '#b8652f'],
    [1, '#7d3c17'],
  ],
)}
${linear(
  'copper-side',
  [0, 0, 1, 0],
  [
    [0, '#a0552a'],
    [1, '#5c2b10'],
  ],
)}
${linear(
  'dark-hole',
  [0, 0, 0, 1],
  [
    [0, '#0f1113'],
    [0.7, '#2c3136'],
    [1, '#4d545b'],
  ],
)}`;

/** A bleed nipple screwed into a body: hex, a nipple, and its rubber cap, standing at (x, y). */
const bleedNipple = (x: number, y: number, tilt: number) =>
  `<g transform="translate(${x} ${y}) rotate(${tilt})">
${hexPrism(0, -26, 22, 24, 0.42, ['#5d646c', '#8a929a', '#c3c9cf', '#eef1f4'], 'url(#steel-top)')}
${cylinder(0, -62, -30, 11, 4.6, 'url(#chrome-v)', '#e9edf1')}
${cylinder(0, -86, -56, 15, 6.3, 'url(#rubber-v)', 'url(#rubber-top)')}
</g>`;

/** A banjo bolt head with its copper washer, seen on a body at (x, y). */
const banjoOnBody = (x: number, y: number) =>
  `<g transform="translate(${x} ${y})">
<ellipse cx="0" cy="8" rx="44" ry="18" fill="url(#copper-top)"/>
<ellipse cx="0" cy="5" rx="40" ry="16" fill="none" stroke="#fff" stroke-opacity=".4" stroke-width="1.5"/>
${hexPrism(0, -28, 30, 32, 0.42, ['#555c64', '#80878f', '#b9bfc6', '#e7ebef'], 'url(#steel-top)')}
<ellipse cx="0" cy="-28" rx="9" ry="4" fill="#202428"/>
</g>`;

const cubicAt = (p0: Pt, p1: Pt, p2: Pt, p3: Pt, t: number): Pt => {
  const u = 1 - t;
  return [
    u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
    u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
  ];
};

/**
 * A caliper seen from its outer side and above: a long body scalloped over its piston bores, its
 * outer face raised and bevelled with the maker's name, the bridge over the disc on top with the
 * window onto the pads (their backing plates, friction, the pad pin and its spring), the inner half's
 * edge behind, mounting lugs (radial) or bolt holes (axial), bleed nipple and the brake line's
 * banjo. Anodised, its edges machined bright.
 */
const caliperRender = ({ colour, radial: radialMount }: { colour: keyof typeof ANODISED; radial: boolean }) => {
  const a = ANODISED[colour];
  // The top edge of the outer face, which the bridge runs back from.
  const topEdge: [Pt, Pt, Pt, Pt] = radialMount
    ? [
        [300, 404],
        [460, 380],
        [740, 380],
        [900, 404],
      ]
    : [
        [420, 402],
        [520, 388],
        [680, 388],
        [780, 402],
      ];
  const [t0, t1, t2, t3] = topEdge.map((p) => p.map(f).join(' '));
  const outline = radialMount
    ? `M186 560C186 470 212 418 ${t0}C${t1} ${t2} ${t3}C988 418 1014 470 1014 560C1012 630 982 678 900 686C800 692 700 674 650 650Q600 636 550 650C500 674 400 692 300 686C218 678 188 630 186 560Z`
    : `M300 550C298 470 336 414 ${t0}C${t1} ${t2} ${t3}C864 414 902 470 900 550C898 628 840 680 760 686C680 692 520 692 440 686C360 680 302 628 300 550Z`;
  const depth: Pt = radialMount ? [150, -92] : [130, -84];
  const steps = 70;
  // The body seen from its end is an arch: two halves joined by the bridge over the disc's slot.
  // Copies back to front: the inner half, the bridge alone over the slot, the outer half.
  const copy = (i: number, attrs = '') =>
    `<use href="#caliper-body" transform="translate(${f((depth[0] * i) / steps)} ${f((depth[1] * i) / steps)})"${attrs}/>`;
  const copies = (from: number, to: number, attrs = '') =>
    range(Math.round((from - to) * steps) + 1)
      .map((k) => copy(from * steps - k, attrs))
      .join('');
  const bridgeCut = radialMount ? 520 : 520;
  // A point of the bridge's top: u along the face's top edge, v back across the caliper.
  const top = (u: number, v: number): Pt => {
    const [x, y] = cubicAt(...topEdge, u);
    return [x + depth[0] * v, y + depth[1] * v];
  };
  const patch = (u0: number, u1: number, v0: number, v1: number, round = 1) =>
    poly(
      range(48).map((i) => {
        const t = (i / 48) * TAU;
        const c = Math.cos(t);
        const sn = Math.sin(t);
        return top(
          (u0 + u1) / 2 + ((u1 - u0) / 2) * Math.sign(c) * Math.abs(c) ** round,
          (v0 + v1) / 2 + ((v1 - v0) / 2) * Math.sign(sn) * Math.abs(sn) ** round,
        );
      }),
    );
  const band = (u0: number, u1: number, v0: number, v1: number) =>
    poly([top(u0, v0), top(u1, v0), top(u1, v1), top(u0, v1)]);
  const window = patch(0.16, 0.84, 0.2, 0.8, 0.18);
  // Radial lugs stand out of the bridge's back, their machined ends drilled and tapped from above.
  const lug = (u: number, angle: number) => {
    const [x, y] = top(u, 0.78);
    return `<g transform="translate(${f(x)} ${f(y + 12)}) rotate(${angle})">
<path d="M-42 30V-44A42 15 0 0 0 42-44V30Z" fill="url(#body-v)"/>
<ellipse cx="0" cy="-44" rx="42" ry="15" fill="url(#body-face)"/>
<ellipse cx="0" cy="-44" rx="40" ry="13.6" fill="none" stroke="url(#alu-edge)" stroke-width="3.5"/>
<ellipse cx="0" cy="-43" rx="16" ry="5.8" fill="url(#dark-hole)"/>
</g>`;
  };
  const centre: Pt = radialMount ? [600, 546] : [600, 552];
  const inset = `translate(${centre[0]} ${centre[1]}) scale(${radialMount ? '.94 .82' : '.91 .8'}) translate(${-centre[0]} ${-centre[1]})`;
  const nipple = radialMount ? ([996, 440] as const) : ([872, 444] as const);
  const banjo = radialMount ? ([232, 452] as const) : ([340, 462] as const);
  // An axial caliper hangs on two ears at the back of the bridge, drilled through side to side.
  const ear = (u: number) => {
    const [x, y] = top(u, 0.86);
    const tab = `M${f(x - 54)} ${f(y + 30)}V${f(y - 40)}Q${f(x - 54)} ${f(y - 74)} ${f(x - 20)} ${f(y - 74)}H${f(x + 20)}Q${f(x + 54)} ${f(y - 74)} ${f(x + 54)} ${f(y - 40)}V${f(y + 30)}Z${circle(x, y - 34, 20)}`;
    return `<g fill-rule="evenodd">${range(8)
      .map((i) => `<path d="${tab}" transform="translate(${f(i * 1.6)} ${f(-i)})" fill="${a.deep}"/>`)
      .join(
        '',
      )}<path d="${tab}" fill="url(#body-face)"/><path d="${tab}" fill="none" stroke="url(#alu-edge)" stroke-width="3"/></g>`;
  };
  return [
    `${metalDefs}
${linear('body-face', [0.15, 0, 0.75, 1], a.face)}
${linear(
  'bevel',
  [0, 0, 0, 1],
  [
    [0, a.face[0]?.[1] ?? a.side],
    [0.4, a.face[1]?.[1] ?? a.side],
    [0.7, a.side],
    [1, a.deep],
  ],
)}
${linear(
  'body-top',
  [0, 0, 1, 0],
  [
    [0, a.face[1]?.[1] ?? a.side],
    [0.45, a.face[0]?.[1] ?? a.side],
    [0.8, a.face[1]?.[1] ?? a.side],
    [0.9, a.side],
    [1, a.deep],
  ],
)}
${linear(
  'body-v',
  [0, 0, 1, 0],
  [
    [0, a.deep],
    [0.2, a.side],
    [0.38, a.face[1]?.[1] ?? a.side],
    [0.6, a.side],
    [1, a.deep],
  ],
)}
<path id="caliper-body" d="${outline}"/>
<clipPath id="bridge-clip"><path d="M0 0H1200V${bridgeCut}H0Z"/></clipPath>
${linear(
  'half-in',
  [0, 0, 1, 0],
  [
    [0, a.side],
    [0.8, a.side],
    [1, a.deep],
  ],
)}
<clipPath id="window-clip"><path d="${window}"/></clipPath>`,
    `<g transform="translate(-56 0)">${groundShadow(660, 700, radialMount ? 460 : 350, 60, 1.1)}
${radialMount ? `${lug(0.02, -8)}${lug(0.98, 8)}` : `${ear(0.08)}${ear(0.92)}`}
<g fill="url(#half-in)">${copies(1, 0.64)}</g>
${copy(Math.round(0.64 * steps), ' fill="#000" fill-opacity=".72"')}
<g fill="url(#body-top)">${copies(0.64, 0.36, ' clip-path="url(#bridge-clip)"')}</g>
<g fill="url(#body-top)">${copies(0.36, 0)}</g>
<use href="#caliper-body" transform="translate(${depth[0]} ${depth[1]})" fill="none" stroke="url(#alu-edge)" stroke-width="4"/>
<path d="${window}" fill="#0c0e10"/>
<g clip-path="url(#window-clip)">
<path d="${band(0, 1, 0.7, 0.8)}" fill="${a.deep}"/>
<path d="${band(0.1, 0.9, 0.27, 0.35)}" fill="#c2c8ce"/><path d="${band(0.1, 0.9, 0.35, 0.45)}" fill="#5a4f46"/>
<path d="${band(0.1, 0.9, 0.55, 0.65)}" fill="#4a413a"/><path d="${band(0.1, 0.9, 0.65, 0.72)}" fill="#9aa2aa"/>
<path d="${patch(0.4, 0.6, 0.3, 0.7, 0.6)}" fill="#d5dadf" stroke="#8b939b" stroke-width="2"/>
<path d="M${top(0.4, 0.5).map(f).join(' ')}L${top(0.6, 0.5).map(f).join(' ')}" stroke="#8b939b" stroke-width="3"/>
</g>
<path d="${window}" fill="none" stroke="url(#alu-edge)" stroke-width="3.5"/>
<path d="M${top(0.5, 0.05).map(f).join(' ')}L${top(0.5, 0.95).map(f).join(' ')}" stroke="url(#chrome-v)" stroke-width="13" stroke-linecap="round"/>
<use href="#caliper-body" fill="url(#bevel)"/>
<use href="#caliper-body" fill="none" stroke="url(#alu-edge)" stroke-width="3.5"/>
<use href="#caliper-body" transform="${inset}" fill="url(#body-face)" filter="url(#cast)"/>
<use href="#caliper-body" transform="${inset}" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="2.5"/>
<path d="M${f(topEdge[0][0] - 40)} ${f(topEdge[0][1] + 48)}C${f(topEdge[1][0])} ${f(topEdge[1][1] + 30)} ${f(topEdge[2][0])} ${f(topEdge[2][1] + 30)} ${f(topEdge[3][0] + 40)} ${f(topEdge[3][1] + 48)}" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="10" filter="url(#blur-m)"/>
${(radialMount ? [262, 938] : [372, 828])
  .map(
    (
      x,
    ) => `<circle cx="${x + 2}" cy="${(radialMount ? 470 : 474) + 3}" r="24" fill="#000" opacity=".35" filter="url(#blur-s)"/>
<circle cx="${x}" cy="${radialMount ? 470 : 474}" r="22" fill="url(#chrome-h)"/>
<circle cx="${x}" cy="${radialMount ? 470 : 474}" r="22" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="1.5"/>
<path d="${poly(hexagon(x, radialMount ? 470 : 474, 9.5, 1, 0.3))}" fill="#15181b"/>`,
  )
  .join('')}
<text x="600" y="${centre[1] + 22}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${radialMount ? 56 : 40}" font-weight="700" font-style="italic" fill="#fff" fill-opacity=".95">brakehouse</text>
${bleedNipple(nipple[0], nipple[1], 26)}
${banjoOnBody(banjo[0], banjo[1])}</g>`,
  ] as const;
};

/** An anodised colour's face and side gradients, as `<id>-face` and `<id>-side`. */
const anodisedGradients = (id: string, colour: keyof typeof ANODISED) => {
  const a = ANODISED[colour];
  return `${linear(`${id}-face`, [0.1, 0, 0.8, 1], a.face)}
${linear(
  `${id}-side`,
  [0, 0, 1, 0],
  [
    [0, a.side],
    [1, a.deep],
  ],
)}`;
};

// --- Braided lines ----------------------------------------------------------------------------

/**
 * A stainless braided hose along a curve: a dark core, the two crossing sets of strands of the
 * weave (one over, one under), the round of the hose shaded across it, and a highlight along it.
 */
const braidedHose = (c: readonly [Pt, Pt, Pt, Pt], w: number) => {
  const stations = alongCurve(...c, 6.5);
  const strands = (sign: 1 | -1) =>
    stations
      .map(({ p, t }) => {
        const [nx, ny] = [-t[1], t[0]];
        const lean = 6 * sign;
        const a: Pt = [p[0] + nx * w * 0.92 - t[0] * lean, p[1] + ny * w * 0.92 - t[1] * lean];
        const b: Pt = [p[0] - nx * w * 0.92 + t[0] * lean, p[1] - ny * w * 0.92 + t[1] * lean];
        return `M${a.map(f).join(' ')}L${b.map(f).join(' ')}`;
      })
      .join('');
  const d = curve(...c);
  return `<path d="${d}" stroke="#10161c" stroke-opacity=".28" stroke-width="${2 * w + 10}" fill="none" stroke-linecap="round" transform="translate(14 34)" filter="url(#blur-l)"/>
<path d="${d}" stroke="#10161c" stroke-opacity=".35" stroke-width="${2 * w}" fill="none" stroke-linecap="round" transform="translate(4 10)" filter="url(#blur-m)"/>
<path d="${d}" stroke="#3b4147" stroke-width="${2 * w + 2}" fill="none"/>
<path d="${strands(-1)}" stroke="#aab2ba" stroke-width="2.8" stroke-linecap="round"/>
<path d="${strands(1)}" stroke="#f2f4f6" stroke-width="2.4" stroke-linecap="round" stroke-dasharray="7 5"/>
<path d="${offsetLine(stations, w * 0.78)}" stroke="#1b2026" stroke-opacity=".55" stroke-width="${w * 0.5}" fill="none" filter="url(#blur-xs)"/>
<path d="${offsetLine(stations, -w * 0.82)}" stroke="#1b2026" stroke-opacity=".3" stroke-width="${w * 0.3}" fill="none" filter="url(#blur-xs)"/>
<path d="${offsetLine(stations, -w * 0.36)}" stroke="#fff" stroke-opacity=".55" stroke-width="${w * 0.26}" fill="none" filter="url(#blur-s)"/>`;
};

/** A hose's end: a crimped ferrule along the hose, then a banjo eye lying flat. */
const hoseEnd = (at: Pt, toward: Pt, w: number) => {
  const angle = (Math.atan2(toward[1] - at[1], toward[0] - at[0]) * 180) / Math.PI;
  const [dx, dy] = [Math.cos((angle * Math.PI) / 180), Math.sin((angle * Math.PI) / 180)];
  const eye: Pt = [at[0] - dx * 118, at[1] - dy * 118];
  return `<g transform="translate(${f(at[0])} ${f(at[1])}) rotate(${f(angle + 180)})">
<rect x="-6" y="${-w - 5}" width="84" height="${2 * w + 10}" rx="8" fill="url(#ferrule)" transform="translate(4 9)" opacity=".35" filter="url(#blur-m)"/>
<rect x="-6" y="${-w - 5}" width="84" height="${2 * w + 10}" rx="8" fill="url(#ferrule)"/>
${[16, 30, 44, 58].map((x) => `<rect x="${x}" y="${-w - 5}" width="5" height="${2 * w + 10}" fill="#000" opacity=".14"/>`).join('')}
<rect x="78" y="-10" width="26" height="20" fill="url(#ferrule)"/>
</g>
${flatRing(eye[0], eye[1] + 8, 34, 14, 0.62, 14, 'url(#steel-side)', 'url(#steel-top)')}`;
};

const braidedLines = (): Render => {
  const a: [Pt, Pt, Pt, Pt] = [
    [250, 330],
    [520, 90],
    [640, 820],
    [990, 560],
  ];
  const b: [Pt, Pt, Pt, Pt] = [
    [240, 640],
    [520, 690],
    [690, 180],
    [970, 250],
  ];
  const w = 15;
  return [
    `${metalDefs}
${linear(
  'ferrule',
  [0, 0, 0, 1],
  [
    [0, '#5b626a'],
    [0.2, '#e9edf1'],
    [0.35, '#ffffff'],
    [0.55, '#a3abb3'],
    [0.85, '#5d646c'],
    [1, '#3e444a'],
  ],
)}
${linear(
  'steel-side',
  [0, 0, 1, 0],
  [
    [0, '#8a929b'],
    [0.5, '#5b636b'],
    [1, '#3b4147'],
  ],
)}`,
    `${braidedHose(a, w)}
${hoseEnd(a[0], cubicAt(...a, 0.06), w)}
${hoseEnd(a[3], cubicAt(...a, 0.94), w)}
${braidedHose(b, w)}
${hoseEnd(b[0], cubicAt(...b, 0.06), w)}
${hoseEnd(b[3], cubicAt(...b, 0.94), w)}`,
  ] as const;
};

// --- Lever -----------------------------------------------------------------------------------

/** An adjustable CNC lever: the blade with its folding knuckle, pivot block, span adjuster wheel and ball end. */
const brakeLever = (): Render => {
  const blade =
    'M270 352C330 330 420 350 520 392L980 604C1012 618 1022 644 1006 664C992 682 966 684 944 672L484 452C404 414 330 410 280 420Z';
  const pivot =
    'M148 300C150 258 196 236 240 244L318 262C350 270 364 300 354 334L340 388C330 420 298 436 266 428L184 408C158 400 146 370 148 340Z';
  const depth = 16;
  const stack2 = (id: string, fill: string) =>
    `<g fill="${fill}">${range(depth)
      .map((i) => `<use href="#${id}" transform="translate(${f(i * 0.6)} ${f(-i)})"/>`)
      .join('')}</g>`;
  const top = `translate(${f(depth * 0.6)} ${-depth})`;
  const slots = ['M560 444L700 508', 'M740 528L880 592']
    .map(
      (d) => `<path d="${d}" transform="${top}" stroke="#0e1012" stroke-width="26" stroke-linecap="round"/>
<path d="${d}" transform="${top} translate(0 3)" stroke="#dfe4ea" stroke-opacity=".7" stroke-width="2" fill="none"/>`,
    )
    .join('');
  // The span adjuster: a red anodised wheel, numbered, its axis along the blade.
  const wheel = `<g transform="translate(300 292) rotate(24)">
<path d="M-34-40H34V40H-34Z" fill="url(#wheel-side)"/>
${range(9)
  .map((i) => `<path d="M${-34 + i * 8.5}-40V40" stroke="#000" stroke-opacity=".18" stroke-width="2"/>`)
  .join('')}
<ellipse cx="34" cy="0" rx="14" ry="40" fill="url(#wheel-face)"/>
<ellipse cx="34" cy="0" rx="6" ry="16" fill="url(#chrome-h)"/>
<text x="0" y="9" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="26" font-weight="700" fill="#fff">4</text>
<text x="0" y="-22" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="16" font-weight="700" fill="#fff" opacity=".7" transform="scale(1 .6)">3</text>
</g>`;
  return [
    `${metalDefs}
${anodisedGradients('lever', 'black')}
${linear(
  'wheel-side',
  [0, 0, 0, 1],
  [
    [0, '#5e0906'],
    [0.25, '#ff6a5a'],
    [0.45, '#d0241a'],
    [1, '#4a0604'],
  ],
)}
${radialGradient(
  'wheel-face',
  [0.4, 0.35, 0.7],
  [
    [0, '#ff8f80'],
    [1, '#9a0f0a'],
  ],
)}
<path id="blade" d="${blade}"/>
<path id="pivot-block" d="${pivot}"/>`,
    `<path d="${blade}" transform="translate(20 56)" fill="#10161c" opacity=".3" filter="url(#blur-l)"/>
<path d="${pivot}" transform="translate(20 60)" fill="#10161c" opacity=".3" filter="url(#blur-l)"/>
${stack2('blade', 'url(#lever-side)')}
<use href="#blade" transform="${top}" fill="url(#lever-face)" filter="url(#brushed)"/>
<use href="#blade" transform="${top}" fill="none" stroke="url(#alu-edge)" stroke-width="3.5"/>
<path d="M530 420C600 450 900 590 990 626" transform="${top}" stroke="#fff" stroke-opacity=".35" stroke-width="6" filter="url(#blur-s)" fill="none"/>
${slots}
<path d="M486 414L470 452" transform="${top}" stroke="#0e1012" stroke-width="4"/>
<path d="M490 416L474 454" transform="${top}" stroke="#fff" stroke-opacity=".4" stroke-width="1.5"/>
<circle cx="500" cy="436" r="8" transform="${top}" fill="url(#chrome-h)"/>
<circle cx="978" cy="642" r="24" transform="${top}" fill="url(#lever-face)" stroke="url(#alu-edge)" stroke-width="3"/>
${stack2('pivot-block', 'url(#lever-side)')}
<use href="#pivot-block" transform="${top}" fill="url(#lever-face)" filter="url(#brushed)"/>
<use href="#pivot-block" transform="${top}" fill="none" stroke="url(#alu-edge)" stroke-width="3.5"/>
<g transform="${top}">
<circle cx="206" cy="330" r="30" fill="url(#alu-edge)"/><circle cx="206" cy="330" r="26" fill="url(#chrome-h)"/>
<path d="${poly(hexagon(206, 330, 12, 1, 0.5))}" fill="#1d2125"/>
</g>
${wheel}`,
  ] as const;
};

// --- Master cylinders -------------------------------------------------------------------------

/** A lying cylinder (axis across the picture) lit from above: a body with rounded ends. */
const barrel = (x0: number, x1: number, cy: number, r: number, fill: string, end: string) =>
  `<rect x="${x0}" y="${cy - r}" width="${x1 - x0}" height="${2 * r}" fill="${fill}"/>
<ellipse cx="${x1}" cy="${cy}" rx="${f(r * 0.36)}" ry="${r}" fill="${end}"/>`;

/** A see-through fluid reservoir standing: smoked plastic, the fluid's level, a screw cap. */
const reservoir = (cx: number, top: number, bottom: number, r: number) => {
  const k = 0.34;
  const level = top + (bottom - top) * 0.38;
  return `<ellipse cx="${cx + 14}" cy="${bottom + 10}" rx="${r * 1.1}" ry="${r * k * 1.2}" fill="#10161c" opacity=".35" filter="url(#blur-m)"/>
${cylinder(cx, level, bottom, r - 3, (r - 3) * k, 'url(#fluid)', '#e0a237', 'opacity=".95"')}
<path d="M${cx - r} ${top}V${bottom}A${r} ${r * k} 0 0 0 ${cx + r} ${bottom}V${top}Z" fill="url(#smoke)"/>
${range(4)
  .map((i) => `<path d="M${cx + r - 4} ${top + 30 + i * 26}h-16" stroke="#fff" stroke-opacity=".6" stroke-width="2"/>`)
  .join('')}
<text x="${cx + r - 26}" y="${top + 36}" text-anchor="end" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="12" font-weight="700" fill="#fff" fill-opacity=".75">MAX</text>
<text x="${cx + r - 26}" y="${top + 114}" text-anchor="end" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="12" font-weight="700" fill="#fff" fill-opacity=".75">MIN</text>
<path d="M${cx - r * 0.62} ${top + 8}V${bottom - 6}" stroke="#fff" stroke-opacity=".55" stroke-width="${r * 0.16}" stroke-linecap="round" filter="url(#blur-s)"/>
${cylinder(cx, top - 30, top + 4, r + 6, (r + 6) * k, 'url(#cap-side)', 'url(#cap-top)')}
${range(13)
  .map((i) => {
    const x = cx - (r + 6) * Math.cos((i / 12) * Math.PI);
    return `<path d="M${f(x)} ${top - 28}V${top + 2 + (r + 6) * k * Math.sin((i / 12) * Math.PI)}" stroke="#000" stroke-opacity=".25" stroke-width="2"/>`;
  })
  .join('')}
<ellipse cx="${cx}" cy="${top - 30}" rx="${r * 0.5}" ry="${r * 0.5 * k}" fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="2"/>`;
};

const masterCylinderDefs = `${metalDefs}
${anodisedGradients('mc', 'black')}
${linear(
  'alu-h',
  [0, 0, 0, 1],
  [
    [0, '#6f7780'],
    [0.18, '#e8ecf0'],
    [0.3, '#ffffff'],
    [0.5, '#b7bec6'],
    [0.8, '#6a727b'],
    [1, '#4a5158'],
  ],
)}
${linear(
  'alu-v',
  [0, 0, 1, 0],
  [
    [0, '#6a727b'],
    [0.2, '#dfe4e9'],
    [0.32, '#ffffff'],
    [0.55, '#aeb5bd'],
    [0.85, '#6a727b'],
    [1, '#4f565d'],
  ],
)}
${radialGradient(
  'alu-end',
  [0.4, 0.35, 0.7],
  [
    [0, '#ffffff'],
    [0.6, '#b9c0c7'],
    [1, '#6c747c'],
  ],
)}
${linear(
  'smoke',
  [0, 0, 1, 0],
  [
    [0, '#30363c', 0.8],
    [0.2, '#98a1aa', 0.45],
    [0.5, '#606870', 0.35],
    [0.85, '#2a3036', 0.6],
    [1, '#1a1e22', 0.85],
  ],
)}
${linear(
  'fluid',
  [0, 0, 1, 0],
  [
    [0, '#8a5a10'],
    [0.3, '#e8a83e'],
    [1, '#7a4a0c'],
  ],
)}
${linear(
  'cap-side',
  [0, 0, 1, 0],
  [
    [0, '#15171a'],
    [0.3, '#4d5258'],
    [0.5, '#26292d'],
    [1, '#0c0d0f'],
  ],
)}
${linear(
  'cap-top',
  [0, 0, 1, 1],
  [
    [0, '#6c7278'],
    [1, '#1b1d20'],
  ],
)}
${linear(
  'hose',
  [0, 0, 1, 1],
  [
    [0, '#3a3f45'],
    [1, '#121416'],
  ],
)}`;

/** A radial front master cylinder: body along the lever's push, bar clamp, remote reservoir and its hose, lever and banjo outlet. */
const radialMasterCylinder = (): Render => [
  masterCylinderDefs,
  `${groundShadow(640, 720, 440, 54, 1)}
<path d="M250 380C250 470 470 330 600 396" stroke="#10161c" stroke-opacity=".2" stroke-width="30" fill="none" filter="url(#blur-l)" transform="translate(20 60)"/>
${reservoir(250, 210, 370, 62)}
<path d="M250 380C250 470 470 330 600 396" stroke="url(#hose)" stroke-width="22" fill="none" stroke-linecap="round"/>
<path d="M250 380C250 470 470 330 600 396" stroke="#fff" stroke-opacity=".25" stroke-width="4" fill="none" transform="translate(-3 -6)"/>
<path d="M470 560H640L660 640C664 660 652 676 630 676H490C468 676 456 660 460 640Z" fill="url(#mc-face)"/>
<path d="M470 560H640L660 640C664 660 652 676 630 676H490C468 676 456 660 460 640Z" fill="none" stroke="url(#alu-edge)" stroke-width="3"/>
<ellipse cx="556" cy="578" rx="60" ry="26" fill="#0c0d0f"/>
${[486, 628].map((x) => `<ellipse cx="${x}" cy="670" rx="14" ry="8" fill="url(#chrome-h)"/><ellipse cx="${x}" cy="669" rx="6" ry="3.4" fill="#1d2125"/>`).join('')}
${barrel(380, 860, 500, 70, 'url(#alu-h)', 'url(#alu-end)')}
<ellipse cx="380" cy="500" rx="25" ry="70" fill="url(#alu-end)"/>
<path d="M380 436H860" stroke="#fff" stroke-opacity=".6" stroke-width="4" filter="url(#blur-xs)"/>
${cylinder(600, 396, 440, 24, 8, 'url(#chrome-v)', '#dfe4e9')}
${banjoOnBody(448, 426)}
<path d="M780 430H900V580C900 600 886 612 866 612H800C786 612 780 600 780 586Z" fill="url(#mc-face)"/>
<path d="M780 430H900V580C900 600 886 612 866 612H800C786 612 780 600 780 586Z" fill="none" stroke="url(#alu-edge)" stroke-width="3"/>
<circle cx="850" cy="480" r="22" fill="url(#chrome-h)"/><path d="${poly(hexagon(850, 480, 9, 1))}" fill="#1d2125"/>
<path d="M880 540C960 560 1040 640 1090 720L1060 744C1010 670 948 612 872 596Z" fill="url(#mc-face)"/>
<path d="M880 540C960 560 1040 640 1090 720L1060 744C1010 670 948 612 872 596Z" fill="none" stroke="url(#alu-edge)" stroke-width="3"/>
<text x="690" y="514" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="24" font-weight="700" font-style="italic" fill="#1f2429" fill-opacity=".6">19×18</text>`,
];

/** A rear master cylinder: upright body with its reservoir on top, mounting flange, banjo outlet on the side, push rod with lock nut and clevis. */
const rearMasterCylinder = (): Render => [
  masterCylinderDefs,
  `${groundShadow(620, 790, 330, 46, 1)}
<path d="M420 420H800C824 420 836 436 836 456V482C836 502 824 516 800 516H420C396 516 384 502 384 482V456C384 436 396 420 420 420Z" fill="url(#mc-face)"/>
<path d="M420 420H800C824 420 836 436 836 456V482C836 502 824 516 800 516H420C396 516 384 502 384 482V456C384 436 396 420 420 420Z" fill="none" stroke="url(#alu-edge)" stroke-width="3"/>
${[440, 780]
  .map(
    (x) =>
      `<circle cx="${x}" cy="468" r="24" fill="url(#dark-hole)"/><circle cx="${x}" cy="468" r="24" fill="none" stroke="url(#alu-edge)" stroke-width="3"/>`,
  )
  .join('')}
${cylinder(610, 330, 600, 66, 24, 'url(#alu-v)', 'url(#alu-end)')}
<path d="M552 340V590" stroke="#fff" stroke-opacity=".5" stroke-width="6" filter="url(#blur-xs)"/>
${reservoir(610, 190, 330, 60)}
<g transform="translate(706 392) rotate(90)">${banjoOnBody(0, 0)}</g>
${cylinder(610, 596, 640, 40, 14, 'url(#rubber-v)', 'url(#rubber-top)')}
${range(4)
  .map(
    (i) =>
      `<path d="M570 ${606 + i * 10}A40 14 0 0 0 650 ${606 + i * 10}" stroke="#000" stroke-opacity=".35" stroke-width="2" fill="none"/>`,
  )
  .join('')}
${cylinder(610, 636, 736, 11, 4, 'url(#chrome-v)', '#dfe4e9')}
${hexPrism(610, 676, 18, 22, 0.36, ['#555c64', '#80878f', '#b9bfc6', '#e7ebef'], 'url(#steel-top)')}
<path d="M580 726H640V776C640 788 632 796 620 796H600C588 796 580 788 580 776Z" fill="url(#mc-face)"/>
<path d="M580 726H640V776C640 788 632 796 620 796H600C588 796 580 788 580 776Z" fill="none" stroke="url(#alu-edge)" stroke-width="2.5"/>
<rect x="596" y="742" width="28" height="60" fill="#0e1012"/>
<ellipse cx="610" cy="766" rx="44" ry="10" fill="url(#chrome-h)"/>`,
];

// --- Small parts ----------------------------------------------------------------------------

/** A thread along a standing shank: slanted grooves across it. */
const threadV = (cx: number, top: number, bottom: number, r: number, pitch: number) =>
  range(Math.floor((bottom - top) / pitch))
    .map((i) => {
      const y = top + i * pitch;
      return `<path d="M${f(cx - r)} ${f(y)}Q${f(cx)} ${f(y + r * 0.55)} ${f(cx + r)} ${f(y + pitch * 0.5)}" stroke="#000" stroke-opacity=".28" stroke-width="${f(pitch * 0.35)}" fill="none"/>`;
    })
    .join('');

/** A piston: a hollow steel cup standing open end up, its crown chamfered. */
const piston = (cx: number, bottom: number, r: number, h: number) => {
  const k = 0.36;
  return `<ellipse cx="${cx + 10}" cy="${bottom + 8}" rx="${r * 1.15}" ry="${r * k * 1.3}" fill="#10161c" opacity=".4" filter="url(#blur-m)"/>
${cylinder(cx, bottom - h, bottom, r, r * k, 'url(#chrome-v)', 'url(#steel-top)')}
<ellipse cx="${cx}" cy="${bottom - h}" rx="${r - 12}" ry="${(r - 12) * k}" fill="url(#cup)"/>
<path d="M${cx - r + 12} ${bottom - h}A${r - 12} ${(r - 12) * k} 0 0 1 ${cx + r - 12} ${bottom - h}" stroke="#fff" stroke-opacity=".35" stroke-width="2" fill="none"/>
<ellipse cx="${cx}" cy="${bottom - h}" rx="${r - 1}" ry="${(r - 1) * k}" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="2"/>`;
};

const rebuildKit = (): Render => [
  `${metalDefs}
${linear(
  'cup',
  [0, 0, 0, 1],
  [
    [0, '#8d959d'],
    [0.45, '#4a5057'],
    [1, '#121517'],
  ],
)}`,
  `${piston(300, 430, 74, 118)}${piston(500, 412, 74, 118)}${piston(700, 430, 66, 110)}${piston(890, 412, 66, 110)}
${flatRing(300, 640, 92, 72, 0.36, 12, '#0d0e10', 'url(#rubber-top)')}
${flatRing(520, 690, 92, 74, 0.36, 14, '#0d0e10', 'url(#rubber-top)')}
${flatRing(740, 640, 84, 66, 0.36, 12, '#0d0e10', 'url(#rubber-top)')}
${flatRing(950, 690, 84, 68, 0.36, 14, '#0d0e10', 'url(#rubber-top)')}
${flatRing(300, 640, 80, 74, 0.36, 4, '#0d0e10', '#5a1f1a')}
${flatRing(740, 640, 72, 67, 0.36, 4, '#0d0e10', '#5a1f1a')}`,
];

/** A titanium disc bolt standing: a flanged button head with a six-lobe socket, its shank threaded at the end. */
const discBoltStanding = (cx: number, bottom: number) => {
  const k = 0.36;
  const head = bottom - 230;
  const lobes = poly(
    range(48).map((i) => {
      const a = (i / 48) * TAU;
      const r = 14 + 4 * Math.cos(a * 6);
      return [cx + r * Math.cos(a), head + r * Math.sin(a) * k];
    }),
  );
  return `<ellipse cx="${cx + 16}" cy="${bottom + 6}" rx="44" ry="14" fill="#10161c" opacity=".38" filter="url(#blur-m)"/>
${cylinder(cx, head + 30, bottom, 17, 17 * k, 'url(#ti-v)', 'url(#ti-v)')}
${threadV(cx, bottom - 110, bottom - 4, 17, 8)}
${cylinder(cx, head + 24, head + 34, 42, 42 * k, 'url(#ti-v)', 'url(#ti-top)')}
${cylinder(cx, head, head + 24, 32, 32 * k, 'url(#ti-v)', 'url(#ti-top)')}
<ellipse cx="${cx}" cy="${head}" rx="31" ry="${31 * k}" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="2"/>
<path d="${lobes}" fill="#2a2014"/>`;
};

/** A disc bolt lying on its side. */
const discBoltLying = (x: number, y: number, angle: number) =>
  `<g transform="translate(${x} ${y}) rotate(${angle})">
<rect x="-8" y="6" width="250" height="40" rx="12" fill="#10161c" opacity=".35" filter="url(#blur-m)" transform="translate(0 18)"/>
<rect x="40" y="-17" width="200" height="34" rx="3" fill="url(#ti-h)"/>
${range(13)
  .map((i) => `<path d="M${128 + i * 8} -17l4 34" stroke="#000" stroke-opacity=".28" stroke-width="3"/>`)
  .join('')}
<rect x="22" y="-42" width="10" height="84" rx="3" fill="url(#ti-h)"/>
<path d="M-10 -32C-10 -38 -4 -40 2 -40H24V40H2C-4 40 -10 38 -10 32Z" fill="url(#ti-h)"/>
<ellipse cx="-10" cy="0" rx="10" ry="32" fill="url(#ti-top)"/>
</g>`;

const discBolts = (): Render => [
  `${metalDefs}
${linear(
  'ti-v',
  [0, 0, 1, 0],
  [
    [0, '#6b4a16'],
    [0.15, '#d9a845'],
    [0.3, '#fff0bd'],
    [0.45, '#e2b557'],
    [0.75, '#8e651f'],
    [1, '#5c3f10'],
  ],
)}
${linear(
  'ti-h',
  [0, 0, 0, 1],
  [
    [0, '#6b4a16'],
    [0.18, '#d9a845'],
    [0.32, '#fff0bd'],
    [0.5, '#e2b557'],
    [0.8, '#8e651f'],
    [1, '#5c3f10'],
  ],
)}
${linear(
  'ti-top',
  [0, 0, 1, 1],
  [
    [0, '#fff3c9'],
    [0.5, '#e5b352'],
    [1, '#9a6c1f'],
  ],
)}`,
  `${discBoltStanding(330, 500)}${discBoltStanding(500, 470)}${discBoltStanding(670, 500)}${discBoltStanding(840, 470)}
${discBoltLying(310, 640, -4)}${discBoltLying(660, 700, 3)}`,
];

/** A banjo bolt standing on its thread: hex head, the hollow shank's cross hole between the washers' seats, the thread. */
const banjoBoltStanding = (cx: number, bottom: number) => {
  const k = 0.38;
  const head = bottom - 250;
  return `<ellipse cx="${cx + 16}" cy="${bottom + 6}" rx="50" ry="16" fill="#10161c" opacity=".38" filter="url(#blur-m)"/>
${cylinder(cx, head + 40, bottom, 24, 24 * k, 'url(#chrome-v)', 'url(#steel-top)')}
<path d="M${cx - 24} ${head + 96}A24 9 0 0 0 ${cx + 24} ${head + 96}V${head + 124}A24 9 0 0 1 ${cx - 24} ${head + 124}Z" fill="#000" opacity=".18"/>
<ellipse cx="${cx - 2}" cy="${head + 110}" rx="9" ry="12" fill="#16191c"/>
${threadV(cx, bottom - 100, bottom - 4, 24, 9)}
${flatRing(cx, head + 58, 40, 24, k, 7, 'url(#copper-side)', 'url(#copper-top)')}
${hexPrism(cx, head, 40, 44, k, ['#4d545c', '#7a828a', '#b3bac1', '#e6eaee'], 'url(#steel-top)')}
<ellipse cx="${cx}" cy="${head}" rx="11" ry="${11 * k}" fill="#16191c"/>`;
};

const banjoBolts = (): Render => [
  `${metalDefs}`,
  `${banjoBoltStanding(380, 520)}${banjoBoltStanding(640, 490)}
${flatRing(880, 430, 58, 32, 0.4, 8, 'url(#copper-side)', 'url(#copper-top)')}
${flatRing(884, 420, 58, 32, 0.4, 8, 'url(#copper-side)', 'url(#copper-top)')}
${flatRing(880, 410, 58, 32, 0.4, 8, 'url(#copper-side)', 'url(#copper-top)')}
${flatRing(300, 690, 58, 32, 0.4, 8, 'url(#copper-side)', 'url(#copper-top)')}
${flatRing(470, 720, 58, 32, 0.4, 8, 'url(#copper-side)', 'url(#copper-top)')}
${flatRing(800, 690, 58, 32, 0.4, 8, 'url(#copper-side)', 'url(#copper-top)')}
${flatRing(960, 720, 58, 32, 0.4, 8, 'url(#copper-side)', 'url(#copper-top)')}`,
];

// --- Brake fluid ----------------------------------------------------------------------------

const brakeFluid = (): Render => {
  const body =
    'M430 330C430 286 470 262 520 254H680C730 262 770 286 770 330V760C770 786 752 800 726 802H474C448 800 430 786 430 760Z';
  const font = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"';
  return [
    `${linear(
      'bottle',
      [0, 0, 1, 0],
      [
        [0, '#b9c0c7'],
        [0.12, '#eef1f4'],
        [0.28, '#ffffff'],
        [0.5, '#f1f3f5'],
        [0.8, '#c9cfd5'],
        [1, '#98a0a8'],
      ],
    )}
${linear(
  'label',
  [0, 0, 1, 0],
  [
    [0, '#0f1a28'],
    [0.25, '#23364f'],
    [0.45, '#1d2e44'],
    [1, '#0b131d'],
  ],
)}
${linear(
  'round',
  [0, 0, 1, 0],
  [
    [0, '#000', 0.35],
    [0.2, '#000', 0],
    [0.3, '#fff', 0.18],
    [0.45, '#fff', 0],
    [0.8, '#000', 0.1],
    [1, '#000', 0.4],
  ],
)}
${linear(
  'bottle-cap',
  [0, 0, 1, 0],
  [
    [0, '#6e0a07'],
    [0.25, '#ff5a48'],
    [0.45, '#d3261b'],
    [1, '#5a0705'],
  ],
)}
<clipPath id="bottle-clip"><path d="${body}"/></clipPath>`,
    `${groundShadow(610, 800, 230, 34, 1.2)}
<path d="${body}" fill="url(#bottle)" filter="url(#grain)"/>
<g clip-path="url(#bottle-clip)">
<rect x="430" y="420" width="340" height="300" fill="url(#label)"/>
<rect x="430" y="420" width="340" height="8" fill="#e0a237"/><rect x="430" y="712" width="340" height="8" fill="#e0a237"/>
<text x="600" y="478" text-anchor="middle" ${font} font-size="24" font-weight="700" letter-spacing="6" fill="#fff">BRAKEHOUSE</text>
<text x="600" y="570" text-anchor="middle" ${font} font-size="86" font-weight="700" fill="#f2c14e">DOT 4</text>
<text x="600" y="616" text-anchor="middle" ${font} font-size="24" font-weight="700" letter-spacing="3" fill="#fff">BRAKE FLUID</text>
<text x="600" y="648" text-anchor="middle" ${font} font-size="16" letter-spacing="1" fill="#c8d2de">FMVSS 116 · ISO 4925</text>
<text x="600" y="692" text-anchor="middle" ${font} font-size="26" font-weight="700" fill="#fff">500 ml</text>
<rect x="430" y="250" width="340" height="560" fill="url(#round)"/>
<rect x="452" y="300" width="14" height="480" rx="7" fill="#e0a237" opacity=".28"/>
</g>
<path d="M512 258C548 248 652 248 688 258" stroke="#fff" stroke-width="4" stroke-opacity=".8" fill="none" filter="url(#blur-xs)"/>
<rect x="535" y="214" width="130" height="48" rx="6" fill="url(#bottle)"/>
<rect x="520" y="130" width="160" height="96" rx="12" fill="url(#bottle-cap)"/>
${range(15)
  .map((i) => `<path d="M${530 + i * 10} 138V218" stroke="#000" stroke-opacity=".22" stroke-width="3"/>`)
  .join('')}
<ellipse cx="600" cy="132" rx="78" ry="10" fill="#ff8a7c"/>
<path d="M470 340V740" stroke="#fff" stroke-width="18" stroke-opacity=".5" stroke-linecap="round" filter="url(#blur-m)"/>`,
  ];
};

// --- Sample part ----------------------------------------------------------------------------

/** The picture Add Product starts with: a machined caliper adapter bracket. */
const samplePart = (): Render => {
  const plate = `M-220 -40C-240 -90-200-130-150-120L140-70C200-60 230-10 210 40C196 80 150 96 110 84L-170 30C-210 20-230 0-220-40Z${circle(-160, -70, 22)}${circle(150, 10, 22)}${circle(-60, -30, 16)}${circle(60, 0, 16)}`;
  const plan = 'scale(1.55 .95) rotate(6)';
  return [
    `${metalDefs}
${linear(
  'bracket-top',
  [0, 0, 1, 1],
  [
    [0, '#f5f7f9'],
    [0.35, '#c6ccd2'],
    [0.6, '#99a1aa'],
    [1, '#dde1e5'],
  ],
)}
${linear(
  'bracket-side',
  [0, 0, 1, 0],
  [
    [0, '#7d858e'],
    [1, '#3c4248'],
  ],
)}
<path id="bracket" d="${plate}" fill-rule="evenodd"/>`,
    `<g transform="translate(600 470)">
<use href="#bracket" transform="translate(30 40) ${plan}" fill="#10161c" opacity=".3" filter="url(#blur-xl)"/>
<use href="#bracket" transform="translate(6 8) ${plan}" fill="#10161c" opacity=".4" filter="url(#blur-m)"/>
${stack(plan, [{ id: 'bracket', from: 0, to: 26, side: 'url(#bracket-side)', top: 'url(#bracket-top)', topAttrs: 'filter="url(#brushed)"' }])}
${onTop(plan, 26, `<path d="${plate}" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width="2" fill-rule="evenodd"/>`)}
</g>`,
  ];
};

/** Each part picture: its title, its render and how close the camera is (1: the render's own scale). */
const products: Record<string, readonly [title: string, render: () => Render, zoom?: number]> = {
  'sintered-pads': ['Sintered brake pads', () => pads('sintered'), 1.08],
  'organic-pads': ['Organic brake pads', () => pads('organic'), 1.08],
  'wave-disc': ['Semi-floating wave disc', () => disc({ waveEdge: true, floating: true })],
  'rear-disc': ['Fixed rear brake disc', () => disc({ waveEdge: false, floating: false })],
  'radial-caliper': ['Radial four-piston caliper', () => caliperRender({ colour: 'red', radial: true })],
  'rear-caliper': ['Two-piston rear caliper', () => caliperRender({ colour: 'gold', radial: false })],
  'braided-lines': ['Stainless braided brake lines', braidedLines],
  'brake-lever': ['Adjustable CNC brake lever', brakeLever, 1.08],
  'radial-master-cylinder': ['Radial front master cylinder', radialMasterCylinder],
  'rear-master-cylinder': ['Rear master cylinder', rearMasterCylinder, 1.04],
  'brake-fluid': ['DOT 4 brake fluid bottle', brakeFluid],
  'rebuild-kit': ['Caliper rebuild kit', rebuildKit, 1.12],
  'disc-bolts': ['Titanium disc bolts', discBolts, 1.2],
  'banjo-bolts': ['Banjo bolts and copper washers', banjoBolts, 1.22],
  'sample-part': ['Sample part', samplePart, 1.1],
};

// Banners: wide, dark, art on the right so the caption on the left stays readable.
const banner = (title: string, art: string, tint: string) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 600" width="1600" height="600" role="img">
<title>${title}</title>
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0d1117"/><stop offset="1" stop-color="${tint}"/></linearGradient>
<linearGradient id="steel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef0f3"/><stop offset=".5" stop-color="#a9b0b9"/><stop offset="1" stop-color="#6d757f"/></linearGradient>
<linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6d27a"/><stop offset="1" stop-color="#b9832b"/></linearGradient>
<linearGradient id="red" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e8473f"/><stop offset="1" stop-color="#8e1b17"/></linearGradient>
</defs>
<rect width="1600" height="600" fill="url(#sky)"/>
${Array.from({ length: 14 }, (_, i) => `<line x1="${i * 130 - 200}" y1="600" x2="${i * 130 + 200}" y2="0" stroke="#fff" opacity=".035" stroke-width="40"/>`).join('')}
<g transform="translate(880 0)">${art}</g>
</svg>`;
const bannerDisc = `${wave(360, 300, 250, 12, 14).replace('points', 'opacity=".95" points')}${holes(360, 300, 205, 30, 9, '#0d1117')}${holes(360, 300, 175, 30, 8, '#0d1117')}<circle cx="360" cy="300" r="140" fill="url(#gold)"/>${holes(360, 300, 140, 10, 11, '#6d757f')}${holes(360, 300, 90, 6, 18, '#0d1117')}<circle cx="360" cy="300" r="50" fill="#0d1117"/>`;
const bannerCaliper = `<g transform="translate(40 60) scale(1.1)">${caliper('url(#red)', 4)}</g>`;
const bannerPads = `<g transform="translate(0 90) scale(1.15)">${pad(70, 150, '#8a5a36').replaceAll('url(#bg)', '#0d1117')}${pad(320, 150, '#8a5a36').replaceAll('url(#bg)', '#0d1117')}</g>`;
write('banners/banner-1.svg', banner('Wave brake disc', bannerDisc, '#3a1410'));
write('banners/banner-2.svg', banner('Radial brake caliper', bannerCaliper, '#14263a'));
write('banners/banner-3.svg', banner('Sintered brake pads', bannerPads, '#2c2410'));

// Partner logos: made-up marks, so no one's trademark ships with the store.
const logo = (file: string, name: string, tagline: string, color: string, mark: string) =>
  write(
    `partners/${file}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 120" width="300" height="120" role="img">
<title>${name}</title>
<rect width="300" height="120" rx="12" fill="#fff"/>
<g fill="${color}">${mark}</g>
<text x="110" y="62" font-family="sans-serif" font-size="26" font-weight="700" fill="#1f2933">${name}</text>
<text x="111" y="86" font-family="sans-serif" font-size="13" letter-spacing="2" fill="#52606d">${tagline}</text>
</svg>`,
  );
logo(
  'apex-friction',
  'Apex Friction',
  'BRAKE COMPOUNDS',
  '#c0392b',
  '<circle cx="60" cy="60" r="38"/><circle cx="60" cy="60" r="16" fill="#fff"/>',
);
logo('ridgeline-moto', 'Ridgeline', 'MOTO COMPONENTS', '#1f6feb', '<path d="M20 92 L52 34 L70 64 L84 44 L104 92z"/>');
logo(
  'torque-works',
  'TorqueWorks',
  'CNC MACHINING',
  '#b9832b',
  '<rect x="26" y="26" width="68" height="68" rx="10" transform="rotate(45 60 60)"/><circle cx="60" cy="60" r="14" fill="#fff"/>',
);

// Reviewer avatars: initials on a colour, like a real store shows for people without a photo.
const avatar = (file: string, initials: string, color: string) =>
  write(
    `reviewers/${file}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160" role="img">
<title>${initials}</title>
<rect width="160" height="160" fill="${color}"/>
<circle cx="80" cy="64" r="30" fill="#fff" opacity=".25"/><path d="M24 160 q56 -80 112 0z" fill="#fff" opacity=".25"/>
<text x="80" y="96" text-anchor="middle" font-family="sans-serif" font-size="52" font-weight="700" fill="#fff">${initials}</text>
</svg>`,
  );
for (const [file, initials, color] of [
  ['marta', 'MK', '#7b3f9e'],
  ['daniel', 'DO', '#1f6f5b'],
  ['lena', 'LF', '#b03a48'],
  ['carlos', 'CM', '#2d5b9a'],
  ['aiko', 'AT', '#a0522d'],
  ['ben', 'BH', '#37474f'],
  ['priya', 'PN', '#00796b'],
  ['tom', 'TB', '#5d4037'],
] as const)
  avatar(file, initials, color);
avatar('default-user', '?', '#6c757d');

// The browser asks for /favicon.svg (web/index.html): beside images/, not in it.
write(
  'favicon.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#c0392b"/>${holes(32, 32, 21, 10, 3, '#fff')}<circle cx="32" cy="32" r="11" fill="#fff"/></svg>`,
  publicDir,
);

/** Rasterises a part's render once at the largest width, then writes each width in each format. */
async function writeProduct(slug: string, svg: string) {
  const largest = MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1] ?? RW;
  const full = await sharp(Buffer.from(svg), { density: (72 * largest) / RW })
    .resize(largest, (largest * RH) / RW)
    .toColourspace('srgb')
    .png()
    .toBuffer();
  const sizes: string[] = [];
  for (const width of MEDIA_WIDTHS) {
    const image = sharp(full).resize(width, Math.round((width * RH) / RW), { kernel: 'lanczos3' });
    for (const format of MEDIA_FORMATS) {
      const file = path.join(out, 'products', storePictureFileName(slug, width, format));
      const encoded =
        format === 'avif'
          ? image.clone().avif({ quality: 52, effort: 6, chromaSubsampling: '4:2:0' })
          : image.clone().webp({ quality: 80, effort: 6, smartSubsample: true });
      const { size } = await encoded.toFile(file);
      sizes.push(`${width}.${format} ${(size / 1024).toFixed(1)} KB`);
    }
  }
  console.log(slug.padEnd(24), sizes.join(', '));
}

const only = process.argv.slice(2);
for (const [slug, [title, render, zoom]] of Object.entries(products)) {
  if (only.length > 0 && !only.includes(slug)) continue;
  const [defs, body] = render();
  const svg = frame(title, defs, body, zoom);
  write(`products/${slug}.svg`, svg);
  await writeProduct(slug, svg);
}
console.log('images written to', out);
