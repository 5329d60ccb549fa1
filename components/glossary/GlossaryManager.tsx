// The glossary manager of the options page: the list, the create form, the dictionary editor,
// and the shared dialog and toasts they use. Mounted by the options page as
// <GlossaryManager />; all API work happens in the background (glossary-service.ts).
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { formatDateTime, t } from '../../utils/shared/i18n';
import { sendMessage } from '../../utils/shared/protocol';
import type { Glossary } from '../../utils/shared/api-types';
import { deleteDraft, listDrafts, CREATE_DRAFT_KEY, type CreateDraft, type Draft } from '../../utils/glossary/drafts';
import { ManagerContext, type DialogRequest, type ManagerContextValue } from './manager-context';
import { useToaster } from '../ui/Toast';
import { ConfirmDialog } from './ConfirmDialog';
import { GlossaryList } from './GlossaryList';
import { GlossaryCreateForm, createFormDraftKey } from './GlossaryCreateForm';
import { DictionaryEditor } from './DictionaryEditor';
import './glossary.css';
import { Button } from '../ui/Button';
import { LoadFailure } from './LoadFailure';

type View =
  | { kind: 'list' }
  | { kind: 'create'; initial?: CreateDraft }
  | { kind: 'add-pair'; glossaryId: string; initial?: CreateDraft }
  | { kind: 'dictionary'; glossaryId: string; sourceLang: string; targetLang: string };

export function GlossaryManager() {
  const [glossaries, setGlossaries] = useState<Glossary[]>([]);
  const [loadState, setLoadState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [loadError, setLoadError] = useState('');
  const [view, setView] = useState<View>({ kind: 'list' });
  const { toaster, region: toasts } = useToaster();
  const [dialog, setDialog] = useState<(DialogRequest & { resolve: (choice: string) => void }) | null>(null);
  const [drafts, setDrafts] = useState<{ key: string; draft: Draft }[]>([]);

  const refresh = useCallback(async () => {
    try {
      const [list, stored] = await Promise.all([sendMessage('glossaryList', {}), listDrafts().catch(() => [])]);
      setGlossaries(list);
      setDrafts(stored);
      setLoadState('ready');
    } catch (err) {
      setLoadError(err instanceof Error ? err.message : String(err));
      setLoadState('failed');
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const context = useMemo<ManagerContextValue>(() => ({
    ask: (request) => new Promise<string>((resolve) => setDialog({ ...request, resolve })),
    notify: (notice) => toaster.show(notice),
    refresh,
  }), [refresh, toaster]);

  const drafted = useMemo(() => new Set(drafts.flatMap(({ draft }) => (draft.kind === 'dictionary' ? [draft.glossaryId] : []))), [drafts]);
  const createDraft = drafts.find((d) => d.key === CREATE_DRAFT_KEY)?.draft;
  const current = (id: string) => glossaries.find((g) => g.glossary_id === id);
  const backToList = () => {
    setView({ kind: 'list' });
    void refresh();
  };

  let body;
  if (view.kind === 'create') {
    body = <GlossaryCreateForm initial={view.initial} onDone={backToList} />;
  } else if (view.kind === 'add-pair' && current(view.glossaryId)) {
    body = <GlossaryCreateForm glossary={current(view.glossaryId)} initial={view.initial} onDone={backToList} />;
  } else if (view.kind === 'dictionary' && current(view.glossaryId)) {
    body = (
      <DictionaryEditor
        key={`${view.glossaryId}:${view.sourceLang}>${view.targetLang}`}
        glossary={current(view.glossaryId)!}
        sourceLang={view.sourceLang}
        targetLang={view.targetLang}
        onClose={backToList}
      />
    );
  } else {
    body = (
      <>
        <div class="glossa-gl-toolbar">
          <Button kind="primary" onClick={() => setView({ kind: 'create' })}>{t('glossaryNew')}</Button>
          <Button onClick={() => void refresh()}>{t('glossaryRefresh')}</Button>
        </div>
        {createDraft?.kind === 'create' && (
          <div class="glossa-gl-offer" role="alert">
            <p>{t('glossaryCreateDraftOffer', [createDraft.name || t('glossaryUnnamed'), formatDateTime(createDraft.savedAt)])}</p>
            {createDraft.lastError && <p>{t('glossaryDraftLastError', createDraft.lastError)}</p>}
            <Button onClick={() => setView({ kind: 'create', initial: createDraft })}>{t('glossaryDraftContinue')}</Button>
            <Button onClick={() => void deleteDraft(CREATE_DRAFT_KEY).then(refresh)}>{t('glossaryDraftDiscard')}</Button>
          </div>
        )}
        {loadState === 'loading' && <p role="status">{t('glossaryLoading')}</p>}
        {loadState === 'failed' && <LoadFailure message={t('glossaryListFailed', loadError)} onRetry={() => void refresh()} />}
        {loadState === 'ready' && (
          <GlossaryList
            glossaries={glossaries}
            drafted={drafted}
            onOpen={(g, sourceLang, targetLang) => setView({ kind: 'dictionary', glossaryId: g.glossary_id, sourceLang, targetLang })}
            onAddPair={(g) => {
              const stored = drafts.find((d) => d.key === createFormDraftKey(g))?.draft;
              setView({ kind: 'add-pair', glossaryId: g.glossary_id, initial: stored?.kind === 'create' ? stored : undefined });
            }}
          />
        )}
      </>
    );
  }

  return (
    <ManagerContext.Provider value={context}>
      <section class="glossa-gl" aria-labelledby="glossa-gl-heading">
        <h2 id="glossa-gl-heading">{t('glossaryHeading')}</h2>
        {body}
        {toasts}
      </section>
      {dialog && (
        <ConfirmDialog
          request={dialog}
          onClose={(choice) => {
            setDialog(null);
            dialog.resolve(choice);
          }}
        />
      )}
    </ManagerContext.Provider>
  );
}
