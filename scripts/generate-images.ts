// Generates the site's raster images from SVG drawings with sharp: the product illustration
// (served resized by GET /images/:file), the Open Graph card and the favicon set. The outputs
// are committed; run `npx tsx scripts/generate-images.ts` after changing a drawing.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const imagesDir = path.join(root, 'src/server/features/images/files');
const publicDir = path.join(root, 'src/web/public');

const font = `font-family="DejaVu Sans, Helvetica, Arial, sans-serif"`;
const teal = '#0f766e';
const slate = {
  50: '#f8fafc',
  100: '#f1f5f9',
  200: '#e2e8f0',
  300: '#cbd5e1',
  500: '#64748b',
  700: '#334155',
  900: '#0f172a',
};

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function text(x: number, y: number, content: string, attrs = ''): string {
  return `<text x="${x}" y="${y}" ${font} ${attrs}>${escapeXml(content)}</text>`;
}

type Lead = { when: string; property: string; name: string; income: string; moveIn: string; score: number };

const leads: Lead[] = [
  {
    when: '12 Mar, 9:14 AM',
    property: '2 Bed Flat, Clifton',
    name: 'Priya Shah',
    income: '£52,000',
    moveIn: '01/04/2026',
    score: 9,
  },
  {
    when: '12 Mar, 8:02 AM',
    property: 'Studio, Redland',
    name: 'Tom Harris',
    income: '£31,000',
    moveIn: '15/04/2026',
    score: 8,
  },
  {
    when: '11 Mar, 9:47 PM',
    property: '3 Bed House, Bishopston',
    name: 'Amara Okafor',
    income: '£68,000',
    moveIn: '20/03/2026',
    score: 8,
  },
  {
    when: '11 Mar, 6:30 PM',
    property: '2 Bed Flat, Clifton',
    name: 'Daniel Reid',
    income: '£27,500',
    moveIn: 'ASAP',
    score: 6,
  },
  {
    when: '11 Mar, 1:12 PM',
    property: '1 Bed Flat, Southville',
    name: 'Chloe Evans',
    income: '£24,000',
    moveIn: 'flexible',
    score: 5,
  },
  {
    when: '10 Mar, 7:55 PM',
    property: 'Studio, Redland',
    name: 'Marcus Lee',
    income: '£29,000',
    moveIn: '01/05/2026',
    score: 7,
  },
  {
    when: '10 Mar, 4:21 PM',
    property: '3 Bed House, Bishopston',
    name: 'Sophie Turner',
    income: '£41,000',
    moveIn: '04/04/2026',
    score: 8,
  },
];

function scoreBadge(x: number, y: number, score: number): string {
  const [fill, ink] =
    score >= 8 ? ['#dcfce7', '#166534'] : score >= 6 ? ['#fef3c7', '#92400e'] : [slate[100], slate[700]];
  return `<rect x="${x}" y="${y - 17}" width="58" height="26" rx="13" fill="${fill}"/>${text(x + 29, y + 1, `${score}/10`, `font-size="14" font-weight="bold" fill="${ink}" text-anchor="middle"`)}`;
}

function statCard(x: number, y: number, label: string, value: string, note: string, extra = ''): string {
  return `<g>
    <rect x="${x}" y="${y}" width="258" height="112" rx="12" fill="#fff" stroke="${slate[200]}"/>
    ${text(x + 20, y + 32, label, `font-size="14" fill="${slate[500]}"`)}
    ${text(x + 20, y + 70, value, `font-size="30" font-weight="bold" fill="${slate[900]}"`)}
    ${text(x + 20, y + 96, note, `font-size="13" fill="${slate[500]}"`)}
    ${extra}
  </g>`;
}

