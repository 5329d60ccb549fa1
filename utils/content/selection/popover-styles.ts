// The popover's styles live inside its shadow root. `all: initial` on the host stops the page's
// inherited styles (fonts, colours, line height) at the boundary; the host's own box is pinned
// with inline !important declarations in popover.tsx, which no page rule can outrank.
export const POPOVER_CSS = `
:host { all: initial; }
.popover {
  --bg: #ffffff; --fg: #1b1b1f; --muted: #5b5b66; --border: #c9c9d1; --accent: #0b57d0;
  --accent-fg: #ffffff; --focus: #0b57d0; --error: #a50e0e; --mark: #fff3a3;
  box-sizing: border-box; width: min(420px, calc(100vw - 16px)); max-height: min(60vh, 480px);
  overflow: auto; padding: 12px 14px; border: 1px solid var(--border); border-radius: 10px;
  background: var(--bg); color: var(--fg); box-shadow: 0 8px 28px rgba(0, 0, 0, 0.22);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; text-align: start;
  color-scheme: light;
}
@media (prefers-color-scheme: dark) {
  .popover {
    --bg: #1f1f24; --fg: #ececf1; --muted: #b4b4c0; --border: #4a4a55; --accent: #8ab4f8;
    --accent-fg: #111114; --focus: #8ab4f8; --error: #f28b82; --mark: #6b5d00;
    color-scheme: dark;
  }
}
.popover:focus { outline: none; }
.popover:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
.header { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 6px; }
.title { margin: 0; font-size: 13px; font-weight: 600; color: var(--muted); letter-spacing: 0.02em; }
.languages { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 6px 12px; margin-bottom: 8px; color: var(--muted); font-size: 13px; }
.target { display: inline-flex; align-items: center; gap: 6px; }
select, button { font: inherit; font-size: 13px; color: var(--fg); background: var(--bg); border: 1px solid var(--border); border-radius: 6px; padding: 3px 8px; cursor: pointer; }
button:hover, select:hover { border-color: var(--accent); }
button:focus-visible, select:focus-visible, a:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
.close { border: none; background: transparent; font-size: 20px; line-height: 1; padding: 0 6px; color: var(--muted); }
.body { min-height: 1.5em; }
.translation { white-space: normal; overflow-wrap: anywhere; }
.translation a, .translation .link { color: var(--accent); text-decoration: underline; }
.translation mark { background: var(--mark); color: inherit; }
.status { margin: 0; color: var(--muted); }
.error p { margin: 0 0 8px; color: var(--error); }
.footer { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin-top: 10px; }
.footer button:first-child { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
.notice { font-size: 12px; color: var(--muted); }
.billed { margin-inline-start: auto; font-size: 12px; color: var(--muted); }
`;
