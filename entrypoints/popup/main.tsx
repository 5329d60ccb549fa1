import { render } from 'preact';
import { browser } from 'wxt/browser';
import { Popup } from '@/components/popup/Popup';
import { tabIdFromQuery } from '@/components/popup/use-popup';
import '@/components/popup/popup.css';

document.documentElement.lang = browser.i18n.getUILanguage();
render(<Popup tabId={tabIdFromQuery(location.search)} />, document.getElementById('app')!);
