// The navigation between a long page's sections: links to each section, the one being read
// marked with aria-current as the reader scrolls or follows a link.
import { useEffect, useState } from 'preact/hooks';

export interface NavItem {
  id: string;
  label: string;
}

interface Props {
  label: string;
  items: readonly NavItem[];
}

export function SectionNav({ label, items }: Props) {
  const [current, setCurrent] = useState(() => (globalThis.location?.hash ?? '').slice(1));

  useEffect(() => {
    if (typeof IntersectionObserver !== 'function') return undefined;
    const visible = new Map<string, boolean>();
    const observer = new IntersectionObserver((changes) => {
      for (const change of changes) visible.set(change.target.id, change.isIntersecting);
      // The first section in page order that shows is the one being read.
      const first = items.find((item) => visible.get(item.id));
      if (first) setCurrent(first.id);
    }, { rootMargin: '0px 0px -60% 0px' });
    for (const item of items) {
      const section = document.getElementById(item.id);
      if (section) observer.observe(section);
    }
    return () => observer.disconnect();
  }, [items.map((item) => item.id).join(' ')]);

  return (
    <nav aria-label={label}>
      <ul class="g-nav">
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} aria-current={current === item.id ? 'true' : undefined} onClick={() => setCurrent(item.id)}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
