// The viewer's toolbar: open a file, page navigation, zoom, the view, search, outline, export,
// and the way back to the browser's own viewer.
import type { RefObject } from 'preact';
import { t } from '@/utils/shared/i18n';
import { sendMessage, type PageJobOptions } from '@/utils/shared/protocol';
import type { PdfView } from './PageView';
import { ZOOMS, type ReaderDocument } from './use-pdf-reader';
import { Button } from '../ui/Button';
import { Checkbox } from '../ui/Checkbox';
import { Select } from '../ui/Select';


interface Props {
  doc?: ReaderDocument;
  /** 0-based page at the top of the screen. */
  page?: number;
  scale: number;
  view: PdfView;
  search: string;
  searchRef: RefObject<HTMLInputElement | null>;
  job?: PageJobOptions;
  billed: number;
  hasOutline: boolean;
  withOriginal: boolean;
  onOpenFile(file: File | undefined): void;
  onPage(page: number): void;
  onScale(scale: number): void;
  onView(view: PdfView): void;
  onSearch(text: string): void;
  onFindNext(): void;
  onToggleOutline(): void;
  onWithOriginal(on: boolean): void;
  onExport(): void;
}

export function PdfToolbar(props: Props) {
  const { doc, page, scale } = props;
  const zoomIndex = ZOOMS.indexOf(scale);
  const source = doc?.source;
  return (
    <header class="pdf-toolbar">
      <span class="pdf-brand">
        <img src="/icon/32.png" alt="" width={18} height={18} />
        <span>{source?.name ?? 'Glossa'}</span>
      </span>
      <label class="pdf-file button">
        {t('pdfOpenFile')}
        <input type="file" accept="application/pdf,.pdf" onChange={(event) => props.onOpenFile((event.currentTarget as HTMLInputElement).files?.[0])} />
      </label>
      {doc && (
        <>
          <span class="pdf-group">
            <label>
              {t('pdfPage')}
              <input
                type="number" min={1} max={doc.pageCount} value={(page ?? 0) + 1} class="pdf-page-input"
                onChange={(event) => {
                  const value = Number((event.currentTarget as HTMLInputElement).value);
                  if (value >= 1 && value <= doc.pageCount) props.onPage(value - 1);
                }}
              />
            </label>
            <span>{t('pdfOfPages', String(doc.pageCount))}</span>
          </span>
          <span class="pdf-group">
            <Button type="button" aria-label={t('pdfZoomOut')} title={t('pdfZoomOut')} disabled={zoomIndex <= 0} onClick={() => props.onScale(ZOOMS[Math.max(0, zoomIndex - 1)])}>−</Button>
            <output aria-label={t('pdfZoom')}>{Math.round(scale * 100)}%</output>
            <Button type="button" aria-label={t('pdfZoomIn')} title={t('pdfZoomIn')} disabled={zoomIndex >= ZOOMS.length - 1} onClick={() => props.onScale(ZOOMS[Math.min(ZOOMS.length - 1, zoomIndex + 1)])}>+</Button>
          </span>
          <label class="pdf-group">
            {t('pdfView')}
            <Select value={props.view} onChange={(event) => props.onView((event.currentTarget as HTMLSelectElement).value as PdfView)}>
              <option value="side">{t('pdfViewSide')}</option>
              <option value="over">{t('pdfViewOver')}</option>
              <option value="flow">{t('pdfViewFlow')}</option>
            </Select>
          </label>
          <form class="pdf-group" role="search" onSubmit={(event) => {
            event.preventDefault();
            props.onFindNext();
          }}>
            <input ref={props.searchRef} type="search" aria-label={t('pdfSearch')} placeholder={t('pdfSearch')} value={props.search} onInput={(event) => props.onSearch((event.currentTarget as HTMLInputElement).value)} />
            <Button type="submit">{t('pdfFindNext')}</Button>
          </form>
          {props.hasOutline && <Button type="button" onClick={props.onToggleOutline}>{t('pdfOutline')}</Button>}
          <span class="pdf-group">
            <label class="pdf-check">
              <Checkbox checked={props.withOriginal} onChange={(event) => props.onWithOriginal((event.currentTarget as HTMLInputElement).checked)} />
              {t('pdfExportWithOriginal')}
            </label>
            <Button type="button" onClick={props.onExport}>{t('pdfExport')}</Button>
          </span>
          {source?.kind === 'url' && (
            <a class="pdf-back" href={source.url} onClick={(event) => {
              event.preventDefault();
              // With `Open PDFs in Glossa` on, this one navigation is let through to the browser's viewer.
              void sendMessage('pdfPassThrough', { url: source.url }).catch(() => undefined).then(() => location.assign(source.url));
            }}>{t('pdfOpenInBrowser')}</a>
          )}
          <span class="pdf-status" role="status">
            {props.job ? t('pdfTranslatingTo', props.job.targetLang) : ''}
            {' · '}
            {t('pdfBilled', props.billed.toLocaleString())}
          </span>
        </>
      )}
    </header>
  );
}
