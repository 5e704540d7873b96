// The service worker of the site (sw.js): it keeps the site's files so
// that the playground and its docs work offline after a first visit.
// The build puts before this code the list of the site's files (PRECACHE,
// relative to sw.js) and a version naming the build (VERSION), so that a
// new build installs anew and drops the old cache. Content-hashed files
// come from the cache first (their name fixes their content); pages and
// the repository's files from the network first, the cache when there is
// none.

declare const PRECACHE: string[];
declare const VERSION: string;

interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', fn: (e: FetchEvent) => void): void;
}

const scope = self as unknown as WorkerScope;
const cacheName = `murano-playground-${VERSION}`;
const root = new URL('./', scope.location.href);
/** A content-hashed name: name.0123456789.ext. */
const hashedRE = /\.[0-9a-f]{10}\.[a-z0-9]+$/;

scope.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.addAll(PRECACHE.map((p) => new URL(p, root).href)))
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith('murano-playground-') && n !== cacheName).map((n) => caches.delete(n)))),
  );
});

/** The cached file a URL names: a folder's index.html, without the query. */
function cacheKey(url: URL): string {
  const u = new URL(url.href);
  u.search = '';
  u.hash = '';
  if (u.pathname.endsWith('/')) u.pathname += 'index.html';
  return u.href;
}

scope.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== root.origin || url.pathname.endsWith('/sw.js')) return;
  const key = cacheKey(url);
  if (hashedRE.test(url.pathname)) {
    event.respondWith(
      caches.match(key).then(
        (hit) =>
          hit ??
          fetch(request).then(async (response) => {
            if (response.ok) (await caches.open(cacheName)).put(key, response.clone());
            return response;
          }),
      ),
    );
    return;
  }
  event.respondWith(
    fetch(request).then(
      async (response) => {
        if (response.ok && (await caches.match(key))) (await caches.open(cacheName)).put(key, response.clone());
        return response;
      },
      async (err: Error) => {
        const hit = await caches.match(key);
        if (hit) return hit;
        throw err;
      },
    ),
  );
});
