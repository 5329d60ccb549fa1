// One text a user waits for in an in-page panel (a selection, a writing-help draft): it goes
// through the one pipeline ahead of page blocks, counted like a selection, and a refused result
// comes back as the error the panel shows (a hostile answer as a bad response).
import { ApiError } from '../shared/api-errors';
import type { BlockRequest } from '../shared/protocol';
import type { TranslationService } from './translation/service';

type BlocksInput = Parameters<TranslationService['translateBlocks']>[0];

/** The text's translation, the source language the API detected and the characters billed. */
export async function translateWaitedText(
  service: TranslationService,
  input: Omit<BlocksInput, 'blocks' | 'priority' | 'selection'>,
  block: BlockRequest,
): Promise<{ text: string; detectedSourceLang?: string; billedCharacters: number }> {
  const { results, billedCharacters } = await service.translateBlocks({ ...input, blocks: [block], priority: true, selection: true });
  const [result] = results;
  if (!result.ok) throw new ApiError(result.code === 'hostile' ? 'bad-response' : result.code, result.message);
  return { text: result.text, detectedSourceLang: result.detectedSourceLang, billedCharacters };
}
