// Lazy hydration: an element is hydrated when it comes near the viewport,
// in small tasks (an element, then each of its editors), so that a page of
// many examples never holds the main thread long. One
// IntersectionObserver serves the whole page.

interface Hydratable extends Element {
  /** Hydrates the element; the work it returns runs in tasks of its own, before the next element's. */
  hydrate(): (() => void)[];
}

type Job = Hydratable | (() => void);
const queue: Job[] = [];
let scheduled = false;
let observer: IntersectionObserver | undefined;

function schedule(): void {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  setTimeout(() => {
    scheduled = false;
    const next = queue.shift();
    if (typeof next === 'function') next();
    else if (next?.isConnected) queue.unshift(...next.hydrate());
    schedule();
  }, 0);
}

/** Hydrates el once it is within a screen of the viewport (at once where IntersectionObserver is missing). */
export function hydrateWhenVisible(el: Hydratable): void {
  if (typeof IntersectionObserver === 'undefined') {
    queue.push(el);
    schedule();
    return;
  }
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (!e.isIntersecting) continue;
        observer!.unobserve(e.target);
        queue.push(e.target as Hydratable);
      }
      schedule();
    },
    { rootMargin: '400px 0px' },
  );
  observer.observe(el);
}

/** Stops waiting to hydrate el (it left the page). */
export function forget(el: Element): void {
  observer?.unobserve(el);
  const i = queue.indexOf(el as Hydratable);
  if (i >= 0) queue.splice(i, 1);
}