/** A browser window with the agent's dashboard, and a phone with the tenant's chat beside it. */
function productSvg(): string {
  const columns = { when: 84, property: 222, name: 426, income: 562, moveIn: 668, rating: 792 };
  const table = leads
    .map((lead, index) => {
      const y = 432 + index * 46;
      return `<g>
        ${index > 0 ? `<line x1="70" y1="${y - 27}" x2="876" y2="${y - 27}" stroke="${slate[200]}"/>` : ''}
        ${text(columns.when, y, lead.when, `font-size="13" fill="${slate[500]}"`)}
        ${text(columns.property, y, lead.property, `font-size="13" fill="${slate[900]}"`)}
        ${text(columns.name, y, lead.name, `font-size="13" font-weight="bold" fill="${slate[900]}"`)}
        ${text(columns.income, y, lead.income, `font-size="13" fill="${slate[700]}"`)}
        ${text(columns.moveIn, y, lead.moveIn, `font-size="13" fill="${slate[700]}"`)}
        ${scoreBadge(columns.rating, y - 4, lead.score)}
      </g>`;
    })
    .join('');

  const phone = { x: 924, y: 136, width: 292, height: 600 };
  const screen = { x: phone.x + 14, y: phone.y + 14, width: phone.width - 28, height: phone.height - 28 };
  const bubbles: { from: 'ai' | 'tenant'; lines: string[] }[] = [
    {
      from: 'ai',
      lines: ["Hi! I'm Riverside Lettings'", 'AI assistant. When would', 'you like to move in?'],
    },
    { from: 'tenant', lines: ['1st April, there are', '2 of us, both nurses'] },
    { from: 'ai', lines: ['Lovely, thank you. What is', 'your combined income?'] },
    { from: 'tenant', lines: ['About £52k a year'] },
    { from: 'ai', lines: ['Great. When suits you', 'for a viewing?'] },
  ];
  let cursor = screen.y + 146;
  const chat = bubbles
    .map((bubble) => {
      const height = 16 + bubble.lines.length * 20;
      const width = bubble.from === 'ai' ? 224 : 184;
      const x = bubble.from === 'ai' ? screen.x + 12 : screen.x + screen.width - 12 - width;
      const fill = bubble.from === 'ai' ? slate[100] : teal;
      const ink = bubble.from === 'ai' ? slate[900] : '#fff';
      const lines = bubble.lines
        .map((line, index) => text(x + 14, cursor + 24 + index * 20, line, `font-size="13.5" fill="${ink}"`))
        .join('');
      const svg = `<rect x="${x}" y="${cursor}" width="${width}" height="${height}" rx="14" fill="${fill}"/>${lines}`;
      cursor += height + 12;
      return svg;
    })
    .join('');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800" viewBox="0 0 1280 800">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ccfbf1"/><stop offset="0.55" stop-color="#f0fdfa"/><stop offset="1" stop-color="#e0f2fe"/>
    </linearGradient>
    <filter id="shadow" x="-10%" y="-10%" width="120%" height="130%">
      <feDropShadow dx="0" dy="18" stdDeviation="22" flood-color="#0f172a" flood-opacity="0.16"/>
    </filter>
    <clipPath id="phone-screen"><rect x="${screen.x}" y="${screen.y}" width="${screen.width}" height="${screen.height}" rx="30"/></clipPath>
  </defs>
  <rect width="1280" height="800" fill="url(#bg)"/>
  <circle cx="1190" cy="80" r="170" fill="#99f6e4" opacity="0.35"/>
  <circle cx="70" cy="770" r="190" fill="#bae6fd" opacity="0.35"/>

  <g filter="url(#shadow)"><rect x="40" y="48" width="860" height="712" rx="16" fill="#fff"/></g>
  <path d="M40 64a16 16 0 0 1 16-16h828a16 16 0 0 1 16 16v28H40z" fill="${slate[100]}"/>
  <circle cx="66" cy="70" r="6" fill="#f87171"/><circle cx="86" cy="70" r="6" fill="#fbbf24"/><circle cx="106" cy="70" r="6" fill="#34d399"/>
  <rect x="330" y="58" width="280" height="24" rx="12" fill="#fff"/>
  ${text(470, 75, 'LetLead · Dashboard', `font-size="13" fill="${slate[500]}" text-anchor="middle"`)}
  <line x1="40" y1="92" x2="900" y2="92" stroke="${slate[200]}"/>

  <rect x="70" y="114" width="38" height="38" rx="9" fill="${teal}"/>
  <path d="M81 123v19h14v-4h-10v-15z" fill="#fff"/><circle cx="96" cy="127" r="3.6" fill="#5eead4"/>
  ${text(122, 131, 'Riverside Lettings', `font-size="19" font-weight="bold" fill="${slate[900]}"`)}
  ${text(122, 150, 'Property Manager', `font-size="13" fill="${slate[500]}"`)}
  <rect x="622" y="114" width="160" height="38" rx="8" fill="${teal}"/>
  ${text(702, 138, 'Generate AI Agent', `font-size="14" font-weight="bold" fill="#fff" text-anchor="middle"`)}
  <rect x="794" y="114" width="82" height="38" rx="8" fill="#fff" stroke="${slate[300]}"/>
  ${text(835, 138, 'Account', `font-size="14" fill="${slate[900]}" text-anchor="middle"`)}

  ${statCard(70, 172, 'Total Leads', '128', '+23 this week')}
  ${statCard(344, 172, 'Properties Listed', '14', '14 AI agent links live')}
  ${statCard(618, 172, 'Credits · Medium', '1,214', 'of 1,500 remaining', `<rect x="${618 + 150}" y="${172 + 56}" width="86" height="8" rx="4" fill="${slate[200]}"/><rect x="${618 + 150}" y="${172 + 56}" width="70" height="8" rx="4" fill="${teal}"/>`)}

  <rect x="70" y="304" width="292" height="40" rx="8" fill="${slate[100]}"/>
  <rect x="74" y="308" width="142" height="32" rx="6" fill="#fff"/>
  ${text(145, 329, 'Property Leads', `font-size="14" font-weight="bold" fill="${slate[900]}" text-anchor="middle"`)}
  ${text(289, 329, 'Property List', `font-size="14" fill="${slate[500]}" text-anchor="middle"`)}
  <rect x="646" y="304" width="230" height="40" rx="8" fill="#fff" stroke="${slate[300]}"/>
  <circle cx="668" cy="322" r="7" fill="none" stroke="${slate[500]}" stroke-width="2"/><line x1="673" y1="327" x2="679" y2="333" stroke="${slate[500]}" stroke-width="2"/>
  ${text(688, 329, 'Search leads…', `font-size="14" fill="${slate[500]}"`)}

  <rect x="70" y="362" width="806" height="372" rx="10" fill="#fff" stroke="${slate[200]}"/>
  <path d="M70 372a10 10 0 0 1 10-10h786a10 10 0 0 1 10 10v32H70z" fill="${slate[50]}"/>
  <line x1="70" y1="404" x2="876" y2="404" stroke="${slate[200]}"/>
  ${text(columns.when, 388, 'Date/Time', `font-size="12.5" font-weight="bold" fill="${slate[500]}"`)}
  ${text(columns.property, 388, 'Property', `font-size="12.5" font-weight="bold" fill="${slate[500]}"`)}
  ${text(columns.name, 388, 'Name', `font-size="12.5" font-weight="bold" fill="${slate[500]}"`)}
  ${text(columns.income, 388, 'Income', `font-size="12.5" font-weight="bold" fill="${slate[500]}"`)}
  ${text(columns.moveIn, 388, 'Move In', `font-size="12.5" font-weight="bold" fill="${slate[500]}"`)}
  ${text(columns.rating, 388, 'Rating ▼', `font-size="12.5" font-weight="bold" fill="${teal}"`)}
  ${table}

  <g filter="url(#shadow)"><rect x="${phone.x}" y="${phone.y}" width="${phone.width}" height="${phone.height}" rx="44" fill="${slate[900]}"/></g>
  <g clip-path="url(#phone-screen)">
    <rect x="${screen.x}" y="${screen.y}" width="${screen.width}" height="${screen.height}" fill="#fff"/>
    <rect x="${screen.x}" y="${screen.y}" width="${screen.width}" height="128" fill="${teal}"/>
    <rect x="${screen.x + screen.width / 2 - 42}" y="${screen.y + 10}" width="84" height="20" rx="10" fill="${slate[900]}"/>
    <circle cx="${screen.x + 34}" cy="${screen.y + 76}" r="19" fill="#fff" opacity="0.2"/>
    ${text(screen.x + 34, screen.y + 81, 'RL', `font-size="14" font-weight="bold" fill="#fff" text-anchor="middle"`)}
    ${text(screen.x + 62, screen.y + 70, 'Riverside Lettings', `font-size="15" font-weight="bold" fill="#fff"`)}
    ${text(screen.x + 62, screen.y + 90, 'AI Assistant', `font-size="13" fill="#ccfbf1"`)}
    <rect x="${screen.x + 168}" y="${screen.y + 76}" width="68" height="22" rx="11" fill="#fff" opacity="0.18"/>
    <circle cx="${screen.x + 181}" cy="${screen.y + 87}" r="4" fill="#4ade80"/>
    ${text(screen.x + 191, screen.y + 91, 'Online', `font-size="12" fill="#fff"`)}
    ${chat}
    <rect x="${screen.x + 12}" y="${screen.y + screen.height - 58}" width="${screen.width - 24}" height="42" rx="21" fill="${slate[100]}"/>
    ${text(screen.x + 30, screen.y + screen.height - 32, 'Type your message…', `font-size="13" fill="${slate[500]}"`)}
    <circle cx="${screen.x + screen.width - 34}" cy="${screen.y + screen.height - 37}" r="15" fill="${teal}"/>
    <path d="M${screen.x + screen.width - 40} ${screen.y + screen.height - 37}h11m-4-5 5 5-5 5" stroke="#fff" stroke-width="2" fill="none" stroke-linecap="round"/>
  </g>
</svg>`;
}

/** The Open Graph card: 1200 × 630, the brand and promise on the left, the product on the right. */
function ogSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="og" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#134e4a"/><stop offset="1" stop-color="${teal}"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#og)"/>
  <rect x="64" y="64" width="56" height="56" rx="13" fill="#fff"/>
  <path d="M81 79v28h23v-6h-16v-22z" fill="${teal}"/><circle cx="104" cy="85" r="5" fill="#14b8a6"/>
  ${text(136, 104, 'LetLead', 'font-size="34" font-weight="bold" fill="#fff"')}
  ${text(64, 226, 'AI tenant screening', 'font-size="40" font-weight="bold" fill="#fff"')}
  ${text(64, 278, 'for UK letting agents', 'font-size="40" font-weight="bold" fill="#fff"')}
  ${text(64, 348, 'Every enquiry answered 24/7,', 'font-size="23" fill="#ccfbf1"')}
  ${text(64, 382, 'qualified and scored out of 10.', 'font-size="23" fill="#ccfbf1"')}
  <rect x="64" y="470" width="340" height="56" rx="10" fill="#fff"/>
  ${text(234, 506, 'Set up in under 5 minutes', `font-size="20" font-weight="bold" fill="${teal}" text-anchor="middle"`)}
</svg>`;
}

