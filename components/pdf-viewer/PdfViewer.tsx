// Glossa's PDF viewer: a PDF from an address (?file=), a file picker or a file dropped on the
// page, drawn page by page with its text layer and translated as the reader goes.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '@/utils/shared/i18n';
import { sitePermissionPattern } from '../../utils/shared/hosts';
import { PageView, type PdfView } from './PageView';
import { PdfToolbar } from './PdfToolbar';
import { PasswordDialog, usePasswordPrompt } from './PasswordDialog';
import { outlineOf, type OutlineEntry } from './pdf-document';
import { buildExportHtml, downloadHtml } from './export-html';
import { openingScale, usePdfReader, type PdfReader } from './use-pdf-reader';
import { Button } from '../ui/Button';

/** Pages drawn around the ones on screen; farther pages are let go. */
const DRAW_MARGIN = 2;

interface Props {
  /** The PDF's address from the viewer's own address, if any. */
  file?: string;
  /**
   * Starts answering the background's selection, term-fix and refresh messages for the viewer
   * (given by the entrypoint: the popover glue is not the component's); returns the stop.
   */
  connectSelection: (current: () => PdfReader) => () => void;
}

function OutlineList({ entries, onGo }: { entries: OutlineEntry[]; onGo: (page: number) => void }) {
  return (
    <ul>
      {entries.map((entry, i) => (
        <li key={i}>
          <Button type="button" class="link" disabled={entry.page === undefined} onClick={() => entry.page !== undefined && onGo(entry.page)}>{entry.title}</Button>
          {entry.children.length > 0 && <OutlineList entries={entry.children} onGo={onGo} />}
        </li>
      ))}
    </ul>
  );
}

