// The term form's way to the background, from a content script.
import type { TermFixApi } from '../../../components/popover/AddToGlossaryForm';
import { sendMessage } from '../../shared/protocol';

export const termFixApi: TermFixApi = {
  options: (data) => sendMessage('termFixOptions', data),
  save: (data) => sendMessage('termFixSave', data),
  undo: (undoId) => sendMessage('termFixUndo', { undoId }),
  refresh: (data) => sendMessage('termFixRefresh', data),
};
