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
