// What the three test apps (React, Vue, Svelte) start with and add; the e2e driver's model of
// an app's state uses the same values, so the text an app shows can be checked exactly.
export const INITIAL_ITEMS = ['Buy apples', 'Call the plumber', 'Water the plants'];
export const MORE_ITEMS = ['Walk the dog', 'Read a book', 'Paint the fence', 'Fix the bike', 'Bake some bread'];
/** The timer ticks this many times, then stops. */
export const TIMER_RUNS = 3;
export const TIMER_MS = 120;
/** The two client-side routes, as ?view= in the address. */
export type View = 'home' | 'about';
export const viewOfLocation = (): View => (new URLSearchParams(location.search).get('view') === 'about' ? 'about' : 'home');
