// Small DOM helpers shared by the views.

/** The element with the id, typed as the caller expects it. */
export function byId<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

/** An element with a class, text or children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  ...children: (Node | string | undefined)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  for (const c of children) if (c !== undefined) node.append(c);
  return node;
}

/** A plain button (not a form's submit) with a class and, when given, an accessible label. */
export function button(text: string, cls = 'button', label?: string): HTMLButtonElement {
  const b = el('button', cls, text);
  b.type = 'button';
  if (label) b.setAttribute('aria-label', label);
  return b;
}

/** A time taken, as the views write it: 3.2 ms, 45 ms, 1.3 s. */
export function duration(ms: number): string {
  if (ms < 10) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Saves a JSON text as a file of that name (the browser's download). */
export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
