/**
 * `warcast app --site DIR`: the what-if page as a static site any host serves (GitHub Pages, a bucket, a web
 * server): index.html, a web app manifest and icons so a phone installs it, and a service worker that keeps every
 * file so it opens offline. Share links are the page's own (the scenario in the URL's hash). docs/app.md.
 */
import { createHash } from 'node:crypto';

/** The files of the site, written in this order (index.html last: a half-published site has no new page yet). */
export const SITE_FILES = [
  'icon.svg',
  'icon-192.png',
  'icon-512.png',
  'manifest.webmanifest',
  'sw.js',
  'index.html',
] as const;
export type SiteFile = (typeof SITE_FILES)[number];

/** What a site's own files carry, so a later --site replaces them and nothing else. */
export const SITE_MARK = 'warcast app --site';

// The page's policy, plus what an installed site needs from its own origin: the manifest, the icons, the worker.
const SITE_CSP =
  "default-src 'none'; script-src 'unsafe-inline' blob:; worker-src blob: 'self'; style-src 'unsafe-inline'; img-src data: 'self'; manifest-src 'self'";

// A shield on the page's dark red: drawn with paths only (no font), so every renderer draws the same icon.
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512" data-generator="${SITE_MARK}">
<rect width="512" height="512" rx="96" fill="#7a1f1f"/>
<path d="M256 72 L408 128 V248 C408 340 344 408 256 448 C168 408 104 340 104 248 V128 Z" fill="#f4efe6"/>
<path d="M256 120 L360 160 V248 C360 312 318 362 256 394 Z" fill="#7a1f1f"/>
</svg>
`;

/** The page of the site: its policy allows the manifest, icons and service worker; it registers the worker. */
export function sitePage(html: string): string {
  const csp = /<meta http-equiv="Content-Security-Policy" content="[^"]*">/;
  if (!csp.test(html) || !html.includes('</head>') || !html.includes('</body>'))
    throw new Error('the page has no policy, head or body to extend');
  const head = [
    '<link rel="manifest" href="manifest.webmanifest">',
    '<link rel="icon" href="icon.svg" type="image/svg+xml">',
    '<link rel="apple-touch-icon" href="icon-192.png">',
    '<meta name="theme-color" content="#7a1f1f">',
  ].join('\n');
  // Registered from http(s) only: a page opened from disk has no service worker (and needs none).
  const register = `<script>if ('serviceWorker' in navigator && location.protocol.startsWith('http')) navigator.serviceWorker.register('sw.js').catch(() => {});</script>`;
  return html
    .replace(csp, `<meta http-equiv="Content-Security-Policy" content="${SITE_CSP}">`)
    .replace('</head>', `${head}\n</head>`)
    .replace('</body>', `${register}\n</body>`);
}

export function siteManifest(title: string): string {
  return (
    JSON.stringify(
      {
        name: `${title} — warcast what-if`,
        short_name: 'warcast',
        description: `War Machine odds, sieges and cascades, computed in the page (${SITE_MARK})`,
        start_url: './',
        scope: './',
        display: 'standalone',
        background_color: '#f4efe6',
        theme_color: '#7a1f1f',
        icons: [
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
        ],
      },
      null,
      2,
    ) + '\n'
  );
}

/**
 * The service worker: on install it keeps every file of the site in a cache named by the page's digest (a new
 * page, a new cache; the old ones removed on activation); it answers from that cache first, so the installed page
 * opens offline. The URL's hash (a share link) never reaches it; a query string is ignored.
 */
export function siteWorker(page: string): string {
  const version = createHash('sha256').update(page).digest('hex').slice(0, 16);
  const files = ['./', ...SITE_FILES.filter((f) => f !== 'sw.js').map((f) => `./${f}`)];
  return `// ${SITE_MARK}: the service worker that keeps the page offline (docs/app.md)
const CACHE = 'warcast-site-${version}';
const FILES = ${JSON.stringify(files)};
self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('warcast-site-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});
self.addEventListener('fetch', (e) => {
  if (e.request.method !== 'GET') return;
  e.respondWith(caches.open(CACHE).then((c) => c.match(e.request, { ignoreSearch: true })).then((hit) => hit || fetch(e.request)));
});
`;
}

/** Every file of the site from the page as `warcast app` writes it. */
export async function siteFiles(html: string, title: string): Promise<Record<SiteFile, string | Uint8Array>> {
  const { Resvg } = await import('@resvg/resvg-js');
  const png = (size: number) => new Resvg(ICON_SVG, { fitTo: { mode: 'width', value: size } }).render().asPng();
  const page = sitePage(html);
  return {
    'icon.svg': ICON_SVG,
    'icon-192.png': png(192),
    'icon-512.png': png(512),
    'manifest.webmanifest': siteManifest(title),
    'sw.js': siteWorker(page),
    'index.html': page,
  };
}
