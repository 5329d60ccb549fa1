// The fewest requests a known list of texts needs: the extension's greedy packing (the
// background dispatcher fills requests the same way, but as texts arrive) done at once, over the
// product's own measures and splitting (utils/api/packing.ts). Benchmarks and tests compare the
// dispatcher's request count against it; the extension itself never packs a list at once.
import { API_LIMITS, baseBodyBytes, jsonBytes, splitForRequest, type PackLimits } from '../../utils/api/packing';
import type { TranslateParams } from '../../utils/shared/api-types';

interface PackedRequest {
  params: TranslateParams;
  /**
   * For each text of `params.text`, the index of the segment it belongs to. A segment that was
   * split appears several times in a row (possibly across consecutive requests): its
   * translation is the concatenation of those texts' translations, in order.
   */
  indices: number[];
}

export interface PackResult {
  requests: PackedRequest[];
  /** Indices of segments too large for any request that could not be split safely. */
  oversized: number[];
}

export function packRequests(segments: string[], params: Omit<TranslateParams, 'text'>, limits: PackLimits = API_LIMITS): PackResult {
  // The body with an empty text array; each text then adds its JSON size, plus a comma after the first.
  const baseBytes = baseBodyBytes(params);
  const budget = limits.maxBytes - baseBytes; // the largest JSON size one text alone may have
  const requests: PackedRequest[] = [];
  const oversized: number[] = [];
  let texts: string[] = [];
  let indices: number[] = [];
  let bytes = baseBytes;

  const flush = () => {
    if (texts.length === 0) return;
    requests.push({ params: { ...params, text: texts }, indices });
    texts = [];
    indices = [];
    bytes = baseBytes;
  };
  const add = (text: string, size: number, index: number) => {
    const extra = size + (texts.length > 0 ? 1 : 0);
    if (texts.length >= limits.maxTexts || bytes + extra > limits.maxBytes) flush();
    bytes += size + (texts.length > 0 ? 1 : 0);
    texts.push(text);
    indices.push(index);
  };

  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    const size = jsonBytes(segment);
    if (size <= budget) {
      add(segment, size, index);
      continue;
    }
    const pieces = splitForRequest(segment, params, limits);
    if (!pieces) {
      oversized.push(index);
      continue;
    }
    for (const piece of pieces) add(piece, jsonBytes(piece), index);
  }
  flush();
  return { requests, oversized };
}
