/** Positioning's words live in a shared module (the card states the same facts in them). */
export * from '../competitor-match/positioning-words.js';
