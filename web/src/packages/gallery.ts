// The examples gallery of the Packages view: the built-in examples of
// the site's repository, from its index (repo/examples.json, which the
// build writes: names, description, tags, type, logo, categories and the
// tab each opens on). The row of the Packages view shows one chip an
// example and a button that opens the gallery: a dialog with the
// examples as cards under their categories, a filter by category and a
// search that filters as you type. A card is a link, #example=<full
// name>, which opens the example on its tab; such a link opens it from
// anywhere.

import './gallery.css';
import { el } from '../dom';

/** An example of the gallery's index. */
export interface GalleryEntry {
  name: string;
  title: string;
  description: string;
  tags: string[];
  type: string;
  format: string;
  categories: string[];
  /** The sub-view of the Packages view it opens on. */
  tab: string;
  /** A data: URL, "" when it has no logo. */
  logo: string;
}

interface GalleryIndex {
  categories: string[];
  examples: GalleryEntry[];
}

export interface Gallery {
  /** The example of that full name, once the index is read (undefined when there is none). */
  find(name: string): Promise<GalleryEntry | undefined>;
  /** Shows the gallery. */
  open(): void;
}

/** The hash of a link that opens an example. */
export function exampleLink(name: string): string {
  return `#example=${encodeURIComponent(name)}`;
}

const all = 'All';

/** Fills the row (container) and makes the gallery of the index at url. */
export function exampleGallery(container: HTMLElement, url: string): Gallery {
  const index: Promise<GalleryIndex> = fetch(url)
    .then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.json() as Promise<GalleryIndex>;
    })
    .catch(() => ({ categories: [], examples: [] }));

  // The row: a chip an example, and the button of the gallery.
  const browse = el('button', 'button button-quiet gallery-open', 'Gallery…');
  browse.type = 'button';
  browse.id = 'gallery-open';
  browse.title = 'All the examples with their descriptions, by category, with a search';
  browse.setAttribute('aria-haspopup', 'dialog');
  void index.then(({ examples }) => {
    if (examples.length === 0) {
      container.append(el('span', 'muted', 'none available'));
      return;
    }
    for (const e of examples) {
      const chip = el('a', 'chip', e.name.split('.').pop()!);
      chip.href = exampleLink(e.name);
      chip.title = `${e.title}: ${e.description}`;
      chip.setAttribute('aria-label', `Open the example ${e.name}`);
      chip.dataset.package = e.name;
      container.append(chip);
    }
    container.append(browse);
  });

  // The dialog.
  const dialog = el('dialog', 'gallery-dialog');
  dialog.id = 'gallery';
  dialog.setAttribute('aria-labelledby', 'gallery-title');
  const title = el('h2', undefined, 'Examples');
  title.id = 'gallery-title';
  const search = Object.assign(el('input', 'input gallery-search'), { type: 'search', id: 'gallery-search', placeholder: 'Search the names, descriptions and tags', spellcheck: false });
  search.setAttribute('aria-label', 'Search the examples');
  search.setAttribute('aria-controls', 'gallery-list');
  const close = el('button', 'button button-quiet', 'Close');
  close.type = 'button';
  close.id = 'gallery-close';
  const filters = el('div', 'segmented gallery-categories');
  filters.id = 'gallery-categories';
  filters.setAttribute('role', 'radiogroup');
  filters.setAttribute('aria-label', 'Category');
  const count = el('p', 'muted small gallery-count');
  count.id = 'gallery-count';
  count.setAttribute('role', 'status');
  count.setAttribute('aria-live', 'polite');
  const list = el('div', 'gallery-list');
  list.id = 'gallery-list';
  dialog.append(el('div', 'gallery-head', title, search, close), filters, count, list);
  document.body.append(dialog);

  let category = all;
  let rendered = false;

  function card(e: GalleryEntry): HTMLElement {
    const link = el('a', 'gallery-card');
    link.href = exampleLink(e.name);
    link.dataset.package = e.name;
    const logo = e.logo ? Object.assign(el('img', 'gallery-logo'), { src: e.logo, alt: '' }) : el('span', 'gallery-logo gallery-logo-none', e.title.replace(/^Example /, '').slice(0, 1));
    const tags = el('span', 'gallery-tags');
    for (const t of e.tags) tags.append(el('span', 'tag', t));
    link.append(
      logo,
      el(
        'span',
        'gallery-text',
        el('span', 'gallery-title', e.title),
        el('span', 'gallery-name mono', e.name),
        el('span', 'gallery-description', e.description),
        el('span', 'gallery-meta', el('span', 'pill', e.type), ...e.categories.map((c) => el('span', 'pill gallery-category', c)), tags),
      ),
    );
    link.addEventListener('click', () => dialog.close());
    return link;
  }

  function matches(e: GalleryEntry, terms: string[]): boolean {
    const text = [e.title, e.name, e.description, e.type, ...e.tags, ...e.categories].join(' ').toLowerCase();
    return terms.every((t) => text.includes(t));
  }

  async function render(): Promise<void> {
    const { categories, examples } = await index;
    if (!rendered) {
      rendered = true;
      for (const c of [all, ...categories]) {
        const n = c === all ? examples.length : examples.filter((e) => e.categories.includes(c)).length;
        const input = Object.assign(el('input'), { type: 'radio', name: 'gallery-category', value: c, checked: c === category });
        input.addEventListener('change', () => {
          category = c;
          void render();
        });
        filters.append(el('label', undefined, input, el('span', undefined, `${c} ${n}`)));
      }
    }
    const terms = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    const shown = examples.filter((e) => (category === all || e.categories.includes(category)) && matches(e, terms));
    list.replaceChildren();
    // Under their categories: each under its first one when all are shown.
    for (const c of category === all ? categories : [category]) {
      const here = shown.filter((e) => (category === all ? e.categories[0] === c : true));
      if (here.length === 0) continue;
      const section = el('section', 'gallery-section', el('h3', undefined, c), el('div', 'gallery-cards', ...here.map(card)));
      section.dataset.category = c;
      list.append(section);
    }
    count.textContent = shown.length === examples.length ? `${shown.length} examples` : `${shown.length} of ${examples.length} examples`;
    if (shown.length === 0) list.append(el('p', 'muted gallery-none', terms.length ? `No example matches “${search.value.trim()}”.` : 'No example in this category.'));
  }

  search.addEventListener('input', () => void render());
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('click', (event) => {
    const r = dialog.getBoundingClientRect();
    if (event.target === dialog && (event.clientX < r.left || event.clientX > r.right || event.clientY < r.top || event.clientY > r.bottom)) dialog.close();
  });
  // Tab stays in the dialog.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>('a[href], button, input:not([type="radio"]), input[type="radio"]:checked')];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      last.focus();
      event.preventDefault();
    } else if (!event.shiftKey && document.activeElement === last) {
      first.focus();
      event.preventDefault();
    }
  });

  function open(): void {
    if (dialog.open) return;
    void render();
    dialog.showModal();
    search.focus();
    search.select();
  }
  browse.addEventListener('click', open);

  return {
    async find(name) {
      return (await index).examples.find((e) => e.name === name);
    },
    open,
  };
}
