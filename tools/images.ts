// Draws the sample catalogue's artwork as SVG files under web/public/images, and the favicon beside
// it. Run once with `npm run images`; the output is committed, so the store never fetches images
// from elsewhere. Shapes are simple on purpose: small files, crisp at any size.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const publicDir = fileURLToPath(new URL('../web/public', import.meta.url));
const out = path.join(publicDir, 'images');
/** Writes one file, relative to `dir`, with the indentation of the templates below taken out. */
const write = (file: string, svg: string, dir = out) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), svg.replace(/\n\s*/g, '\n').trim() + '\n');
};

const W = 600;
const H = 450;
const frame = (title: string, body: string, bg = ['#f4f5f7', '#dfe3e8']) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img">
<title>${title}</title>
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient>
<linearGradient id="steel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef0f3"/><stop offset=".5" stop-color="#a9b0b9"/><stop offset="1" stop-color="#6d757f"/></linearGradient>
<linearGradient id="gold" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6d27a"/><stop offset="1" stop-color="#b9832b"/></linearGradient>
<linearGradient id="red" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e8473f"/><stop offset="1" stop-color="#8e1b17"/></linearGradient>
<linearGradient id="alu" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9dde2"/><stop offset="1" stop-color="#7f8892"/></linearGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<ellipse cx="300" cy="400" rx="220" ry="22" fill="#000" opacity=".08"/>
${body}
</svg>`;

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

const disc = ({ waveEdge, floating }: { waveEdge: boolean; floating: boolean }) => `
${waveEdge ? wave(300, 215, 170, 9, 12) : '<circle cx="300" cy="215" r="170" fill="url(#steel)" stroke="#5b636c" stroke-width="2"/>'}
${holes(300, 215, 140, 24, 6)}${holes(300, 215, 118, 24, 5)}
<circle cx="300" cy="215" r="96" fill="${floating ? 'url(#gold)' : 'url(#steel)'}" stroke="#5b636c" stroke-width="2"/>
${floating ? holes(300, 215, 96, 10, 8, '#6d757f') : ''}
${holes(300, 215, 62, 6, 12)}
<circle cx="300" cy="215" r="34" fill="url(#bg)" stroke="#5b636c" stroke-width="2"/>`;

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

const masterCylinder = (remote: boolean) => `
<rect x="150" y="250" width="260" height="70" rx="30" fill="url(#alu)" stroke="#3d434a" stroke-width="3"/>
<rect x="400" y="262" width="60" height="46" rx="10" fill="#3d434a"/>
<path d="M460 285 q90 -10 120 60" stroke="#2c2f33" stroke-width="18" fill="none" stroke-linecap="round"/>
${
  remote
    ? '<rect x="190" y="80" width="110" height="130" rx="14" fill="#f2efe6" stroke="#3d434a" stroke-width="3" opacity=".92"/><rect x="185" y="70" width="120" height="26" rx="8" fill="#2c2f33"/><path d="M245 210 q0 25 -10 40" stroke="#2c2f33" stroke-width="8" fill="none"/><rect x="200" y="150" width="90" height="50" fill="#d8a43a" opacity=".55"/>'
    : '<rect x="180" y="160" width="150" height="90" rx="12" fill="url(#alu)" stroke="#3d434a" stroke-width="3"/><rect x="170" y="146" width="170" height="24" rx="8" fill="#2c2f33"/>'
}
<circle cx="185" cy="340" r="16" fill="#3d434a"/><circle cx="375" cy="340" r="16" fill="#3d434a"/>`;

const products: Record<string, [title: string, body: string]> = {
  'sintered-pads': ['Sintered brake pads', pad(70, 150, '#8a5a36') + pad(320, 150, '#8a5a36')],
  'organic-pads': ['Organic brake pads', pad(70, 150, '#3f3a34') + pad(320, 150, '#3f3a34')],
  'wave-disc': ['Semi-floating wave disc', disc({ waveEdge: true, floating: true })],
  'rear-disc': ['Fixed rear brake disc', disc({ waveEdge: false, floating: false })],
  'radial-caliper': ['Radial four-piston caliper', caliper('url(#red)', 4)],
  'rear-caliper': ['Two-piston rear caliper', caliper('url(#gold)', 2)],
  'braided-lines': [
    'Stainless braided brake lines',
    `<path d="M90 120 C 250 20, 330 380, 510 300" stroke="#6d757f" stroke-width="26" fill="none" stroke-linecap="round"/>
     <path d="M90 120 C 250 20, 330 380, 510 300" stroke="#e4e7eb" stroke-width="20" fill="none" stroke-dasharray="4 4"/>
     <path d="M110 330 C 230 250, 330 160, 500 140" stroke="#6d757f" stroke-width="26" fill="none" stroke-linecap="round"/>
     <path d="M110 330 C 230 250, 330 160, 500 140" stroke="#e4e7eb" stroke-width="20" fill="none" stroke-dasharray="4 4"/>
     <circle cx="80" cy="122" r="26" fill="url(#gold)" stroke="#6b4a16" stroke-width="3"/><circle cx="520" cy="302" r="26" fill="url(#gold)" stroke="#6b4a16" stroke-width="3"/>
     <circle cx="100" cy="334" r="26" fill="url(#gold)" stroke="#6b4a16" stroke-width="3"/><circle cx="512" cy="140" r="26" fill="url(#gold)" stroke="#6b4a16" stroke-width="3"/>`,
  ],
  'brake-lever': [
    'Adjustable CNC brake lever',
    `<path d="M90 150 q20 -40 70 -30 l370 150 q30 14 14 40 q-12 18 -40 8 l-360 -110 q-60 -10 -54 -58z" fill="url(#alu)" stroke="#3d434a" stroke-width="3"/>
     <path d="M380 226 l120 50" stroke="#c0392b" stroke-width="10" stroke-linecap="round"/>
     <circle cx="135" cy="150" r="30" fill="url(#red)" stroke="#3d434a" stroke-width="3"/>
     ${[0, 1, 2, 3, 4, 5].map((i) => `<text x="${128 + 2 * i}" y="157" font-family="sans-serif" font-size="18" fill="#fff" opacity="${i === 2 ? 1 : 0}">${i + 1}</text>`).join('')}`,
  ],
  'radial-master-cylinder': ['Radial front master cylinder', masterCylinder(true)],
  'rear-master-cylinder': ['Rear master cylinder', masterCylinder(false)],
  'brake-fluid': [
    'DOT 4 brake fluid bottle',
    `<rect x="215" y="110" width="170" height="270" rx="26" fill="#f7f4ea" stroke="#3d434a" stroke-width="3"/>
     <rect x="255" y="66" width="90" height="52" rx="8" fill="#c0392b" stroke="#3d434a" stroke-width="3"/>
     <rect x="215" y="190" width="170" height="120" fill="#1f2a36"/>
     <text x="300" y="245" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="40" fill="#f6d27a">DOT 4</text>
     <text x="300" y="285" text-anchor="middle" font-family="sans-serif" font-size="22" fill="#fff">500 ml</text>`,
  ],
  'rebuild-kit': [
    'Caliper rebuild kit',
    `${[0, 1, 2, 3].map((i) => `<circle cx="${150 + i * 100}" cy="170" r="40" fill="url(#steel)" stroke="#4d545c" stroke-width="3"/><circle cx="${150 + i * 100}" cy="170" r="26" fill="#cfd4da"/>`).join('')}
     ${[0, 1, 2, 3].map((i) => `<circle cx="${150 + i * 100}" cy="300" r="38" fill="none" stroke="#222" stroke-width="9"/><circle cx="${150 + i * 100}" cy="300" r="24" fill="none" stroke="#7a1f1a" stroke-width="5"/>`).join('')}`,
  ],
  'disc-bolts': [
    'Titanium disc bolts',
    [0, 1, 2, 3, 4, 5]
      .map((i) => {
        const x = 100 + i * 80;
        return `<path d="M${x - 30} 120 h60 l-20 30 h-20z" fill="url(#gold)" stroke="#6b4a16" stroke-width="2"/>
        <rect x="${x - 10}" y="150" width="20" height="170" fill="url(#gold)" stroke="#6b4a16" stroke-width="2"/>
        ${[0, 1, 2, 3, 4, 5, 6, 7].map((t) => `<line x1="${x - 10}" y1="${240 + t * 10}" x2="${x + 10}" y2="${246 + t * 10}" stroke="#6b4a16" stroke-width="2"/>`).join('')}`;
      })
      .join(''),
  ],
  'banjo-bolts': [
    'Banjo bolts and copper washers',
    `${[0, 1, 2]
      .map((i) => {
        const x = 160 + i * 140;
        return `<rect x="${x - 32}" y="110" width="64" height="40" rx="6" fill="url(#steel)" stroke="#4d545c" stroke-width="2"/>
      <rect x="${x - 15}" y="150" width="30" height="140" fill="url(#steel)" stroke="#4d545c" stroke-width="2"/>
      <rect x="${x - 15}" y="190" width="30" height="12" fill="#4d545c"/>`;
      })
      .join('')}
     ${[0, 1, 2, 3, 4].map((i) => `<circle cx="${120 + i * 90}" cy="360" r="30" fill="none" stroke="#c27a3e" stroke-width="14"/>`).join('')}`,
  ],
  'sample-part': [
    'Sample part',
    `<circle cx="300" cy="215" r="150" fill="url(#steel)" stroke="#5b636c" stroke-width="2"/>
     <circle cx="300" cy="215" r="60" fill="url(#bg)" stroke="#5b636c" stroke-width="2"/>
     <text x="300" y="228" text-anchor="middle" font-family="sans-serif" font-size="34" font-weight="700" fill="#5b636c">PART</text>`,
  ],
};
for (const [slug, [title, body]] of Object.entries(products)) write(`products/${slug}.svg`, frame(title, body));

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
console.log('images written to', out);
