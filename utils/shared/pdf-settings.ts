// The option `Open PDFs in Glossa` (off by default). Stored in storage.local, which only the
// background and Glossa's own pages can read; the options page asks for its permissions.
import { storage } from 'wxt/utils/storage';

export const openPdfsInGlossaItem = storage.defineItem<boolean>('local:openPdfsInGlossa', { fallback: false });

/** What sending every PDF navigation to the viewer needs: seeing navigations, and reading PDFs from any site. */
export const OPEN_PDFS_PERMISSIONS = { permissions: ['webNavigation'], origins: ['*://*/*'] } as const;
