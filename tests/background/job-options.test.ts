import { describe, expect, it } from 'vitest';
import { currentJobOptions } from '@/utils/background/job-options';
import { resolveJobOptions, sameJob } from '@/utils/shared/job-options';
import { preferFormality } from '@/utils/shared/formality';
import { modelForPlan } from '@/utils/shared/model-for-plan';
import { defaultGlossariesItem, defaultsItem, popupChoicesItem } from '@/utils/extension/settings-store';
import { type TranslationDefaults } from '@/utils/shared/settings';

const defaults: TranslationDefaults = { targetLang: 'DE', sourceLang: 'EN', formality: 'more', modelType: 'latency_optimized', bilingual: false };

describe('job options', () => {
  it('start from the defaults with prefer_* formality and the pair’s default glossary', () => {
    expect(resolveJobOptions(defaults, null, { 'en>de': 'g-1' })).toEqual({ ...defaults, formality: 'prefer_more', glossaryId: 'g-1' });
    // Without a fixed source there is no pair, so no glossary.
    expect(resolveJobOptions({ ...defaults, sourceLang: '' }, null, { 'en>de': 'g-1' }).glossaryId).toBeUndefined();
  });

  it('use the popup’s last choices until the defaults change', () => {
    const job = { targetLang: 'FR', sourceLang: '', formality: 'default' as const, modelType: 'prefer_quality_optimized' as const, bilingual: true };
    expect(resolveJobOptions(defaults, { job, basedOn: defaults }, {})).toEqual(job);
    expect(resolveJobOptions({ ...defaults, targetLang: 'IT' }, { job, basedOn: defaults }, {}).targetLang).toBe('IT');
  });

  it('read all three from storage', async () => {
    await defaultsItem.setValue(defaults);
    await defaultGlossariesItem.setValue({ 'en>de': 'g-2' });
    expect((await currentJobOptions()).glossaryId).toBe('g-2');
    await popupChoicesItem.setValue({ job: { ...defaults, targetLang: 'JA', formality: 'less' }, basedOn: defaults });
    expect(await currentJobOptions()).toMatchObject({ targetLang: 'JA', formality: 'prefer_less' });
  });

  it('never ask for something that fails', () => {
    expect(preferFormality('more')).toBe('prefer_more');
    expect(preferFormality('default')).toBe('default');
    expect(modelForPlan('quality_optimized', 'free')).toBe('prefer_quality_optimized');
    expect(modelForPlan('quality_optimized', 'paid')).toBe('quality_optimized');
  });

  it('compare jobs including the glossary', () => {
    const a = { targetLang: 'DE', sourceLang: 'EN', formality: 'default' as const, modelType: 'latency_optimized' as const, bilingual: false };
    expect(sameJob(a, { ...a })).toBe(true);
    expect(sameJob(a, { ...a, glossaryId: 'g' })).toBe(false);
    expect(sameJob(undefined, a)).toBe(false);
  });
});
