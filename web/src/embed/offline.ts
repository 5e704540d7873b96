// Registers the site's service worker (sw.js at the site's root, built by
// scripts/docs.go from sw.ts), which keeps the site's files for visits
// without a network. url is where sw.js is from the page.

export function registerOffline(url: string): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => void navigator.serviceWorker.register(url).catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
