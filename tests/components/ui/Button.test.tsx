// A button says its kind to the stylesheet and never submits a form unless asked to.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { Button } from '../../../components/ui/Button';

afterEach(() => cleanup());

describe('Button', () => {
  it('marks primary, danger and quiet kinds and leaves secondary unmarked', () => {
    render(
      <>
        <Button kind="primary">Save</Button>
        <Button>Test connection</Button>
        <Button kind="danger">Delete glossary</Button>
        <Button kind="quiet" size="s">Dismiss</Button>
      </>,
    );
    const kind = (name: string) => screen.getByRole('button', { name }).getAttribute('data-kind');
    expect(kind('Save')).toBe('primary');
    expect(kind('Test connection')).toBeNull();
    expect(kind('Delete glossary')).toBe('danger');
    expect(kind('Dismiss')).toBe('quiet');
    expect(screen.getByRole('button', { name: 'Dismiss' }).getAttribute('data-size')).toBe('s');
  });

  it('does not submit the form it sits in, unless it is the submit button', () => {
    const submit = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={submit}>
        <Button>Show key</Button>
        <Button type="submit" kind="primary">Save</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show key' }));
    expect(submit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
