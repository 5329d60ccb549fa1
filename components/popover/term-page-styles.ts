// The term form frame's own page (entrypoints/term-form): the popover's styles apply as they
// are; the frame's document is transparent and as tall as the form, and its box's shadow is the
// frame element's (a shadow inside would be cut off at the frame's edge).
export const TERM_PAGE_CSS = `
html, body { margin: 0; padding: 0; background: transparent; }
.term-page { display: block; }
.term-page .popover { width: 100%; max-height: none; box-shadow: none; }
.popover.embedded { border: 0; border-radius: 0; padding: 0 2px 2px; overflow: visible; }
`;
