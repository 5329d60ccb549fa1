import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { listen, removeAllListeners, sendMessage, type Handler } from '../../utils/shared/protocol';

// The transport itself is under test: handlers go through listen, with the rule a background order has.
const listenAsBackground = (type: 'translateBlocks', handler: Handler<'translateBlocks'>) => listen(type, { from: ['extension'], data: v.any() }, handler);
import { ApiError } from '../../utils/shared/api-errors';

describe('messaging', () => {
  it('returns the handler value and passes the sender', async () => {
    removeAllListeners();
    listenAsBackground('translateBlocks', ({ data }) => ({ results: data.blocks.map((b) => ({ ok: true as const, text: b.text.toUpperCase() })), billedCharacters: 3 }));
    const reply = await sendMessage('translateBlocks', { blocks: [{ text: 'abc', format: 'text' }] });
    expect(reply).toEqual({ results: [{ ok: true, text: 'ABC' }], billedCharacters: 3 });
  });

  it('keeps the error code across the boundary', async () => {
    removeAllListeners();
    listenAsBackground('translateBlocks', () => {
      throw new ApiError('quota', 'Quota exceeded', { status: 456 });
    });
    await expect(sendMessage('translateBlocks', { blocks: [] })).rejects.toMatchObject({ code: 'quota', status: 456, message: 'Quota exceeded' });
  });
});
