// Glossa's shadow roots are closed, so page scripts can neither read a translation nor press
// Glossa's buttons. Test builds only (vitest, and `wxt build --mode e2e`) register the roots
// here, in the content scripts' own world, which page scripts never see; the e2e harness reads
// them from that world (tests/e2e-lib/closed-roots-chromium.ts). Production builds drop this: the mode is
// replaced at build time and the registration is dead code.
const HOOKS = Symbol.for('glossa.test-hooks');

type ExposedRoot = 'popover' | 'notice' | 'picker' | 'field-button';
type Registry = Partial<Record<ExposedRoot, () => ShadowRoot | null>>;

function registry(): Registry {
  const scope = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (scope[HOOKS] ??= {});
}

/** Lets tests find the root Glossa currently shows under `name` (no effect in production builds). */
export function exposeShadowRoot(name: ExposedRoot, current: () => ShadowRoot | null): void {
  if (import.meta.env.MODE !== 'e2e' && import.meta.env.MODE !== 'test') return;
  registry()[name] = current;
}

/** The root a test build exposes under `name`; null when none is shown. */
export function exposedShadowRoot(name: ExposedRoot): ShadowRoot | null {
  return registry()[name]?.() ?? null;
}
