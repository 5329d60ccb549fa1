// A switch is a checkbox to assistive technology, and Space or Enter flips it once per press.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { Switch } from '../../../components/ui/Switch';

afterEach(() => cleanup());

function Setting({ onChange }: { onChange: (on: boolean) => void }) {
  const [on, setOn] = useState(false);
  return (
    <label>
      <Switch checked={on} onChange={(event) => { setOn(event.currentTarget.checked); onChange(event.currentTarget.checked); }} />
      Bilingual display
    </label>
  );
}

describe('Switch', () => {
  it('is a labelled checkbox that Enter and Space each flip once', async () => {
    const changed = vi.fn();
    render(<Setting onChange={changed} />);
    const toggle = screen.getByRole('checkbox', { name: 'Bilingual display' }) as HTMLInputElement;
    toggle.focus();
    fireEvent.keyDown(toggle, { key: 'Enter' });
    expect(toggle.checked).toBe(true);
    fireEvent.keyDown(toggle, { key: ' ' });
    expect(toggle.checked).toBe(false);
    expect(changed.mock.calls).toEqual([[true], [false]]);
  });

  it('ignores other keys, and lets a caller take a key first', () => {
    const changed = vi.fn();
    render(<label><Switch onChange={changed} onKeyDown={(event) => { if (event.key === 'Enter') event.preventDefault(); }} />Hover translation</label>);
    const toggle = screen.getByRole('checkbox', { name: 'Hover translation' }) as HTMLInputElement;
    fireEvent.keyDown(toggle, { key: 'a' });
    fireEvent.keyDown(toggle, { key: 'Enter' });
    expect(toggle.checked).toBe(false);
    expect(changed).not.toHaveBeenCalled();
  });
});
