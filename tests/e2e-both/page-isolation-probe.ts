// What a page's own script can find of Glossa's popover and page notice (closed shadow roots),
// shared by the Chromium and Firefox page-isolation suites: the page tries the host's
// shadowRoot, a scan of all shadow roots, their text, and a wrapped attachShadow installed
// before Glossa arrives, then presses every button and changes every picker it found.

/** Installed before anything else in the page: catches every shadow root created through the page's own prototype. */
export const SPY = `<script>
  window.__caughtRoots = [];
  const attach = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init);
    window.__caughtRoots.push(root);
    return root;
  };
</script>`;

export interface PageView {
  hosts: string[];
  shadowRootsOfHosts: number;
  caughtRoots: number;
  text: string;
  buttons: number;
  selects: number;
}

/** Runs in the page (passed to page.evaluate as is): uses only the page's own globals. */
export function lookAsThePageInPage(): PageView {
  const hosts = [...document.querySelectorAll('glossa-selection-popover, glossa-notice')];
  const roots = [
    ...[...document.querySelectorAll('*')].map((el) => el.shadowRoot).filter((r): r is ShadowRoot => r !== null),
    ...(window as unknown as { __caughtRoots: ShadowRoot[] }).__caughtRoots,
  ];
  // Read first: a Close button pressed below would take the text with it.
  const text = document.documentElement.textContent + roots.map((r) => r.textContent).join(' ') + hosts.map((h) => (h as HTMLElement).innerText).join(' ');
  const buttons = roots.flatMap((root) => [...root.querySelectorAll('button')]);
  const selects = roots.flatMap((root) => [...root.querySelectorAll('select')]);
  for (const select of selects) {
    select.value = select.options[select.options.length - 1]?.value ?? '';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }
  for (const button of buttons) button.click();
  return {
    hosts: hosts.map((h) => h.localName),
    shadowRootsOfHosts: hosts.filter((h) => h.shadowRoot !== null).length,
    caughtRoots: (window as unknown as { __caughtRoots: ShadowRoot[] }).__caughtRoots.length,
    text,
    buttons: buttons.length,
    selects: selects.length,
  };
}
