// Writing help's panel (Glossa's closed popover root, closed-root.ts) read and driven the same
// in both browsers, and what the server got for it.
import { TEST_KEY, type ApiServer } from './harness';
import type { ClosedRoot } from './closed-root';

/** The panel's preview once the translation is shown, or its message when it shows one instead. */
export function panelOutcome(panel: ClosedRoot): Promise<{ preview?: string; problem?: string }> {
  return panel.waitFor((root) => {
    const preview = root.querySelector('.writing-preview');
    if (preview) return { preview: preview.textContent ?? '' };
    const alert = root.querySelector('[role="alert"]');
    return alert ? { problem: alert.textContent ?? '' } : null;
  });
}

/** The parameters of the translate requests the server got since `from`. */
export function translateParams(glossa: { api: ApiServer }, from = 0): Record<string, unknown>[] {
  return glossa.api.log.slice(from).filter((r) => r.path === '/v2/translate').map((r) => r.params as Record<string, unknown>);
}

/** Creates a glossary on the test server; returns its id. */
export async function createGlossary(glossa: { api: ApiServer }, name: string, source: string, target: string, entries: string): Promise<string> {
  const response = await fetch(`${glossa.api.url}/v3/glossaries`, {
    method: 'POST',
    headers: { Authorization: `Service-Auth-Key ${TEST_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, dictionaries: [{ source_lang: source, target_lang: target, entries, entries_format: 'tsv' }] }),
  });
  return ((await response.json()) as { glossary_id: string }).glossary_id;
}

/** Text an HTML translation reads as. */
export function readAs(html: string): string {
  return html.replace(/<br>/g, '\n').replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Picks a value in the panel's control labelled `label`, as a user would (the change event). */
export async function pick(panel: ClosedRoot, label: string, value: string): Promise<void> {
  await panel.waitFor((root, { label, value }) => {
    const control = [...root.querySelectorAll('label')].find((l) => l.querySelector('span')?.textContent === label)?.querySelector('select');
    if (!control || control.disabled || ![...control.options].some((o) => o.value === value)) return false;
    control.value = value;
    control.dispatchEvent(new Event('change', { bubbles: true }));
    return true;
  }, { label, value });
}

/** The value of the panel's control labelled `label`, with its shown text. */
export function choice(panel: ClosedRoot, label: string): Promise<{ value: string; text: string }> {
  return panel.waitFor((root, label) => {
    const control = [...root.querySelectorAll('label')].find((l) => l.querySelector('span')?.textContent === label)?.querySelector('select');
    return control ? { value: control.value, text: control.selectedOptions[0]?.textContent ?? '' } : null;
  }, label);
}
