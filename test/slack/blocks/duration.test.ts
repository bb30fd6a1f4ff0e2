import { describe, expect, it } from 'vitest';
import { durationText, estimateText } from '../../../src/slack/blocks/duration.js';

describe('one duration format', () => {
  it('writes estimates in minutes as "about …", hours when they are hours', () => {
    expect(estimateText(240)).toBe('about 4 h');
    expect(estimateText(90)).toBe('about 1 h 30 min');
    expect(estimateText(45)).toBe('about 45 min');
  });

  it('writes measured durations alike', () => {
    expect(durationText(240)).toBe('240 ms');
    expect(durationText(4_200)).toBe('4.2 s');
    expect(durationText(12_400)).toBe('12 s');
    expect(durationText(185_000)).toBe('3 min 5 s');
    expect(durationText(3_720_000)).toBe('1 h 2 min');
  });
});