async function main() {
  mkdirSync(imagesDir, { recursive: true });
  const product = productSvg();
  await sharp(Buffer.from(product), { density: 144 })
    .resize(2560)
    .png({ compressionLevel: 9 })
    .toFile(path.join(imagesDir, 'product-dashboard.png'));

  const rounded = Buffer.from('<svg width="540" height="338"><rect width="540" height="338" rx="16"/></svg>');
  const productForOg = await sharp(Buffer.from(product), { density: 72 })
    .resize(540, 338)
    .composite([{ input: rounded, blend: 'dest-in' }])
    .png()
    .toBuffer();
  await sharp(Buffer.from(ogSvg()))
    .composite([{ input: productForOg, left: 612, top: 146 }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, 'og-image.png'));

  // iOS rounds the corners itself and shows transparency as black: a square, opaque icon.
  const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8').replace('rx="7"', 'rx="0"');
  for (const [name, size] of [
    ['apple-touch-icon.png', 180],
    ['icon-192.png', 192],
    ['icon-512.png', 512],
    ['favicon-32.png', 32],
  ] as const) {
    const source =
      name === 'favicon-32.png' ? readFileSync(path.join(publicDir, 'favicon.svg')) : Buffer.from(favicon);
    await sharp(source, { density: Math.ceil((72 * size) / 32) })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toFile(path.join(publicDir, name));
  }
  console.log('Generated the product illustration, the Open Graph card and the icons.');
}

await main();
