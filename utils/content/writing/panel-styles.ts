// The writing panel's own rules, on top of the selection popover's (popover-styles.ts), whose
// controls already draw from the design tokens (components/ui/tokens.css); sizes, gaps and
// colours here come from the same tokens.
export const WRITING_CSS = `
.writing-controls { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: var(--g-space-2); margin-bottom: var(--g-space-3); }
.writing-controls label { display: flex; flex-direction: column; gap: var(--g-space-1); font-size: var(--g-text-xs); color: var(--g-muted); min-width: 0; }
.writing-controls select { width: 100%; min-width: 0; min-height: var(--g-control-height-s); }
select:disabled { opacity: 1; color: var(--g-muted); background-color: var(--g-surface-2); border-color: var(--g-border); cursor: default; }
button:disabled { opacity: 0.6; cursor: default; }
.writing-preview { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 220px; overflow: auto; color: var(--g-text); }
.writing-problem { margin: 0; color: var(--g-text); }
/* A message above the preview (the editor took nothing) stands apart from the translation. */
.writing-problem.over-preview { padding: var(--g-space-2); border-radius: var(--g-radius-s); background: var(--g-warn-soft); }
.writing-problem + .writing-preview { margin-top: var(--g-space-2); }
.body .status + .status, .writing-preview + .status { margin-top: var(--g-space-1); font-size: var(--g-text-xs); }
`;
