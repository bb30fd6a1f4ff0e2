/**
 * "Did you mean": Levenshtein distance (fastest-levenshtein) where a swap of two neighbouring
 * letters counts as one edit, a word that starts a candidate matches it, and nothing is offered
 * when the closest word is too far.
 */
import fc from 'fast-check';
import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { chooseWord, editDistance, suggest, unknownWordError } from '../../../src/slack/commands/suggest.js';
import { UsageError } from '../../../src/slack/commands/parse.js';

describe('editDistance', () => {
  it('counts a swap of two letters as one edit, and other edits as Levenshtein does', () => {
    expect(editDistance('bnid', 'bind')).toBe(1);
    expect(distance('bnid', 'bind')).toBe(2);
    expect(editDistance('histroy', 'history')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'now')).toBe(3);
    expect(editDistance('now', 'now')).toBe(0);
  });

  it('is never more than Levenshtein, never less than half of it, and one for any neighbouring swap', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 8 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        const d = editDistance(a, b);
        expect(d).toBeLessThanOrEqual(distance(a, b));
        expect(d).toBeGreaterThanOrEqual(Math.ceil(distance(a, b) / 2));
      }),
    );
    fc.assert(
      fc.property(word.filter((w) => w.length >= 2), fc.nat(), (a, n) => {
        const i = n % (a.length - 1);
        expect(editDistance(a, `${a.slice(0, i)}${a.charAt(i + 1)}${a.charAt(i)}${a.slice(i + 2)}`)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('suggest', () => {
  const words = ['bind', 'unbind', 'status', 'history', 'now', 'briefing'];

  it('finds the closest word when it is close enough for its length', () => {
    expect(suggest('bnid', words)).toBe('bind');
    expect(suggest('histroy', words)).toBe('history');
    expect(suggest('nwo', words)).toBe('now');
    expect(suggest('STATSU', words)).toBe('status');
    expect(suggest('brief', words)).toBe('briefing');
  });

  it('offers nothing for a word far from every candidate, or when there are none', () => {
    expect(suggest('zebra', words)).toBeNull();
    expect(suggest('xyz', words)).toBeNull();
    expect(suggest('bind', [])).toBeNull();
  });

  it('says the one sentence for a word a subcommand does not take', () => {
    expect(unknownWordError('histroy', ['history', 'now'], 'briefing').message).toBe(
      "Radar doesn't know “histroy” in `/radar briefing`. Did you mean `/radar briefing history`? It takes history, now.",
    );
    expect(unknownWordError('zebra', ['history', 'now'], 'briefing').message).toBe("Radar doesn't know “zebra” in `/radar briefing`; it takes history, now.");
    expect(chooseWord('NOW', ['history', 'now'], 'digest')).toBe('now');
    expect(() => chooseWord('nwo', ['history', 'now'], 'digest')).toThrow(UsageError);
  });
});
