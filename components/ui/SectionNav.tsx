// The navigation between a long page's sections: links to each section, the one being read
// marked with aria-current as the reader scrolls or follows a link.
import { useEffect, useState } from 'preact/hooks';

interface NavItem {
  id: string;
  label: string;
}

interface Props {
  label: string;
  items: readonly NavItem[];
}

export function SectionNav({ label, items }: Props) {
  const [current, setCurrent] = useState(() => (globalThis.location?.hash ?? '').slice(1));

  // The section being read is the last one whose top has passed the upper third of the window;
  // sections are looked up each time, as some appear only after the page has loaded its data.
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const line = window.innerHeight / 3;
      let found = '';
      for (const item of items) {
        const section = document.getElementById(item.id);
        // A section not laid out (hidden until its data loads) reports a top of 0: not being read.
        if (!section || section.getClientRects().length === 0) continue;
        if (section.getBoundingClientRect().top <= line) found = item.id;
      }
      if (found) setCurrent(found);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    // Sections that load their data later push the others down without a scroll: look again.
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(onScroll) : undefined;
    resized?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', onScroll);
      resized?.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
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
