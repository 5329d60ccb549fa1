import { render } from 'preact';
import '../../components/ui/tokens.css';
import '../../components/ui/controls.css';
import { OptionsApp } from '../../components/options/OptionsApp';
import { applyUiLocale } from '../../components/ui/document-locale';
import { t } from '../../utils/shared/i18n';

document.title = t('optionsPageTitle');
applyUiLocale();
render(<OptionsApp welcome={new URLSearchParams(location.search).get('welcome') === '1'} />, document.getElementById('app')!);
