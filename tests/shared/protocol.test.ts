import { describe, expect, it } from 'vitest';
import { onMessage, sendMessage, removeAllListeners } from '../../utils/shared/protocol';
import { ApiError } from '../../utils/shared/api-errors';

describe('messaging', () => {
  it('returns the handler value and passes the sender', async () => {
    removeAllListeners();
    onMessage('translateBlocks', ({ data }) => ({ results: data.blocks.map((b) => ({ ok: true as const, text: b.text.toUpperCase() })), billedCharacters: 3 }));
    const reply = await sendMessage('translateBlocks', { blocks: [{ text: 'abc', format: 'text' }] });
    expect(reply).toEqual({ results: [{ ok: true, text: 'ABC' }], billedCharacters: 3 });
  });

  it('keeps the error code across the boundary', async () => {
    removeAllListeners();
    onMessage('translateBlocks', () => {
      throw new ApiError('quota', 'Quota exceeded', { status: 456 });
    });
    await expect(sendMessage('translateBlocks', { blocks: [] })).rejects.toMatchObject({ code: 'quota', status: 456, message: 'Quota exceeded' });
  });
});
