import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PdfSection } from '@/components/options/PdfSection';
import { openPdfsInGlossaItem } from '@/utils/shared/pdf-settings';

let answer = true;
const request = vi.fn(async () => answer);

beforeEach(() => {
  answer = true;
  request.mockClear();
  Object.assign(fakeBrowser.permissions, { contains: async () => false, request });
});
afterEach(cleanup);

describe('Open PDFs in Glossa', () => {
  it('is off by default and, turned on, asks for navigations and all sites from the click', async () => {
    render(<PdfSection />);
    const box = screen.getByLabelText('Open PDFs in Glossa') as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    expect(request).toHaveBeenCalledWith({ permissions: ['webNavigation'], origins: ['*://*/*'] });
    expect(await openPdfsInGlossaItem.getValue()).toBe(true);
  });

  it('stays off and says why when the permissions are refused', async () => {
    answer = false;
    render(<PdfSection />);
    const box = screen.getByLabelText('Open PDFs in Glossa') as HTMLInputElement;
    fireEvent.click(box);
    await screen.findByText(/cannot open PDFs for you/);
    expect(box.checked).toBe(false);
    expect(await openPdfsInGlossaItem.getValue()).toBe(false);
  });
});
