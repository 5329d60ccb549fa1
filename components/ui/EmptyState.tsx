// What an empty list or table shows instead of a blank area: what is missing and what to do.
import type { ComponentChildren } from 'preact';

export function EmptyState({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="g-empty">
      <p class="g-empty-title">{title}</p>
      {children && <p>{children}</p>}
    </div>
  );
}
