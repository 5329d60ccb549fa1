// The writing panel's own rules, on top of the selection popover's (popover-styles.ts).
export const WRITING_CSS = `
.writing-controls { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 8px; margin-bottom: 10px; }
.writing-controls label { display: flex; flex-direction: column; gap: 2px; font-size: 12px; color: var(--muted); min-width: 0; }
.writing-controls select { width: 100%; min-width: 0; }
select:disabled, button:disabled { opacity: 0.6; cursor: default; }
.writing-preview { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 220px; overflow: auto; }
.writing-problem { margin: 0; color: var(--fg); }
.body .status + .status, .writing-preview + .status { margin-top: 6px; font-size: 12px; }
`;
