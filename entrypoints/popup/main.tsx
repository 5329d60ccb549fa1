import { render } from 'preact';
import '@/components/ui/tokens.css';
import '@/components/ui/controls.css';
import { Popup } from '@/components/popup/Popup';
import { tabIdFromQuery } from '@/components/popup/use-popup';
import { applyUiLocale } from '@/components/ui/document-locale';
import '@/components/popup/popup.css';

applyUiLocale();
render(<Popup tabId={tabIdFromQuery(location.search)} />, document.getElementById('app')!);
