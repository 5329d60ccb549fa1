// The popover's styles live inside its shadow root. `all: initial` on the host stops the page's
// inherited styles (fonts, colours, line height) at the boundary; the host's own box is pinned
// with inline !important declarations in popover.tsx, which no page rule can outrank.
// Colours, radius and type come from Glossa's design tokens (components/ui/tokens.css), which
// are set on :host ahead of these rules.
export const POPOVER_CSS = `
:host { all: initial; }
.popover {
  --bg: var(--g-surface-raised); --fg: var(--g-text); --muted: var(--g-muted); --border: var(--g-border);
  --accent: var(--g-accent); --accent-fg: var(--g-accent-text); --focus: var(--g-focus); --error: var(--g-danger);
  --mark: var(--g-mark); --g-control-height: var(--g-control-height-s);
  box-sizing: border-box; width: min(420px, calc(100vw - 16px)); max-height: min(60vh, 480px);
  overflow: auto; padding: var(--g-space-3) var(--g-space-4); border: 1px solid var(--border); border-radius: var(--g-radius-l);
  background: var(--bg); color: var(--fg); box-shadow: var(--g-shadow-2);
  font: var(--g-text-m)/1.45 var(--g-font); text-align: start;
}
.popover:focus { outline: none; }
.popover:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
.header { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 6px; }
.title { margin: 0; font-size: 13px; font-weight: 600; color: var(--muted); letter-spacing: 0.02em; }
.languages { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 6px 12px; margin-bottom: 8px; color: var(--muted); font-size: 13px; }
.target { display: inline-flex; align-items: center; gap: 6px; }
/* Buttons take their kinds from components/ui/button-kinds.css, loaded ahead of these rules. */
button { font-size: var(--g-text-s); padding: 0 var(--g-space-3); }
select { font: inherit; font-size: var(--g-text-s); color: var(--fg); background-color: var(--bg); border: 1px solid var(--border);
  min-height: var(--g-control-height-s); cursor: pointer; border-radius: var(--g-radius-m); appearance: none; padding-block: 0; padding-inline: var(--g-space-3) 24px;
  background-image: linear-gradient(45deg, transparent 50%, var(--muted) 50%), linear-gradient(135deg, var(--muted) 50%, transparent 50%);
  background-position: calc(100% - 14px) 55%, calc(100% - 9px) 55%; background-size: 5px 5px; background-repeat: no-repeat; }
.popover[dir="rtl"] select { background-position: 9px 55%, 14px 55%; }
select:hover { border-color: var(--accent); }
select:focus-visible, a:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
.close { border: none; background: transparent; font-size: 20px; line-height: 1; padding: 0 6px; color: var(--muted); border-radius: 50%; min-height: 28px; min-width: 28px; }
.body { min-height: 1.5em; }
.translation { white-space: normal; overflow-wrap: anywhere; }
.translation a, .translation .link { color: var(--accent); text-decoration: underline; }
.translation mark { background: var(--mark); color: inherit; }
.status { margin: 0; color: var(--muted); }
.error p { margin: 0 0 8px; color: var(--error); }
.footer { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin-top: 10px; }
.notice { font-size: 12px; color: var(--muted); }
.billed { margin-inline-start: auto; font-size: 12px; color: var(--muted); }
`;
