// Calls a sub-view's loader the first time its panel is shown, so that a
// package's classes are read and its tests listed only when asked for.

/** Calls fn once the panel is first shown (its tab selected). */
export function whenShown(panel: HTMLElement, fn: () => void): void {
  // The Packages view hides the panels of the other tabs after mounting them all.
  setTimeout(() => {
    if (!panel.hidden) {
      fn();
      return;
    }
    const observer = new MutationObserver(() => {
      if (panel.hidden) return;
      observer.disconnect();
      fn();
    });
    observer.observe(panel, { attributes: true, attributeFilter: ['hidden'] });
  }, 0);
}