export function PdfViewer({ file, connectSelection }: Props) {
  const password = usePasswordPrompt();
  const reader = usePdfReader(password.ask);
  const { doc } = reader;
  const currentReader = useRef(reader);
  currentReader.current = reader;
  useEffect(() => connectSelection(() => currentReader.current), []);
  const [scale, setScale] = useState(1);
  const [view, setView] = useState<PdfView>('side');
  const [search, setSearch] = useState('');
  const [outline, setOutline] = useState<OutlineEntry[]>([]);
  const [showOutline, setShowOutline] = useState(false);
  const [withOriginal, setWithOriginal] = useState(true);
  const [dragging, setDragging] = useState(false);
  const pagesRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (file) void reader.openUrl(file);
  }, [file]);

  useEffect(() => {
    setOutline([]);
    if (!doc) return;
    setScale(openingScale(doc.pageSize.width));
    void outlineOf(doc.pdf).then(setOutline);
  }, [doc]);

  // Pages on screen, watched as the reader scrolls.
  useEffect(() => {
    const root = pagesRef.current;
    if (!root || !doc) return;
    const onScreen = new Set<number>();
    const observer = new IntersectionObserver((changes) => {
      for (const change of changes) {
        const page = Number((change.target as HTMLElement).dataset.page);
        if (change.isIntersecting) onScreen.add(page);
        else onScreen.delete(page);
      }
      reader.setVisible([...onScreen].sort((a, b) => a - b));
    });
    for (const row of root.querySelectorAll<HTMLElement>('.pdf-row')) observer.observe(row);
    return () => observer.disconnect();
  }, [doc, view, scale]);

  const goTo = useCallback((page: number) => {
    pagesRef.current?.querySelector(`[data-page="${page}"]`)?.scrollIntoView({ block: 'start' });
  }, []);

  // Ctrl+F searches the document in the viewer: the search field takes the keys.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f' && doc) {
        event.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [doc]);

  const findNext = useCallback(async () => {
    const needle = search.trim().toLowerCase();
    if (!doc || !needle) return;
    const start = (reader.visible[0] ?? -1) + 1;
    for (let step = 0; step < doc.pageCount; step++) {
      const page = (start + step) % doc.pageCount;
      const content = await (await doc.pdf.getPage(page + 1)).getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ').toLowerCase();
      if (text.includes(needle)) {
        goTo(page);
        return;
      }
    }
  }, [doc, search, reader.visible, goTo]);

  const exportTranslation = useCallback(() => {
    if (!doc) return;
    const html = buildExportHtml({
      title: doc.source.name,
      pages: reader.paragraphs,
      translator: reader.translator,
      withOriginal,
      targetLang: reader.job?.targetLang,
      labels: { page: (n) => t('pdfPageLabel', String(n)), original: t('pdfExportOriginal'), translation: t('pdfExportTranslation') },
    });
    downloadHtml(html, `${doc.source.name.replace(/\.pdf$/i, '')}.${(reader.job?.targetLang ?? 'translated').toLowerCase()}.html`);
  }, [doc, reader.paragraphs, reader.translator, withOriginal, reader.job]);

  const openFile = useCallback(async (picked: File | undefined) => {
    if (!picked) return;
    await reader.openBytes(new Uint8Array(await picked.arrayBuffer()), { kind: 'file', name: picked.name });
    history.replaceState(null, '', location.pathname);
  }, [reader.openBytes]);

  const askAccess = useCallback(async () => {
    const url = reader.problem?.url;
    const pattern = url ? sitePermissionPattern(url) : undefined;
    if (!url || !pattern) return;
    if (await browser.permissions.request({ origins: [pattern] }).catch(() => false)) void reader.openUrl(url);
  }, [reader.problem, reader.openUrl]);

  const first = reader.visible[0];
  const near = (page: number) => reader.visible.some((v) => Math.abs(v - page) <= DRAW_MARGIN);

  return (
    <div
      class={`pdf-viewer ${dragging ? 'dragging' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        void openFile(event.dataTransfer?.files[0]);
      }}
    >
      <PdfToolbar
        doc={doc}
        page={first}
        scale={scale}
        view={view}
        search={search}
        searchRef={searchRef}
        job={reader.job}
        billed={reader.translator?.billed ?? 0}
        hasOutline={outline.length > 0}
        withOriginal={withOriginal}
        onOpenFile={openFile}
        onPage={goTo}
        onScale={setScale}
        onView={setView}
        onSearch={setSearch}
        onFindNext={() => void findNext()}
        onToggleOutline={() => setShowOutline((s) => !s)}
        onWithOriginal={setWithOriginal}
        onExport={exportTranslation}
      />
      {reader.loading && !password.pending && <p class="pdf-notice" role="status">{t('pdfLoading')}</p>}
      {reader.problem && (
        <div class="pdf-notice pdf-notice-error" role="alert">
          <p>{reader.problem.kind === 'permission' ? t('pdfNeedsAccess', reader.problem.url ? new URL(reader.problem.url).host : '') : reader.problem.kind === 'fetch' ? t('pdfFetchFailed', reader.problem.detail ?? '') : reader.problem.kind === 'password-cancelled' ? t('pdfPasswordCancelled') : t('pdfNotPdf')}</p>
          {reader.problem.kind === 'permission' && <Button type="button" kind="primary" onClick={() => void askAccess()}>{t('pdfAllowAccess')}</Button>}
        </div>
      )}
      {doc?.scanned && <p class="pdf-notice pdf-notice-warn" role="status">{t('pdfScanned')}</p>}
      {!doc && !reader.loading && (
        <div class="pdf-empty">
          <p>{t('pdfDropHere')}</p>
        </div>
      )}
      <PasswordDialog prompt={password} />
      <div class="pdf-body">
        {showOutline && outline.length > 0 && (
          <nav class="pdf-outline" aria-label={t('pdfOutline')}>
            <OutlineList entries={outline} onGo={goTo} />
          </nav>
        )}
        <div ref={pagesRef} class={`pdf-pages pdf-pages-${view}`}>
          {doc && Array.from({ length: doc.pageCount }, (_, index) => (
            <PageView
              key={index}
              pdf={doc.pdf}
              index={index}
              scale={scale}
              view={view}
              size={doc.pageSize}
              paragraphs={reader.paragraphs.get(index)}
              translator={reader.translator}
              revision={reader.revision}
              targetLang={reader.job?.targetLang}
              near={near(index)}
              search={search}
              onGoToPage={goTo}
            />
          ))}
        </div>
      </div>
    </div>
  );
}
