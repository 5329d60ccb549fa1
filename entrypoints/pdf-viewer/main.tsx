import { render } from 'preact';
import { browser } from 'wxt/browser';
import { PdfViewer } from '@/components/pdf-viewer/PdfViewer';
import { connectViewerSelection } from '@/utils/content/pdf/viewer-selection';
import '@/components/ui/tokens.css';
import '@/components/ui/controls.css';
import '@/components/pdf-viewer/pdf-viewer.css';

document.documentElement.lang = browser.i18n.getUILanguage();
const file = new URLSearchParams(location.search).get('file') ?? undefined;
render(<PdfViewer file={file} connectSelection={connectViewerSelection} />, document.getElementById('app')!);
