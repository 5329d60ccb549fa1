// Styles of the term form and the fix-translation panel, added to the popover's shadow root
// after its own (they use its colour variables, so light and dark follow it).
export const TERM_FIX_CSS = `
.term-form { display: grid; gap: 6px; margin-top: 4px; }
.term-title { margin: 0; font-size: 14px; font-weight: 600; }
.term-pair, .term-caption, .term-hint { margin: 0; font-size: 12px; color: var(--muted); }
.term-field { display: grid; gap: 2px; font-size: 13px; }
.term-field input, .term-field select { font: inherit; font-size: 14px; color: var(--fg); background: var(--bg);
  border: 1px solid var(--border); border-radius: var(--g-radius-m); min-height: 32px; padding: 4px 8px; }
.term-field input:focus-visible { outline: 2px solid var(--focus); outline-offset: 1px; }
.term-field input[aria-invalid="true"] { border-color: var(--error); background: var(--g-danger-soft); }
.term-field-error { margin: 0; font-size: 12px; color: var(--error); }
.term-confirm, .term-done { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; padding: 6px 8px;
  border: 1px solid var(--border); border-radius: 6px; }
.term-confirm p, .term-done p { margin: 0; flex: 1 1 100%; }
p.term-done { display: block; }
.term-actions { display: flex; gap: 8px; margin-top: 4px; }
.term-original { display: grid; gap: 2px; }
.term-sentence, .term-translated { margin: 0; padding: 6px 8px; border: 1px solid var(--border); border-radius: 6px; }
.term-sentence .word { cursor: pointer; border-radius: 3px; }
.term-sentence .word:hover { background: var(--mark); }
.term-sentence .word:focus-visible { outline: 2px solid var(--focus); outline-offset: 1px; }
.term-sentence .word.picked { background: var(--accent); color: var(--accent-fg); }
.term-translated mark { background: var(--mark); color: inherit; }
iframe.term-frame { display: block; width: 100%; border: 0; margin: 4px 0 0; padding: 0; background: transparent; }
iframe.term-dialog-frame { display: block; width: min(420px, calc(100vw - 16px)); max-height: calc(100vh - 16px); border: 0; margin: 0; padding: 0;
  border-radius: 10px; background: transparent; box-shadow: 0 8px 28px rgba(0, 0, 0, 0.22); }
.term-opening { all: initial; display: block; padding: 8px 12px; border-radius: 8px; background: #ffffff; color: #1b1b1f;
  font: 14px/1.45 system-ui, sans-serif; box-shadow: 0 8px 28px rgba(0, 0, 0, 0.22); }
`;
