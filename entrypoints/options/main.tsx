import { render } from 'preact';
import { browser } from 'wxt/browser';
import { OptionsApp } from '../../components/options/OptionsApp';
import { t } from '../../utils/shared/i18n';

document.title = t('optionsPageTitle');
document.documentElement.lang = browser.i18n.getUILanguage();
render(<OptionsApp welcome={new URLSearchParams(location.search).get('welcome') === '1'} />, document.getElementById('app')!);
